// The analytics pipeline on a large embedded store: 10 million hits over 30 days for one account among
// four others (1 million each), with a session per three hits and a conversion per hundred. Median of
// 10 runs of the tree with two dimensions (a page of the first, the totals and one opened row), the
// threat breakdown, the home key figures and the channel widget; and, in the same run, the tree's
// hand-written SQL on the same engine as the baseline; the tree with the firewall's metrics (each click
// priced at its imported campaign day or default cost per click) and the home savings. Targets (issue 6): tree under 300 ms on DuckDB,
// at most 1.5 times the baseline.
//
// The rows are generated in code (deterministic, the same on every run) and loaded through the store's
// batch insert, as ingestion loads them, which also fills the hourly rollup; the load takes many
// minutes. The tree is also timed on the raw hits, without the rollup.
//
// BENCH_ANALYTICS_KEEP=<folder> keeps the loaded store there and reuses it on the next run with the
// same size (to time query changes without reloading); delete the folder after changing how the
// store writes.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_METRICS } from '@veracity/contracts/analytics/metrics';
import { NO_LOOKUPS } from '../apps/server/src/analytics/dimension-columns.js';
import { costBasis } from '../apps/server/src/analytics/hit-cost.js';
import { type QueryScope, threats, tree } from '../apps/server/src/analytics/results.js';
import type { RelationshipRecord } from '../apps/server/src/features/account/relationships.repo.js';
import { HomeFigures } from '../apps/server/src/features/home/home.service.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import type { EventStore } from '../apps/server/src/storage/events/event-store.js';
import { rawSql, sql } from '../apps/server/src/storage/events/sql.js';
import { measure, report } from './report.js';
import { loadTraffic } from './traffic.js';

const HITS = Number(process.env.BENCH_ANALYTICS_HITS ?? 10_000_000);
const OTHER_HITS = Math.round(HITS / 10);
const RUNS = 10;
const ACCOUNT = 1;
const DAYS = 30;

const START_MS = Date.parse('2026-10-01T00:00:00Z');

/** Loads the generated traffic of every account through the store's batch insert. */
async function load(store: EventStore): Promise<void> {
  // One account's hits, then four others', through the store's batch insert (deduplication, the
  // session merge and the hourly rollup included), in batches of 50,000 hits.
  const window = { startMs: START_MS, days: DAYS };
  await loadTraffic(store, ACCOUNT, HITS, window, (loaded) => {
    if (loaded % 1_000_000 === 0) console.log(`  ${loaded} hits of account ${ACCOUNT} loaded`);
  });
  for (const relationshipId of [2, 3, 4, 5]) await loadTraffic(store, relationshipId, OTHER_HITS, window);
  await store.query(() => sql`CHECKPOINT`);
}

const keep = process.env.BENCH_ANALYTICS_KEEP;
const dir = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-analytics-')));
if (keep) await mkdir(keep, { recursive: true });
const marker = path.join(dir, 'loaded.json');
const loadedHits = existsSync(marker)
  ? (JSON.parse(await readFile(marker, 'utf8')) as { hits: number }).hits
  : 0;
const store = await openDuckDbEventStore({ path: path.join(dir, 'events.duckdb') });
try {
  await store.migrate();
  const generated = performance.now();
  if (loadedHits !== HITS) await load(store);
  const loadSeconds = (performance.now() - generated) / 1000;
  if (keep) await writeFile(marker, JSON.stringify({ hits: HITS }));
  const [counts] = await store.query<{ hits: number; sessions: number; conversions: number }>(
    () => sql`SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM sessions) AS sessions,
      (SELECT count(*) FROM conversions) AS conversions, (SELECT count(*) FROM hits_hourly) AS rollup_rows`,
  );
  console.log(
    `${loadedHits === HITS ? 'reused' : 'loaded'} ${JSON.stringify(counts)} in ${loadSeconds.toFixed(1)} s`,
  );

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
  await store.upsertAdCosts(
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
  // totals and the opened row, the three asked at once.
  const handTree = async () => {
    const level = (dims: string, where: string, limit: string) =>
      store.query(
        () => sql`WITH h AS (SELECT ${rawSql(dims)}, count(*) AS hits, count_if(risk_level = 'high') AS high_hits,
            count_if(risk_level = 'medium') AS medium_hits, count_if(risk_level = 'low') AS low_hits
            FROM hits WHERE relationship_id = ${ACCOUNT} AND ts >= ${from} AND ts < ${to}${rawSql(where)} GROUP BY ALL),
          s AS (SELECT ${rawSql(dims)}, count(*) AS sessions FROM sessions
            WHERE relationship_id = ${ACCOUNT} AND started_at >= ${from} AND started_at < ${to}${rawSql(where)} GROUP BY ALL),
          c AS (SELECT ${rawSql(dims)}, count(*) AS conversions, count_if(risk_level = 'high') AS high_conversions,
            count_if(risk_level = 'medium') AS medium_conversions, count_if(risk_level = 'low') AS low_conversions
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

  const measurements = [
    await measure('tree, 2 dimensions (page + totals + 1 opened row)', RUNS, () =>
      tree(store, scope, treeRequest),
    ),
    await measure('baseline: the same tree in hand-written SQL', RUNS, handTree),
    await measure('tree, 2 dimensions, hits read raw (no rollup)', RUNS, () =>
      tree(store, { ...scope, useRollups: false }, treeRequest),
    ),
    await measure('tree, 2 dimensions, firewall metrics (cost priced per click)', RUNS, () =>
      tree(store, pricedScope, treeRequest),
    ),
    await measure('threat breakdown', RUNS, () => threats(store, scope, [], [])),
    await measure('home key figures', RUNS, async () =>
      (await HomeFigures.load(store, relationship, homeQuery)).keyFigures(),
    ),
    await measure('home channel widget', RUNS, async () =>
      (await HomeFigures.load(store, relationship, homeQuery)).channels(),
    ),
    await measure('home savings', RUNS, async () =>
      (await HomeFigures.load(store, relationship, homeQuery)).savings(),
    ),
  ];
  const median = (samples: number[]) =>
    [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  const treeMs = median(measurements[0]?.samples ?? []);
  const baselineMs = median(measurements[1]?.samples ?? []);
  const ratio = Math.round((treeMs / baselineMs) * 100) / 100;
  report('analytics', measurements, { hits: counts, loadSeconds, treeMs, baselineMs, ratio });
  console.log(
    `tree median ${treeMs.toFixed(1)} ms (target < 300), baseline ${baselineMs.toFixed(1)} ms, ratio ${ratio} (target <= 1.5)`,
  );
} finally {
  await store.close();
  if (!keep) await rm(dir, { recursive: true, force: true });
}
