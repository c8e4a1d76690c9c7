// The analytics pipeline on a large embedded store: 10 million hits over 30 days for one account among
// four others (1 million each), with a session per three hits and a conversion per hundred. Median of
// 10 runs of the tree with two dimensions (a page of the first, the totals and one opened row), the
// threat breakdown, the home key figures and the channel widget; and, in the same run, the tree's
// hand-written SQL on the same engine as the baseline. Targets (issue 6): tree under 300 ms on DuckDB,
// at most 1.5 times the baseline.
//
// The rows are generated inside DuckDB by SQL (INSERT ... SELECT over range()), and the hourly rollup
// filled from them as the event-store migration fills it: loading 14 million rows through the store's
// insert path, which deduplicates each batch against the primary key, would take most of an hour on
// this machine and measures nothing the queries depend on. The tree is also timed on the raw hits.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_METRICS } from '@veracity/contracts/analytics/metrics';
import { type QueryScope, threats, tree } from '../apps/server/src/analytics/run-analytics.js';
import type { RelationshipRecord } from '../apps/server/src/features/account/relationships.repo.js';
import { HomeFigures } from '../apps/server/src/features/home/home.service.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import { rawSql, sql } from '../apps/server/src/storage/events/sql.js';
import { measure, report } from './report.js';

const HITS = Number(process.env.BENCH_ANALYTICS_HITS ?? 10_000_000);
const OTHER_HITS = Math.round(HITS / 10);
const RUNS = 10;
const ACCOUNT = 1;
const START = '2026-10-01 00:00:00+00';
const DAYS = 30;

const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-analytics-'));
const store = await openDuckDbEventStore({ path: path.join(dir, 'events.duckdb') });
try {
  await store.migrate();
  const generated = performance.now();
  // One account's hits, then four others'; traffic types, countries, devices and risk drawn by hash.
  const generate = async (relationshipId: number, count: number) => {
    await store.query(
      () => sql`INSERT INTO hits (relationship_id, id, session_id, ts, url, traffic_type, utm_source, campaign_id,
        country, isp, device_type, os_name, browser, risk_level, threats, hit_status, cost, domain)
      SELECT ${relationshipId}, 'h' || i, 's' || (i // 3),
        TIMESTAMPTZ ${rawSql(`'${START}'`)} + to_milliseconds((hash(i) % ${DAYS * 86_400_000})::BIGINT),
        'https://shop.example/p/' || (i % 500),
        (['google','google','google','facebook','facebook','direct','organic_search','tiktok','microsoft','referral'])[1 + (hash(i * 7) % 10)::BIGINT],
        'src' || (i % 12), i % 40,
        (['ES','ES','ES','FR','DE','US','MX','IT'])[1 + (hash(i * 11) % 8)::BIGINT],
        'isp-' || (hash(i * 13) % 300),
        (['Desktop','Phone','Phone','Tablet'])[1 + (hash(i * 17) % 4)::BIGINT],
        (['Windows','Android','iOS','Mac OS','Linux'])[1 + (hash(i * 19) % 5)::BIGINT],
        (['Chrome','Chrome Mobile','Mobile Safari','Firefox','Microsoft Edge'])[1 + (hash(i * 23) % 5)::BIGINT],
        CASE WHEN hash(i * 29) % 100 < 12 THEN 'high' WHEN hash(i * 29) % 100 < 25 THEN 'medium' ELSE 'low' END,
        CASE WHEN hash(i * 29) % 100 < 12 THEN ['automation:webdriver', 'network:datacenter']
             WHEN hash(i * 29) % 100 < 25 THEN ['network:vpn'] ELSE [] END,
        'delivered', 0.35, 'shop.example'
      FROM range(${count}) AS r(i)`,
    );
    await store.query(
      () => sql`INSERT INTO sessions (relationship_id, id, started_at, last_seen_at, landing_url, traffic_type,
        utm_source, campaign_id, country, isp, device_type, os_name, browser, risk_level, threats, hits, hit_status, domain)
      SELECT relationship_id, session_id, ts, ts, url, traffic_type, utm_source, campaign_id, country, isp,
        device_type, os_name, browser, risk_level, threats, 3, hit_status, domain
      FROM hits WHERE relationship_id = ${relationshipId} AND CAST(substr(id, 2) AS BIGINT) % 3 = 0`,
    );
    await store.query(
      () => sql`INSERT INTO conversions (relationship_id, id, session_id, hit_id, ts, name, value, currency,
        traffic_type, utm_source, campaign_id, country, isp, device_type, os_name, browser, risk_level, threats,
        status, hit_status, domain)
      SELECT relationship_id, 'c' || id, session_id, id, ts + INTERVAL 5 MINUTE, 'purchase', 40, 'EUR',
        traffic_type, utm_source, campaign_id, country, isp, device_type, os_name, browser, risk_level, threats,
        'not_reported', hit_status, domain
      FROM hits WHERE relationship_id = ${relationshipId} AND hash(id) % 100 = 0`,
    );
  };
  await generate(ACCOUNT, HITS);
  // The hourly rollup, as the store's insert path (and its migration, for hits already stored) fills it.
  const rollUp = () =>
    store.query(
      () => sql`INSERT INTO hits_hourly SELECT relationship_id, date_trunc('hour', ts), traffic_type, country,
        device_type, risk_level, hit_status, count(*), coalesce(sum(cost), 0) FROM hits GROUP BY ALL`,
    );
  for (let other = 2; other <= 5; other++) await generate(other, OTHER_HITS);
  await rollUp();
  await store.query(() => sql`CHECKPOINT`);
  const loadSeconds = (performance.now() - generated) / 1000;
  const [counts] = await store.query<{ hits: number; sessions: number; conversions: number }>(
    () => sql`SELECT (SELECT count(*) FROM hits) AS hits, (SELECT count(*) FROM sessions) AS sessions,
      (SELECT count(*) FROM conversions) AS conversions`,
  );
  console.log(`generated ${JSON.stringify(counts)} in ${loadSeconds.toFixed(1)} s`);

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
  // totals and the opened row.
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
    ]);
    await level('traffic_type, country', " AND traffic_type = 'google'", 'LIMIT 500');
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
  await rm(dir, { recursive: true, force: true });
}
