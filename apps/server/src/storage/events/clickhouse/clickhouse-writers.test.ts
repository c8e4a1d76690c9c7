import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'chdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOltpStore } from '../../oltp/oltp-database.js';
import { postgresWriterLock } from '../../oltp/writer-lock.repo.js';
import { makeHit, makeSession, RELATIONSHIP } from '../event-store.fixtures.js';
import type { EventStore, HitRow, SessionRow } from '../event-store.js';
import { type EventWriterLock, inProcessWriterLock } from '../event-writer-lock.js';
import { BatchWriter } from '../journal/batch-writer.js';
import { journalLine } from '../journal/journal-format.js';
import { sql } from '../sql.js';
import { openChdbExecutor } from './chdb-executor.js';
import { openClickHouseEventStore } from './clickhouse-event-store.js';

// Two servers writing one ClickHouse: two stores over two executors on the same chdb session and
// database, each behind its own journal, as each server keeps its own DATA_DIR.
let folder: string;
let session: Session;
let databases = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'veracity-writers-'));
  session = new Session(path.join(folder, 'chdb'));
});

afterAll(async () => {
  session.close();
  await rm(folder, { recursive: true, force: true });
});

interface Server {
  store: EventStore;
  journal: BatchWriter;
}

async function openServer(database: string, name: string, writerLock: EventWriterLock): Promise<Server> {
  const store = openClickHouseEventStore(await openChdbExecutor(session, database), { writerLock });
  await store.migrate();
  // No load before the test drains the journal, so that the two servers load at the same moments.
  const journal = new BatchWriter(store, path.join(folder, database, name, 'ingest-journal'), {
    loadIntervalMs: 60_000,
  });
  await journal.open();
  return { store, journal };
}

const SESSIONS = 12;
const HITS_A_SESSION = 16;
const START = Date.parse('2026-11-29T10:00:00.000Z');
const THREATS = ['network:datacenter', 'automation:webdriver', 'frequency:ip_burst', 'ua:known_bot'];

/** The j-th hit (from 1) of session s, and the session's snapshot as of that hit. */
function visit(s: number, j: number): { hit: HitRow; session: SessionRow } {
  const ts = new Date(START + s * 60_000 + j * 1_000);
  const threats = [THREATS[(s + j) % THREATS.length] ?? 'ua:known_bot'];
  return {
    hit: makeHit({ id: `hit-${s}-${j}`, sessionId: `session-${s}`, ts, riskLevel: 'medium', threats }),
    session: makeSession({
      id: `session-${s}`,
      startedAt: new Date(START + s * 60_000),
      lastSeenAt: ts,
      riskLevel: 'medium',
      threats,
      hits: j,
    }),
  };
}

/**
 * Sends every session's hits to the two servers, as a load balancer that spreads a visit and a client
 * that retries on the other server would: even hits to A, odd ones to B, and every third one to both
 * (the same id twice). Round by round, two hits of each session at a time, then both servers load
 * what they journaled at the same moment, so every round's loads meet on the same sessions and ids.
 */
async function ingestConcurrently(a: Server, b: Server): Promise<void> {
  for (let j = 1; j <= HITS_A_SESSION; j += 2) {
    const writes: Promise<void>[] = [];
    for (const k of [j, j + 1]) {
      for (let s = 0; s < SESSIONS; s++) {
        const { hit, session: snapshot } = visit(s, k);
        const write = { hits: [hit], sessions: [snapshot] };
        if (k % 2 === 0 || k % 3 === 0) writes.push(a.journal.append(write));
        if (k % 2 === 1 || k % 3 === 0) writes.push(b.journal.append(write));
      }
    }
    await Promise.all(writes);
    await Promise.all([a.journal.drain(), b.journal.drain()]);
  }
}

