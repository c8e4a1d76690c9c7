// The embedded event store: batch insert throughput, duplicate re-sends, session merges and the
// analytics shapes the dashboard runs (daily buckets in a zone, tier counts, threat breakdown).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnalyticsQuery } from '../apps/server/src/storage/events/dialect.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import type { HitRow, RiskLevel, SessionRow } from '../apps/server/src/storage/events/event-store.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { type Measurement, measure, report } from './report.js';

const BATCH = 10_000;
const BATCHES = 10;
const START = Date.parse('2026-10-01T00:00:00Z');
const LEVELS: RiskLevel[] = ['low', 'low', 'low', 'medium', 'high'];
const THREATS = ['network:datacenter', 'automation:webdriver', 'frequency:ip_burst', 'ua:known_bot'];
const COUNTRIES = ['ES', 'FR', 'US', 'DE'];

let sequence = 0;
function nextHit(): HitRow {
  const n = sequence++;
  const riskLevel = LEVELS[n % LEVELS.length] ?? 'low';
  return {
    id: `hit-${n}`,
    relationshipId: 1 + (n % 3),
    sessionId: `session-${Math.floor(n / 4)}`,
    ts: new Date(START + ((n * 7919) % (30 * 86_400_000))),
    url: `https://shop.example/p/${n % 500}?gclid=g${n}`,
    referrer: 'https://www.google.com/',
    trafficType: n % 2 ? 'google' : 'facebook',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: `campaign-${n % 20}`,
    campaignId: n % 50,
    clickId: `g${n}`,
    clickIdType: 'gclid',
    ip: `203.0.113.${n % 255}`,
    country: COUNTRIES[n % COUNTRIES.length] ?? 'ES',
    deviceType: 'Phone',
    osName: 'Android',
    browser: 'Chrome Mobile',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile',
    riskLevel,
    threats: riskLevel === 'low' ? [] : THREATS.slice(0, 1 + (n % 3)),
    hitStatus: 'delivered',
    vars: { var1: `v${n % 10}` },
  };
}

const dailyByTier: AnalyticsQuery = (d) => sql`
  select ${d.dateBucket('ts', 'day', 'Europe/Madrid')} as day, count(*) as hits,
    ${d.countIf(sql`risk_level = ${'high'}`)} as high, ${d.countIf(sql`risk_level = ${'medium'}`)} as medium,
    ${d.safeDivide(d.countIf(sql`risk_level = ${'high'}`), sql`count(*)`)} as invalid_share
  from hits where relationship_id = ${1} and ts >= ${new Date(START)} group by day order by day`;

const threatBreakdown: AnalyticsQuery = (d) => sql`
  select threat, count(*) as hits from (select ${d.unnest('threats')} as threat from hits where relationship_id = ${1}) t
  group by threat order by hits desc`;

const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-'));
const store = await openDuckDbEventStore({ path: path.join(dir, 'events.duckdb') });
await store.migrate();
const results: Measurement[] = [];
try {
  let lastBatch: HitRow[] = [];
  results.push(
    await measure(
      `insert ${BATCH.toLocaleString('en')}-hit batch (file, ${BATCHES} batches)`,
      BATCHES,
      async () => {
        lastBatch = Array.from({ length: BATCH }, nextHit);
        const { inserted } = await store.insertHits(lastBatch);
        if (inserted !== BATCH) throw new Error(`inserted ${inserted} of ${BATCH}`);
      },
      BATCH,
    ),
  );
  results.push(
    await measure(
      're-send the last batch (all duplicates)',
      3,
      async () => {
        const { duplicates } = await store.insertHits(lastBatch);
        if (duplicates !== BATCH) throw new Error('expected only duplicates');
      },
      BATCH,
    ),
  );
  results.push(
    await measure('daily buckets by tier, one relationship (~33k hits)', 15, () => store.query(dailyByTier)),
  );
  results.push(await measure('threat breakdown, one relationship', 15, () => store.query(threatBreakdown)));
  const sessions: SessionRow[] = Array.from({ length: BATCH }, (_, i) => ({
    id: `s-${i}`,
    relationshipId: 1,
    startedAt: new Date(START),
    lastSeenAt: new Date(START + i),
    landingUrl: 'https://shop.example/',
    trafficType: 'google',
    riskLevel: 'low',
    threats: [],
    hits: 1,
  }));
  let round = 0;
  results.push(
    await measure(
      'upsert 10,000 sessions (first new, then merges)',
      3,
      async () => {
        round += 1;
        await store.insertSessions(sessions.map((s) => ({ ...s, hits: round })));
      },
      BATCH,
    ),
  );
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
report('event-store', results);
