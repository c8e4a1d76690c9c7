// The analytics pipeline on a large store, DuckDB and ClickHouse side by side: 10 million hits over 30
// days for one account among four others (1 million each), with a session per three hits and a
// conversion per hundred. Median of 10 runs of the tree with two dimensions (a page of the first, the
// totals and one opened row), the threat breakdown, the home key figures and the channel widget; and, in
// the same run, the tree's hand-written SQL on the same engine as the baseline; the tree with the
// firewall's metrics (each click priced at its imported campaign day or default cost per click) and the
// home savings. Targets (issue 6): tree under 300 ms on DuckDB, at most 1.5 times the baseline.
//
// ClickHouse runs in process (chdb, the engine the parity suite runs on), so its times leave out the
// HTTP round trip of a ClickHouse server. Both stores get the same generated rows, batch by batch, and
// the same queries, each query timed on one engine and then the other; the table ends with the
// ClickHouse / DuckDB ratio of each median. After the load, the bytes each store keeps on disk: for
// ClickHouse the active parts of each table (system.parts: compressed, uncompressed, on disk), and the
// bytes on disk of all tables per hit stored; for DuckDB its file.
//
// The rows are generated in code (deterministic, the same on every run) and loaded through each store's
// batch insert, as ingestion loads them, which also fills the hourly rollup; the two stores load side by
// side, and at the default size the load takes hours on two cores. The tree is also timed on the raw
// hits, without the rollup.
//
// BENCH_ANALYTICS_HITS sets the first account's hits (the others get a tenth each).
// BENCH_ANALYTICS_KEEP=<folder> keeps the loaded stores there and reuses them on the next run with the
// same size (to time query changes without reloading); delete the folder after changing how a store
// writes.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_METRICS } from '@veracity/contracts/analytics/metrics';
import { Session } from 'chdb';
import { NO_LOOKUPS } from '../apps/server/src/analytics/dimension-columns.js';
import { costBasis } from '../apps/server/src/analytics/hit-cost.js';
import { type QueryScope, threats, tree } from '../apps/server/src/analytics/results.js';
import type { RelationshipRecord } from '../apps/server/src/features/account/relationships.repo.js';
import { HomeFigures } from '../apps/server/src/features/home/home.service.js';
import { openChdbExecutor } from '../apps/server/src/storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../apps/server/src/storage/events/clickhouse/clickhouse-event-store.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import type { EventStore } from '../apps/server/src/storage/events/event-store.js';
import { rawSql, sql } from '../apps/server/src/storage/events/sql.js';
import { type Measurement, measure, report } from './report.js';
import { BATCH, generateBatch } from './traffic.js';

const HITS = Number(process.env.BENCH_ANALYTICS_HITS ?? 10_000_000);
const OTHER_HITS = Math.round(HITS / 10);
const RUNS = 10;
const ACCOUNT = 1;
const DAYS = 30;

const START_MS = Date.parse('2026-10-01T00:00:00Z');

interface Engine {
  name: 'DuckDB' | 'ClickHouse';
  store: EventStore;
  /** The file that records how many hits a kept store holds. */
  marker: string;
  /** Seconds this store spent in its batch inserts (the two load side by side). */
  loadSeconds: number;
}

/**
 * Loads the generated traffic of every account into each store through its batch insert (deduplication,
 * the session merge and the hourly rollup included), in batches of 50,000 hits: one account's hits, then
 * four others'. Each batch is generated once and handed to every store at the same time.
 */
async function load(engines: readonly Engine[]): Promise<void> {
  if (engines.length === 0) return;
  const accounts: [number, number][] = [
    [ACCOUNT, HITS],
    ...[2, 3, 4, 5].map((id): [number, number] => [id, OTHER_HITS]),
  ];
  for (const [relationshipId, count] of accounts) {
    for (let first = 0; first < count; first += BATCH) {
      const batch = generateBatch(relationshipId, first, Math.min(BATCH, count - first), {
        startMs: START_MS,
        days: DAYS,
      });
      await Promise.all(
        engines.map(async (engine) => {
          const started = performance.now();
          await engine.store.insertHits(batch.hits);
          await engine.store.insertSessions(batch.sessions);
          await engine.store.insertConversions(batch.conversions);
          engine.loadSeconds += (performance.now() - started) / 1000;
        }),
      );
      const loaded = first + batch.hits.length;
      if (
        relationshipId === ACCOUNT &&
        loaded % Math.max(BATCH, Math.round(HITS / 10 / BATCH) * BATCH) === 0
      ) {
        const seconds = engines.map((engine) => `${engine.name} ${engine.loadSeconds.toFixed(0)} s`);
        console.log(`  ${loaded} hits of account ${ACCOUNT} loaded (${seconds.join(', ')})`);
      }
    }
  }
}

