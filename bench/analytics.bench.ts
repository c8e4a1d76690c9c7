// The analytics pipeline on a large embedded store: 10 million hits over 30 days for one account among
// four others (1 million each), with a session per three hits and a conversion per hundred. Median of
// 10 runs of the tree with two dimensions (a page of the first, the totals and one opened row), the
// threat breakdown, the home key figures and the channel widget; and, in the same run, the tree's
// hand-written SQL on the same engine as the baseline. Targets (issue 6): tree under 300 ms on DuckDB,
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
import { type QueryScope, threats, tree } from '../apps/server/src/analytics/run-analytics.js';
import type { RelationshipRecord } from '../apps/server/src/features/account/relationships.repo.js';
import { HomeFigures } from '../apps/server/src/features/home/home.service.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import type {
  ConversionRow,
  EventStore,
  HitRow,
  SessionRow,
} from '../apps/server/src/storage/events/event-store.js';
import { rawSql, sql } from '../apps/server/src/storage/events/sql.js';
import { measure, report } from './report.js';

const HITS = Number(process.env.BENCH_ANALYTICS_HITS ?? 10_000_000);
const OTHER_HITS = Math.round(HITS / 10);
const RUNS = 10;
const ACCOUNT = 1;
const DAYS = 30;

const BATCH = 50_000;
const TRAFFIC = [
  'google',
  'google',
  'google',
  'facebook',
  'facebook',
  'direct',
  'organic_search',
  'tiktok',
  'microsoft',
  'referral',
];
const COUNTRIES = ['ES', 'ES', 'ES', 'FR', 'DE', 'US', 'MX', 'IT'];
const DEVICES = ['Desktop', 'Phone', 'Phone', 'Tablet'];
const SYSTEMS = ['Windows', 'Android', 'iOS', 'Mac OS', 'Linux'];
const BROWSERS = ['Chrome', 'Chrome Mobile', 'Mobile Safari', 'Firefox', 'Microsoft Edge'];
const START_MS = Date.parse('2026-10-01T00:00:00Z');

/** A deterministic 32-bit mix of an integer (the same traffic on every run). */
function mix(n: number): number {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

const of = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

/** Hits `first`..`first + count` of an account: a session every three hits, a conversion per hundred. */
function generateBatch(relationshipId: number, first: number, count: number) {
  const hits: HitRow[] = [];
  const sessions: SessionRow[] = [];
  const conversions: ConversionRow[] = [];
  for (let i = first; i < first + count; i++) {
    const session = Math.floor(i / 3);
    const h = mix(session + relationshipId * 1_000_003);
    const risk = h % 100;
    const riskLevel = risk < 12 ? 'high' : risk < 25 ? 'medium' : 'low';
    const dims = {
      trafficType: of(TRAFFIC, h >>> 3),
      utmSource: `src${session % 12}`,
      campaignId: session % 40,
      country: of(COUNTRIES, h >>> 7),
      isp: `isp-${(h >>> 11) % 300}`,
      deviceType: of(DEVICES, h >>> 13),
      osName: of(SYSTEMS, h >>> 17),
      browser: of(BROWSERS, h >>> 19),
      domain: 'shop.example',
      hitStatus: 'delivered' as const,
    };
    const threats =
      riskLevel === 'high'
        ? ['automation:webdriver', 'network:datacenter']
        : riskLevel === 'medium'
          ? ['network:vpn']
          : [];
    const ts = new Date(START_MS + (mix(i) % (DAYS * 86_400_000)));
    const hit: HitRow = {
      ...dims,
      relationshipId,
      id: `h${i}`,
      sessionId: `s${session}`,
      ts,
      url: `https://shop.example/p/${i % 500}`,
      riskLevel,
      threats,
      cost: 0.35,
    };
    hits.push(hit);
    if (i % 3 === 0) {
      sessions.push({
        ...dims,
        relationshipId,
        id: hit.sessionId,
        startedAt: ts,
        lastSeenAt: ts,
        landingUrl: hit.url,
        riskLevel,
        threats,
        hits: 3,
      });
    }
    if (mix(i * 31) % 100 === 0) {
      conversions.push({
        ...dims,
        relationshipId,
        id: `c${i}`,
        sessionId: hit.sessionId,
        hitId: hit.id,
        ts: new Date(ts.getTime() + 300_000),
        name: 'purchase',
        value: 40,
        currency: 'EUR',
        riskLevel,
        threats,
        status: 'not_reported',
      });
    }
  }
  return { hits, sessions, conversions };
}

/** Loads the generated traffic of every account through the store's batch insert. */
async function load(store: EventStore): Promise<void> {
  // One account's hits, then four others', through the store's batch insert (deduplication, the
  // session merge and the hourly rollup included), in batches of 50,000 hits.
  for (const [relationshipId, count] of [
    [ACCOUNT, HITS],
    ...[2, 3, 4, 5].map((id) => [id, OTHER_HITS]),
  ] as const) {
    for (let first = 0; first < count; first += BATCH) {
      const batch = generateBatch(relationshipId, first, Math.min(BATCH, count - first));
      await store.insertHits(batch.hits);
      await store.insertSessions(batch.sessions);
      await store.insertConversions(batch.conversions);
      if (relationshipId === ACCOUNT && (first / BATCH) % 20 === 0) {
        console.log(`  ${first + batch.hits.length} hits of account ${relationshipId} loaded`);
      }
    }
  }
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
    lookups: { googleCampaigns: new Map() },
  };
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
    await measure('threat breakdown', RUNS, () => threats(store, scope, [], [])),
    await measure('home key figures', RUNS, async () =>
      (await HomeFigures.load(store, relationship, homeQuery)).keyFigures(),
    ),
    await measure('home channel widget', RUNS, async () =>
      (await HomeFigures.load(store, relationship, homeQuery)).channels(),
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
