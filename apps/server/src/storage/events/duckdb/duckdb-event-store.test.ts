import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store.conformance.js';
import { makeConversion, makeHit, RELATIONSHIP } from '../event-store.fixtures.js';
import type { KeyedTable } from '../event-store.js';
import { sql } from '../sql.js';
import { openDuckDbEventStore } from './duckdb-event-store.js';
import { DUCKDB_MIGRATIONS } from './duckdb-migrations.js';

describeEventStoreConformance('DuckDB', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
  return {
    open: () => openDuckDbEventStore({ path: join(dir, 'events.duckdb') }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('DuckDB event store', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('works in memory for tests', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await store.migrate();
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).resolves.toEqual({
      inserted: 1,
      duplicates: 0,
    });
    await store.close();
  });

  it('runs on one DuckDB thread unless told otherwise', async () => {
    const threadsOf = async (store: Awaited<ReturnType<typeof openDuckDbEventStore>>) => {
      const [row] = await store.query(() => sql`select current_setting('threads') as threads`);
      await store.close();
      return row?.threads;
    };
    expect(await threadsOf(await openDuckDbEventStore({ path: ':memory:' }))).toBe(1);
    expect(await threadsOf(await openDuckDbEventStore({ path: ':memory:', threads: 2 }))).toBe(2);
  });

  it('compacts the hourly rollup into one row per group, keeping the sums', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:', compactRollupAfter: 6 });
    await store.migrate();
    const rollup = async () =>
      store.query(
        () => sql`select traffic_type, count(*) as partial_rows, sum(hits) as hits, sum(cost) as cost
          from hits_hourly group by all order by traffic_type`,
      );
    // Two hours and two channels: each batch adds up to four partial rows.
    const batch = (n: number) =>
      [0, 1, 2, 3].map((i) =>
        makeHit({
          id: `hit-${n}-${i}`,
          ts: new Date(Date.UTC(2024, 2, 10, 12 + (i % 2), n)),
          trafficType: i < 2 ? 'google' : 'facebook',
          cost: 0.25,
        }),
      );
    await store.insertHits(batch(0));
    expect(await rollup()).toEqual([
      { traffic_type: 'facebook', partial_rows: 2, hits: 2, cost: 0.5 },
      { traffic_type: 'google', partial_rows: 2, hits: 2, cost: 0.5 },
    ]);
    // Eight partial rows reach the threshold: the table is regrouped, then grows again.
    await store.insertHits(batch(1));
    expect(await rollup()).toEqual([
      { traffic_type: 'facebook', partial_rows: 2, hits: 4, cost: 1 },
      { traffic_type: 'google', partial_rows: 2, hits: 4, cost: 1 },
    ]);
    await store.insertHits([...batch(1), ...batch(2)]);
    expect(await rollup()).toEqual([
      { traffic_type: 'facebook', partial_rows: 4, hits: 6, cost: 1.5 },
      { traffic_type: 'google', partial_rows: 4, hits: 6, cost: 1.5 },
    ]);
    expect((await store.health()).detail).toBeUndefined();
    await store.close();
  });

  it('hands over the key of every stored hit and conversion, a chunk at a time, until told to stop', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:', scanKeysRows: 1_000 });
    await store.migrate();
    // Five queries' worth, in two accounts.
    const hits = Array.from({ length: 5_000 }, (_, n) =>
      makeHit({ id: `hit-${n}`, relationshipId: 1 + (n % 2) }),
    );
    await store.insertHits(hits);
    await store.insertConversions([makeConversion({ id: 'order-1' }), makeConversion({ id: 'order-2' })]);
    const scan = async (table: KeyedTable, signal?: AbortSignal) => {
      const chunks: string[][] = [];
      await store.scanKeys?.(table, (keys) => chunks.push(keys), signal);
      return chunks;
    };
    const hitChunks = await scan('hits');
    expect(hitChunks.map((keys) => keys.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
    expect(hitChunks.flat().sort()).toEqual(hits.map((hit) => `${hit.relationshipId}:${hit.id}`).sort());
    expect((await scan('conversions')).flat().sort()).toEqual([
      `${RELATIONSHIP}:order-1`,
      `${RELATIONSHIP}:order-2`,
    ]);
    const stop = new AbortController();
    stop.abort();
    expect(await scan('hits', stop.signal)).toEqual([]);
    await store.close();
  });

  it('folds the write-ahead log into the file on close and releases the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
    dirs.push(dir);
    const path = join(dir, 'events.duckdb');
    const store = await openDuckDbEventStore({ path });
    await store.migrate();
    await store.insertHits([makeHit({ id: 'hit-1' })]);
    await store.close();
    await expect(stat(`${path}.wal`)).rejects.toThrow(/ENOENT/);

    // Another instance can open the file at once: the lock is gone.
    const reopened = await openDuckDbEventStore({ path });
    const rows = await reopened.query(() => sql`select count(*) as hits from hits`);
    expect(rows).toEqual([{ hits: 1 }]);
    await reopened.close();
  });

  it('keeps a committed batch when the process dies without closing the store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
    dirs.push(dir);
    const path = join(dir, 'events.duckdb');
    await insertThenGetKilled(path);
    await expect(stat(`${path}.wal`)).resolves.toBeDefined(); // the batch lives only in the log

    const store = await openDuckDbEventStore({ path });
    const rows = await store.query(() => sql`select id from hits`);
    expect(rows).toEqual([{ id: 'hit-before-crash' }]);
    await store.close();
  });

  it('answers queries while a write is in progress', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await store.migrate();
    const batch = Array.from({ length: 5000 }, (_, index) => makeHit({ id: `hit-${index}` }));
    const writing = store.insertHits(batch);
    const [row] = await store.query(() => sql`select count(*) as hits from hits`);
    // The read sees a committed snapshot: all of the batch or none of it.
    expect([0, 5000]).toContain(row?.hits);
    await writing;
    await store.close();
  });

  it('moves the events of a version 4 store into tables without primary keys, and still stores a hit once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
    dirs.push(dir);
    const path = join(dir, 'events.duckdb');
    // A store as version 4 left it, with a hit, a session and a conversion.
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    await connection.run(
      'CREATE TABLE event_schema_version (version INTEGER PRIMARY KEY, description VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT current_timestamp)',
    );
    for (const migration of DUCKDB_MIGRATIONS.filter((entry) => entry.version <= 4)) {
      for (const statement of migration.statements) await connection.run(statement);
      await connection.run(
        `INSERT INTO event_schema_version (version, description) VALUES (${migration.version}, 'v')`,
      );
    }
    await connection.run(`INSERT INTO hits (relationship_id, id, session_id, ts, url, traffic_type, risk_level, threats, hit_status, score)
      VALUES (101, 'hit-1', 'session-1', TIMESTAMPTZ '2026-03-10 12:00:00+00', 'https://shop.example/', 'direct', 'high', ['automation:webdriver'], 'delivered', 90)`);
    await connection.run(`INSERT INTO sessions (relationship_id, id, started_at, last_seen_at, landing_url, traffic_type, risk_level, threats, hits)
      VALUES (101, 'session-1', TIMESTAMPTZ '2026-03-10 12:00:00+00', TIMESTAMPTZ '2026-03-10 12:00:00+00', 'https://shop.example/', 'direct', 'high', ['automation:webdriver'], 1)`);
    await connection.run(`INSERT INTO conversions (relationship_id, id, ts, name, traffic_type, risk_level, threats, status)
      VALUES (101, 'conversion-1', TIMESTAMPTZ '2026-03-10 12:05:00+00', 'lead', 'direct', 'high', [], 'not_reported')`);
    connection.closeSync();
    instance.closeSync();

    const store = await openDuckDbEventStore({ path });
    await expect(store.migrate()).resolves.toEqual({
      fromVersion: 4,
      toVersion: DUCKDB_MIGRATIONS.at(-1)?.version,
    });
    const stored = await store.query(
      () => sql`select (select list(id || ':' || score) from hits) as hits, (select list(id || ':' || hits) from sessions) as sessions,
        (select list(id) from conversions) as conversions,
        (select count(*) from duckdb_constraints() where constraint_type = 'PRIMARY KEY'
          and table_name in ('hits', 'sessions', 'conversions')) as keys,
        (select count(*) from duckdb_constraints() where constraint_type = 'CHECK' and table_name = 'hits') as checks`,
    );
    expect(stored).toEqual([
      { hits: ['hit-1:90'], sessions: ['session-1:1'], conversions: ['conversion-1'], keys: 0, checks: 2 },
    ]);
    await expect(store.insertHits([makeHit({ id: 'hit-1' }), makeHit({ id: 'hit-2' })])).resolves.toEqual({
      inserted: 1,
      duplicates: 1,
    });
    // NOT NULL stays with the key columns.
    await expect(
      store.query(
        () => sql`insert into hits (relationship_id, session_id, ts, url, traffic_type, risk_level, threats, hit_status)
        values (101, 's', now(), 'u', 'direct', 'low', [], 'delivered')`,
      ),
    ).rejects.toThrow(/NOT NULL/);
    await store.close();
  });

  it('refuses to write before migrate with the DuckDB error', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).rejects.toThrow(/hits/);
    await store.close();
  });
});

/**
 * Runs a child process that opens the store, inserts one hit and reports the result; kills it with
 * SIGKILL as soon as the insert resolves, so nothing after the commit (no close, no checkpoint) runs.
 */
async function insertThenGetKilled(path: string): Promise<void> {
  const storeModule = new URL('./duckdb-event-store.ts', import.meta.url).href;
  const script = `
    const { openDuckDbEventStore } = await import(${JSON.stringify(storeModule)});
    const store = await openDuckDbEventStore({ path: process.argv[1] });
    await store.migrate();
    await store.insertHits([{ id: 'hit-before-crash', relationshipId: 101, sessionId: 'session-1',
      ts: new Date(), url: 'https://shop.example/', trafficType: 'direct', riskLevel: 'low', threats: [],
      hitStatus: 'delivered' }]);
    process.stdout.write('committed\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script, path],
    {
      cwd: dirname(fileURLToPath(import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('committed')) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`The writer exited with ${code ?? signal}: ${stderr}`));
    });
  });
}