async function loadedHits(marker: string): Promise<number> {
  if (!existsSync(marker)) return 0;
  return (JSON.parse(await readFile(marker, 'utf8')) as { hits: number }).hits;
}

const keep = process.env.BENCH_ANALYTICS_KEEP;
const dir = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-analytics-')));
if (keep) await mkdir(keep, { recursive: true });
// libchdb binds one data folder a process: one session, one database for the store.
const session = new Session(path.join(dir, 'clickhouse'));
const engines: Engine[] = [
  {
    name: 'DuckDB',
    store: await openDuckDbEventStore({ path: path.join(dir, 'events.duckdb') }),
    marker: path.join(dir, 'loaded.json'),
    loadSeconds: 0,
  },
  {
    name: 'ClickHouse',
    store: openClickHouseEventStore(await openChdbExecutor(session, 'events')),
    marker: path.join(dir, 'loaded-clickhouse.json'),
    loadSeconds: 0,
  },
];
try {
  for (const engine of engines) await engine.store.migrate();
  const toLoad: Engine[] = [];
  for (const engine of engines) if ((await loadedHits(engine.marker)) !== HITS) toLoad.push(engine);
  await load(toLoad);
  for (const engine of toLoad) {
    if (engine.name === 'DuckDB') await engine.store.query(() => sql`CHECKPOINT`);
    if (keep) await writeFile(engine.marker, JSON.stringify({ hits: HITS }));
  }
  const counts: Record<string, unknown> = {};
  for (const engine of engines) {
    const [stored] = await engine.store.query(
      () => sql`SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM sessions) AS sessions,
        (SELECT count(*) FROM conversions) AS conversions, (SELECT count(*) FROM hits_hourly) AS rollup_rows`,
    );
    counts[engine.name] = stored;
    const how = toLoad.includes(engine) ? `loaded in ${engine.loadSeconds.toFixed(1)} s` : 'reused';
    console.log(`${engine.name}: ${how} ${JSON.stringify(stored)}`);
  }
  const storage = await storageOnDisk();

  const from = new Date('2026-10-01T00:00:00Z');
  const to = new Date('2026-10-31T00:00:00Z');
  const metrics = DEFAULT_METRICS.filter(
    (metric) => !['allowedHits', 'conversionsReported', 'allowedConversionRate', 'cost'].includes(metric),
  );
  const scope: QueryScope = {
    relationshipId: ACCOUNT,
    timeZone: 'Europe/Madrid',
    from,
    to,
    metrics: metrics as QueryScope['metrics'],
    filters: [],
    matchType: 'all',
    lookups: NO_LOOKUPS,
    costs: costBasis({ google: 0.5, facebook: 0.8 }),
  };
  // The firewall's default metrics, cost included: each hit priced (imported campaign day, else the
  // default of its channel), so the hits are read rather than the rollup.
  const pricedScope: QueryScope = { ...scope, metrics: DEFAULT_METRICS as QueryScope['metrics'] };
  // Imported costs of 20 campaigns over the month, for the cost join to read.
  for (const engine of engines) {
    await engine.store.upsertAdCosts(
      Array.from({ length: 20 * DAYS }, (_, index) => ({
        relationshipId: ACCOUNT,
        provider: 'google_ads' as const,
        customerId: '1234567890',
        campaignId: String(1000 + (index % 20)),
        day: new Date(START_MS + Math.floor(index / 20) * 86_400_000).toISOString().slice(0, 10),
        clicks: 100,
        costMicros: 50_000_000,
        currency: 'EUR',
      })),
    );
  }
  const treeRequest = {
    dimensions: ['trafficType', 'country'] as const,
    sort: [{ key: 'sessions' as const, direction: 'desc' as const }],
    page: 1,
    pageSize: 100,
    expanded: [['google']],
  };
  const relationship = {
    id: ACCOUNT,
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    defaultCpc: { google: 0.5, facebook: 0.8 },
  } as unknown as RelationshipRecord;
  const homeQuery = { from: '2026-10-16', to: '2026-10-30' };

  // The same tree written by hand: each table grouped once, joined on the dimension, for the page, the
  // totals and the opened row, the three asked at once. Only the conditional count differs by engine.
  const handTree = async (store: EventStore) => {
    const level = (dims: string, where: string, limit: string) =>
      store.query(
        (
          d,
        ) => sql`WITH h AS (SELECT ${rawSql(dims)}, count(*) AS hits, ${d.countIf(rawSql("risk_level = 'high'"))} AS high_hits,
            ${d.countIf(rawSql("risk_level = 'medium'"))} AS medium_hits, ${d.countIf(rawSql("risk_level = 'low'"))} AS low_hits
            FROM hits WHERE relationship_id = ${ACCOUNT} AND ts >= ${from} AND ts < ${to}${rawSql(where)} GROUP BY ALL),
          s AS (SELECT ${rawSql(dims)}, count(*) AS sessions FROM sessions
            WHERE relationship_id = ${ACCOUNT} AND started_at >= ${from} AND started_at < ${to}${rawSql(where)} GROUP BY ALL),
          c AS (SELECT ${rawSql(dims)}, count(*) AS conversions, ${d.countIf(rawSql("risk_level = 'high'"))} AS high_conversions,
            ${d.countIf(rawSql("risk_level = 'medium'"))} AS medium_conversions, ${d.countIf(rawSql("risk_level = 'low'"))} AS low_conversions
            FROM conversions WHERE relationship_id = ${ACCOUNT} AND ts >= ${from} AND ts < ${to}${rawSql(where)} GROUP BY ALL)
          SELECT * FROM h FULL JOIN s USING (${rawSql(dims)}) FULL JOIN c USING (${rawSql(dims)})
          ORDER BY sessions DESC NULLS LAST ${rawSql(limit)}`,
      );
    await Promise.all([
      level('traffic_type', '', 'LIMIT 100'),
      store.query(
        () => sql`SELECT (SELECT count(*) FROM hits WHERE relationship_id = ${ACCOUNT} AND ts >= ${from} AND ts < ${to}),
          (SELECT count(*) FROM sessions WHERE relationship_id = ${ACCOUNT} AND started_at >= ${from} AND started_at < ${to}),
          (SELECT count(*) FROM conversions WHERE relationship_id = ${ACCOUNT} AND ts >= ${from} AND ts < ${to})`,
      ),
      level('traffic_type, country', " AND traffic_type = 'google'", 'LIMIT 500'),
    ]);
  };

  const TREE = 'tree, 2 dimensions (page + totals + 1 opened row)';
  const BASELINE = 'baseline: the same tree in hand-written SQL';
  const queries: [string, (store: EventStore) => Promise<unknown>][] = [
    [TREE, (store) => tree(store, scope, treeRequest)],
    [BASELINE, handTree],
    [
      'tree, 2 dimensions, hits read raw (no rollup)',
      (store) => tree(store, { ...scope, useRollups: false }, treeRequest),
    ],
    [
      'tree, 2 dimensions, firewall metrics (cost priced per click)',
      (store) => tree(store, pricedScope, treeRequest),
    ],
    ['threat breakdown', (store) => threats(store, scope, [], [])],
    [
      'home key figures',
      async (store) => (await HomeFigures.load(store, relationship, homeQuery)).keyFigures(),
    ],
    [
      'home channel widget',
      async (store) => (await HomeFigures.load(store, relationship, homeQuery)).channels(),
    ],
    ['home savings', async (store) => (await HomeFigures.load(store, relationship, homeQuery)).savings()],
  ];
  // Each query on one engine, then on the other, so both see the machine in the same minutes.
  const measurements: Measurement[] = [];
  const medians = new Map<string, number>();
  for (const [name, run] of queries) {
    for (const engine of engines) {
      const measured = await measure(`${engine.name}: ${name}`, RUNS, () => run(engine.store));
      measurements.push(measured);
      medians.set(measured.name, median(measured.samples));
    }
  }
  const medianOf = (engine: Engine['name'], name: string) => medians.get(`${engine}: ${name}`) ?? Number.NaN;
  const comparison = queries.map(([name]) => ({
    name,
    duckdbMs: round(medianOf('DuckDB', name)),
    clickhouseMs: round(medianOf('ClickHouse', name)),
    ratio: Math.round((medianOf('ClickHouse', name) / medianOf('DuckDB', name)) * 100) / 100,
  }));
  const targets = (engine: Engine['name']) => {
    const treeMs = medianOf(engine, TREE);
    const baselineMs = medianOf(engine, BASELINE);
    return { treeMs, baselineMs, ratio: Math.round((treeMs / baselineMs) * 100) / 100 };
  };
  const duckdb = targets('DuckDB');
  const clickhouse = targets('ClickHouse');
  report('analytics', measurements, {
    hits: counts,
    loadSeconds: Object.fromEntries(toLoad.map((engine) => [engine.name, round(engine.loadSeconds)])),
    ...duckdb,
    clickhouse,
    comparison,
    storage,
  });
  console.log('medians, ClickHouse (chdb) / DuckDB:');
  console.table(comparison);
  for (const [engine, figures] of [
    ['DuckDB', duckdb],
    ['ClickHouse', clickhouse],
  ] as const) {
    console.log(
      `${engine}: tree median ${figures.treeMs.toFixed(1)} ms (target < 300), baseline ${figures.baselineMs.toFixed(1)} ms, ratio ${figures.ratio} (target <= 1.5)`,
    );
  }
} finally {
  for (const engine of engines) await engine.store.close();
  session.close();
  if (!keep) await rm(dir, { recursive: true, force: true });
}