async function expectEachHitOnceAndEverySessionWhole(store: EventStore): Promise<void> {
  const total = SESSIONS * HITS_A_SESSION;
  // Hits without FINAL, as analytics reads them: a second copy counts until a background merge, and
  // in the hourly rollup for good.
  const [counts] = await store.query(
    () => sql`select (select count() from hits where relationship_id = ${RELATIONSHIP}) as hits,
      (select sum(hits) from hits_hourly where relationship_id = ${RELATIONSHIP}) as rollup`,
  );
  const sessions = await store.query<{ id: string; hits: number; last_seen_at: string; threats: string[] }>(
    () => sql`select id, hits, last_seen_at, threats from sessions
      where relationship_id = ${RELATIONSHIP} order by id`,
  );
  const expected = Array.from({ length: SESSIONS }, (_, s) => ({
    id: `session-${s}`,
    hits: HITS_A_SESSION,
    last_seen_at: new Date(START + s * 60_000 + HITS_A_SESSION * 1_000).toISOString(),
    threats: [
      ...new Set(Array.from({ length: HITS_A_SESSION }, (_, j) => visit(s, j + 1).hit.threats[0])),
    ].sort(),
  }));
  expect({ counts, sessions }).toEqual({
    counts: { hits: total, rollup: total },
    sessions: expected.sort((x, y) => (x.id < y.id ? -1 : 1)),
  });
}

type Locks = () => Promise<[EventWriterLock, EventWriterLock, () => Promise<void>]>;

/** Opens two servers on a fresh database, both at once, runs `test`, then closes everything. */
async function withTwoServers(locks: Locks, test: (a: Server, b: Server) => Promise<void>): Promise<void> {
  databases += 1;
  const database = `writers_${databases}`;
  const [lockA, lockB, closeLocks] = await locks();
  // Both start at once: the lock also keeps them from applying the same migration twice.
  const [a, b] = await Promise.all([openServer(database, 'a', lockA), openServer(database, 'b', lockB)]);
  try {
    await test(a, b);
  } finally {
    await Promise.all([a.journal.close(), b.journal.close()]);
    await Promise.all([a.store.close(), b.store.close()]);
    await closeLocks();
    await session.queryAsync(`DROP DATABASE IF EXISTS ${database} SYNC`);
  }
}

function describeTwoServers(name: string, locks: Locks) {
  describe(`two servers on one ClickHouse, ${name}`, () => {
    it('store each hit once and merge every session with all its hits, loading at the same time', () =>
      withTwoServers(locks, async (a, b) => {
        await ingestConcurrently(a, b);
        await expectEachHitOnceAndEverySessionWhole(a.store);
      }));

    it("keep both servers' updates of the same sessions when they merge them at the same moment", () =>
      withTwoServers(locks, async (a, b) => {
        // Each round, each server gets its own snapshot of every session (its own reason, a higher
        // count on A), and both load at once.
        const ROUNDS = 5;
        for (let round = 1; round <= ROUNDS; round++) {
          const snapshot = (s: number, server: 'a' | 'b') =>
            makeSession({
              id: `session-${s}`,
              threats: [`test:${server}-${round}`],
              hits: 2 * round - (server === 'a' ? 0 : 1),
            });
          await Promise.all(
            Array.from({ length: SESSIONS }, (_, s) => [
              a.journal.append({ sessions: [snapshot(s, 'a')] }),
              b.journal.append({ sessions: [snapshot(s, 'b')] }),
            ]).flat(),
          );
          await Promise.all([a.journal.drain(), b.journal.drain()]);
        }
        const threats = Array.from({ length: ROUNDS }, (_, r) => [`test:a-${r + 1}`, `test:b-${r + 1}`])
          .flat()
          .sort();
        expect(
          await a.store.query(
            () =>
              sql`select id, hits, threats from sessions where relationship_id = ${RELATIONSHIP} order by id`,
          ),
        ).toEqual(
          Array.from({ length: SESSIONS }, (_, s) => ({
            id: `session-${s}`,
            hits: 2 * ROUNDS,
            threats,
          })).sort((x, y) => (x.id < y.id ? -1 : 1)),
        );
      }));
  });
}

describeTwoServers('with an in-process lock', async () => {
  const lock = inProcessWriterLock();
  return [lock, lock, async () => {}];
});

// The PostgreSQL advisory lock, each server with its own pool, when a test server is given.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  describeTwoServers('with the PostgreSQL advisory lock', async () => {
    const accountsA = openOltpStore({ databaseUrl: testDatabaseUrl });
    const accountsB = openOltpStore({ databaseUrl: testDatabaseUrl });
    return [
      postgresWriterLock(accountsA.db),
      postgresWriterLock(accountsB.db),
      async () => {
        await Promise.all([accountsA.close(), accountsB.close()]);
      },
    ];
  });
}

