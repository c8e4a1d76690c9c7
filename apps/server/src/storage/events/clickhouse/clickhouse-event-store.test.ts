import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store.conformance.js';
import { makeHit, makeSession, RELATIONSHIP } from '../event-store.fixtures.js';
import { sql } from '../sql.js';
import { openChdbExecutor } from './chdb-executor.js';
import { openClickHouseEventStore } from './clickhouse-event-store.js';
import { isSupportedVersion } from './clickhouse-executor.js';

// libchdb binds one data folder a process: one session for the file, a fresh database for each test.
let folder: string;
let session: Session;
let databases = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'veracity-chdb-'));
  session = new Session(folder);
});

afterAll(async () => {
  session.close();
  await rm(folder, { recursive: true, force: true });
});

function openStoreIn(database: string) {
  return openChdbExecutor(session, database).then(openClickHouseEventStore);
}

describeEventStoreConformance('ClickHouse (chdb)', async () => {
  databases += 1;
  const database = `events_${databases}`;
  return {
    open: () => openStoreIn(database),
    cleanup: async () => {
      await session.queryAsync(`DROP DATABASE IF EXISTS ${database} SYNC`);
    },
  };
});

describe('ClickHouse event store', () => {
  it('reads sessions through one row a session, whatever the background merges did', async () => {
    const store = await openStoreIn('events_versions');
    await store.migrate();
    await store.insertSessions([makeSession({ id: 'session-1', hits: 1 })]);
    await store.insertSessions([makeSession({ id: 'session-1', hits: 4, riskLevel: 'high' })]);
    const versions = await store.query(
      () => sql`select count(*) as n from session_versions where relationship_id = ${RELATIONSHIP}`,
    );
    expect(versions).toEqual([{ n: 2 }]); // two versions stored, not merged yet
    const sessions = await store.query(
      () => sql`select hits, risk_level from sessions where relationship_id = ${RELATIONSHIP}`,
    );
    expect(sessions).toEqual([{ hits: 4, risk_level: 'high' }]);

    await store.query(() => sql`optimize table session_versions final`);
    expect(await store.query(() => sql`select count(*) as n from session_versions`)).toEqual([{ n: 1 }]);
    await store.close();
  });

  it('folds the hourly rollup into one row per group on merge, null dimensions included', async () => {
    const store = await openStoreIn('events_rollup');
    await store.migrate();
    const hit = (id: string, country: string | undefined) =>
      makeHit({ id, ...(country === undefined ? {} : { country }), cost: 0.5 });
    await store.insertHits([hit('h1', 'ES'), hit('h2', undefined)]);
    await store.insertHits([hit('h3', 'ES'), hit('h4', undefined), hit('h4', undefined)]);
    const rollup = () =>
      store.query(() => sql`select country, hits, cost from hits_hourly order by country, hits`);
    expect(await rollup()).toHaveLength(4); // two inserts, two groups each, not merged yet

    await store.query(() => sql`optimize table hits_hourly final`);
    expect(await rollup()).toEqual([
      { country: 'ES', hits: 2, cost: 1 },
      { country: null, hits: 2, cost: 1 },
    ]);
    await store.close();
  });

  it('throws rather than lose precision on an integer beyond 2^53', async () => {
    const store = await openStoreIn('events_precision');
    await expect(store.query(() => sql`select toUInt64(9007199254740993) as big`)).rejects.toThrow(
      /beyond JS number precision/,
    );
    await expect(store.query(() => sql`select toUInt64(9007199254740991) as big`)).resolves.toEqual([
      { big: 9007199254740991 },
    ]);
    await store.close();
  });

  it('knows which server versions the schema needs', () => {
    expect(['18.16.1', '21.8.15.7', '22.2.1'].map(isSupportedVersion)).toEqual([false, false, false]);
    expect(['22.3.20.29', '24.8.4.13', '26.7.2.1'].map(isSupportedVersion)).toEqual([true, true, true]);
  });

  it('refuses to write before migrate with the ClickHouse error', async () => {
    const store = await openStoreIn('events_unmigrated');
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).rejects.toThrow(/hits/);
    await store.close();
  });
});