/**
 * What each store keeps on disk after the load. ClickHouse: rows and compressed bytes of the active
 * parts of each table, and the bytes of all tables per hit stored (a hit brings its share of sessions,
 * conversions and rollup rows), hence hits a GB holds. DuckDB: the size of its file.
 */
async function storageOnDisk() {
  const clickhouse = engines.find((engine) => engine.name === 'ClickHouse')?.store;
  if (!clickhouse) throw new Error('no ClickHouse store');
  const tables = await clickhouse.query<{
    table: string;
    parts: number;
    rows: number;
    compressed: number;
    uncompressed: number;
    on_disk: number;
  }>(
    () => sql`SELECT table, count() AS parts, sum(rows) AS rows, sum(data_compressed_bytes) AS compressed,
      sum(data_uncompressed_bytes) AS uncompressed, sum(bytes_on_disk) AS on_disk
      FROM system.parts WHERE database = currentDatabase() AND active GROUP BY table ORDER BY on_disk DESC`,
  );
  const rows = tables.map((table) => ({
    ...table,
    compressed: Number(table.compressed),
    uncompressed: Number(table.uncompressed),
    on_disk: Number(table.on_disk),
    rows: Number(table.rows),
    bytesPerRow: round(Number(table.on_disk) / Number(table.rows)),
  }));
  console.log('ClickHouse storage, active parts:');
  console.table(rows);
  const hitRows = rows.find((table) => table.table === 'hits')?.rows ?? 0;
  const allOnDisk = rows.reduce((sum, table) => sum + table.on_disk, 0);
  const bytesPerHit = round(allOnDisk / hitRows);
  const hitsPerGb = Math.round(1e9 / bytesPerHit);
  const duckdbBytes = (await stat(path.join(dir, 'events.duckdb'))).size;
  const summary = {
    clickhouseBytesPerHit: bytesPerHit,
    clickhouseHitBytesPerHit: round((rows.find((table) => table.table === 'hits')?.on_disk ?? 0) / hitRows),
    clickhouseHitsPerGb: hitsPerGb,
    duckdbFileBytes: duckdbBytes,
    duckdbBytesPerHit: round(duckdbBytes / hitRows),
  };
  console.log(
    `ClickHouse: ${bytesPerHit} bytes on disk per hit, all tables (hits alone ${summary.clickhouseHitBytesPerHit}): ${hitsPerGb} hits a GB; DuckDB file ${summary.duckdbBytesPerHit} bytes per hit`,
  );
  return { tables: rows, ...summary };
}

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