describe('a server that died after a load, before its journal segment was deleted', () => {
  it('reloads the segment at restart without counting a hit, its rollup or its session twice', async () => {
    const database = 'writers_reload';
    const journalDir = path.join(folder, database, 'ingest-journal');
    const lines = Array.from({ length: 6 }, (_, j) => {
      const { hit, session: snapshot } = visit(1, j + 1);
      return journalLine({ hits: [hit], sessions: [snapshot] });
    }).join('');
    const lock = inProcessWriterLock();
    const open = async () => {
      const store = openClickHouseEventStore(await openChdbExecutor(session, database), { writerLock: lock });
      await store.migrate();
      return store;
    };

    // The first start loads the segment; the crash left it behind; the restart loads it again.
    const store = await open();
    for (let start = 0; start < 2; start++) {
      await mkdir(journalDir, { recursive: true });
      await writeFile(path.join(journalDir, '000000000001.jsonl'), lines);
      const journal = new BatchWriter(store, journalDir);
      await expect(journal.open()).resolves.toEqual({ recovered: 6 });
      await journal.close();
    }
    expect(
      await store.query(
        () => sql`select (select count() from hits) as hits, (select sum(hits) from hits_hourly) as rollup,
          (select count() from sessions) as sessions, (select any(hits) from sessions) as session_hits`,
      ),
    ).toEqual([{ hits: 6, rollup: 6, sessions: 1, session_hits: 6 }]);
    await store.close();
  });
});

describe('versions written by a server whose clock runs ahead', () => {
  it('stay below the next merge of a session and the next import of a campaign day', async () => {
    const database = 'writers_clock';
    const executor = await openChdbExecutor(session, database);
    const store = openClickHouseEventStore(executor);
    await store.migrate();
    // The other server's clock is an hour ahead: its versions are an hour of microseconds higher.
    const ahead = (Date.now() + 3_600_000) * 1000;
    await store.insertSessions([makeSession({ id: 'session-1', hits: 1, threats: ['test:ahead'] })]);
    await session.queryAsync(
      `INSERT INTO session_versions SELECT * REPLACE (${ahead} AS version) FROM session_versions`,
    );
    await store.upsertAdCosts([campaignDay(10, 1_000_000)]);
    await session.queryAsync(
      `INSERT INTO ad_cost_versions SELECT * REPLACE (${ahead} AS version) FROM ad_cost_versions`,
    );

    await store.insertSessions([makeSession({ id: 'session-1', hits: 4, threats: ['test:behind'] })]);
    await store.upsertAdCosts([campaignDay(12, 1_500_000)]);
    expect(
      await store.query(
        () => sql`select (select any(hits) from sessions) as hits, (select any(threats) from sessions) as threats,
          (select any(clicks) from ad_costs) as clicks`,
      ),
    ).toEqual([{ hits: 4, threats: ['test:ahead', 'test:behind'], clicks: 12 }]);
    await store.close();
  });
});

describe('the deduplication token of an insert', () => {
  it('drops the same hits inserted again when the check missed them, and their rollup with them', async () => {
    const database = 'writers_token';
    const store = openClickHouseEventStore(await openChdbExecutor(session, database));
    await store.migrate();
    const hits = Array.from({ length: 5 }, (_, j) => visit(2, j + 1).hit);
    await store.insertHits(hits);
    // A second writer whose existence check sees nothing: an INSERT that landed after it looked, as
    // when a timed-out insert is retried while the first one is still running.
    const executor = await openChdbExecutor(session, database);
    const blind = openClickHouseEventStore({
      ...executor,
      query: (statement, params) =>
        statement.includes('FROM hits') && statement.includes('id IN')
          ? Promise.resolve({ meta: [], data: [] })
          : executor.query(statement, params),
    });
    await expect(blind.insertHits(hits)).resolves.toEqual({ inserted: 5, duplicates: 0 });
    expect(
      await store.query(
        () => sql`select (select count() from hits) as hits, (select sum(hits) from hits_hourly) as rollup`,
      ),
    ).toEqual([{ hits: 5, rollup: 5 }]);
    await Promise.all([store.close(), blind.close()]);
  });
});

/** One imported day of one Google Ads campaign. */
function campaignDay(clicks: number, costMicros: number) {
  return {
    relationshipId: RELATIONSHIP,
    provider: 'google_ads' as const,
    customerId: '1234567890',
    campaignId: '42',
    day: '2026-11-28',
    clicks,
    costMicros,
    currency: 'EUR',
  };
}
