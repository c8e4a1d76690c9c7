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
import { CLICKHOUSE_MIGRATIONS } from './clickhouse-migrations.js';

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

  it('adds the device columns and the engagements table to a version 7 store, whose hits read on', async () => {
    // A store as version 7 left it (the release before), with a hit.
    const executor = await openChdbExecutor(session, 'events_v7');
    await executor.command(`CREATE TABLE event_schema_version (
  version UInt32, description String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = MergeTree ORDER BY version`);
    for (const migration of CLICKHOUSE_MIGRATIONS.filter((entry) => entry.version <= 7)) {
      for (const statement of migration.statements) await executor.command(statement);
      await executor.insert('event_schema_version', [{ version: migration.version, description: 'v' }]);
    }
    await executor.insert('hits', [
      {
        relationship_id: RELATIONSHIP,
        id: 'hit-old',
        session_id: 'session-old',
        ts: '2026-11-27 10:00:00.000',
        url: 'https://shop.example/',
        traffic_type: 'direct',
        risk_level: 'low',
        threats: [],
        hit_status: 'delivered',
      },
    ]);
    await executor.close();

    const store = await openStoreIn('events_v7');
    await expect(store.migrate()).resolves.toEqual({
      fromVersion: 7,
      toVersion: CLICKHOUSE_MIGRATIONS.at(-1)?.version,
    });
    await store.insertHits([makeHit({ id: 'hit-new', timeZone: 'Europe/Madrid', languages: '["es"]' })]);
    await store.insertEngagements([
      {
        relationshipId: RELATIONSHIP,
        id: 'hit-new',
        sessionId: 'session-1',
        ts: new Date('2026-11-29T10:00:00.000Z'),
        visibleMs: 1_000,
      },
    ]);
    expect(
      await store.query(
        () => sql`select h.id as id, h.time_zone as time_zone, h.languages as languages,
          e.visible_ms as visible_ms from hits as h
          left join engagements as e on e.relationship_id = h.relationship_id and e.id = h.id
          where h.relationship_id = ${RELATIONSHIP} order by h.id`,
      ),
    ).toEqual([
      { id: 'hit-new', time_zone: 'Europe/Madrid', languages: '["es"]', visible_ms: 1_000 },
      { id: 'hit-old', time_zone: null, languages: null, visible_ms: null },
    ]);
    await store.close();
  });

  it('refuses to write before migrate with the ClickHouse error', async () => {
    const store = await openStoreIn('events_unmigrated');
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).rejects.toThrow(/hits/);
    await store.close();
  });
});
