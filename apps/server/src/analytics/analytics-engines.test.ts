import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIMENSION_IDS } from '@veracity/contracts/analytics/dimensions';
import { Session } from 'chdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCostRow } from '../storage/events/ad-costs.js';
import { openChdbExecutor } from '../storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../storage/events/clickhouse/clickhouse-event-store.js';
import { openDuckDbEventStore } from '../storage/events/duckdb/duckdb-event-store.js';
import type { ConversionRow, EventStore, HitRow, SessionRow } from '../storage/events/event-store.js';
import { COMPUTED_METRICS } from './metric-formulas.js';
import { type QueryScope, threats, tree } from './results.js';

/**
 * The same generated traffic in both event stores gives the same numbers: a seeded mix of visits over
 * a week, every dimension's tree and the threat breakdown compared between DuckDB and ClickHouse.
 */

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const START = Date.parse('2026-05-04T00:00:00Z');
const RELATIONSHIP = 7;

function generate(): { hits: HitRow[]; sessions: SessionRow[]; conversions: ConversionRow[] } {
  const next = random(20260504);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const hits: HitRow[] = [];
  const sessions: SessionRow[] = [];
  const conversions: ConversionRow[] = [];
  for (let visit = 0; visit < 600; visit++) {
    const bot = next() < 0.3;
    const landing = {
      trafficType: pick(['google', 'facebook', 'direct', 'organic_search', 'tiktok'] as const),
      country: pick(['ES', 'FR', 'US', 'MX']),
      deviceType: pick(['Desktop', 'Phone', 'Tablet']),
      osName: pick(['Windows', 'Android', 'iOS']),
      browser: pick(['Chrome', 'Mobile Safari', 'Firefox']),
      isp: pick(['Telefonica', 'Orange', 'Amazon', null]),
      utmSource: pick(['google', 'newsletter', null]),
      utmCampaign: pick(['spring', 'brand', null]),
      campaignId: pick([1, 2, null]),
      googleCampaignId: pick(['555', null]),
      domain: 'shop.example',
      vars: { var1: pick(['a', 'b']) },
    };
    const riskLevel = bot ? pick(['high', 'medium'] as const) : 'low';
    const threatsOf = (level: string) =>
      level === 'high'
        ? ['automation:webdriver', 'network:datacenter']
        : level === 'medium'
          ? ['network:vpn']
          : [];
    const startedAt = new Date(START + Math.floor(next() * 7 * 86_400_000));
    const pages = 1 + Math.floor(next() * 3);
    for (let page = 0; page < pages; page++) {
      hits.push({
        ...landing,
        relationshipId: RELATIONSHIP,
        id: `h${visit}-${page}`,
        sessionId: `s${visit}`,
        ts: new Date(startedAt.getTime() + page * 45_000),
        url: `https://shop.example/p/${page}`,
        riskLevel,
        threats: threatsOf(riskLevel),
        hitStatus: pick(['delivered', 'delivered', 'paused', 'blocked'] as const),
        cost: pick([0.25, 0.5, 1.25, null]),
      });
    }
    sessions.push({
      ...landing,
      relationshipId: RELATIONSHIP,
      id: `s${visit}`,
      startedAt,
      lastSeenAt: new Date(startedAt.getTime() + (pages - 1) * 45_000),
      landingUrl: 'https://shop.example/p/0',
      riskLevel,
      threats: threatsOf(riskLevel),
      hits: pages,
      hitStatus: 'delivered',
    });
    if (next() < 0.15) {
      conversions.push({
        ...landing,
        relationshipId: RELATIONSHIP,
        id: `c${visit}`,
        sessionId: `s${visit}`,
        hitId: `h${visit}-0`,
        ts: new Date(startedAt.getTime() + 120_000),
        name: 'purchase',
        value: pick([10, 25.5, null]),
        currency: 'EUR',
        riskLevel,
        threats: threatsOf(riskLevel),
        status: pick(['reported', 'not_reported', 'paused'] as const),
        hitStatus: 'delivered',
      });
    }
  }
  return { hits, sessions, conversions };
}

const scope: QueryScope = {
  relationshipId: RELATIONSHIP,
  timeZone: 'America/New_York',
  from: new Date('2026-05-04T04:00:00Z'),
  to: new Date('2026-05-10T04:00:00Z'),
  metrics: COMPUTED_METRICS,
  filters: [],
  matchType: 'all',
  lookups: {
    googleCampaigns: new Map([['555', { name: 'Search brand', type: 'SEARCH' }]]),
    googleAccounts: new Map(),
  },
  // Clicks of campaign 555 at its imported cost per click on the days it has one, the rest of google
  // and facebook at their defaults (prices a double holds exactly, so sums agree to the last bit).
  costs: {
    defaultCpc: new Map([
      ['google', 0.5],
      ['facebook', 0.25],
    ]),
    importedCosts: true,
  },
};

const AD_COSTS: AdCostRow[] = ['2026-05-05', '2026-05-06', '2026-05-07'].map((day, index) => ({
  relationshipId: RELATIONSHIP,
  provider: 'google_ads',
  customerId: '1234567890',
  campaignId: '555',
  day,
  clicks: index === 2 ? 0 : 8,
  costMicros: 6_000_000,
  currency: 'EUR',
}));

const HIT_SLICE = 400;

describe('the same generated traffic on DuckDB and ClickHouse', () => {
  let duckdb: EventStore;
  let clickhouse: EventStore;
  let session: Session;
  let folder: string;
  const traffic = generate();
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'veracity-engines-'));
    session = new Session(folder);
    // A low threshold makes the DuckDB store compact its hourly rollup between the slices below.
    duckdb = await openDuckDbEventStore({ path: ':memory:', compactRollupAfter: 50 });
    clickhouse = openClickHouseEventStore(await openChdbExecutor(session, 'engines'));
    for (const store of [duckdb, clickhouse]) {
      await store.migrate();
      for (let first = 0; first < traffic.hits.length; first += HIT_SLICE) {
        await store.insertHits(traffic.hits.slice(first, first + HIT_SLICE));
      }
      await store.insertSessions(traffic.sessions);
      await store.insertConversions(traffic.conversions);
      await store.upsertAdCosts(AD_COSTS);
    }
  });
  afterAll(async () => {
    await duckdb.close();
    await clickhouse.close();
    session.close();
    await rm(folder, { recursive: true, force: true });
  });

  it.each(DIMENSION_IDS.map((dimension) => [dimension]))('gives the same tree by %s', async (dimension) => {
    const request = {
      dimensions: [dimension],
      sort: [{ key: 'hits' as const, direction: 'desc' as const }],
      page: 1,
      pageSize: 50,
      expanded: [],
    };
    const [fromDuckDb, fromClickHouse] = await Promise.all([
      tree(duckdb, scope, request),
      tree(clickhouse, scope, request),
    ]);
    expect(fromDuckDb.totals.hits).toBeGreaterThan(500);
    expect(fromClickHouse).toEqual(fromDuckDb);
  });

  it('counts released held conversions by their release, the same on both', async () => {
    const held = traffic.conversions
      .filter(
        (conversion) =>
          conversion.status === 'paused' && conversion.ts >= scope.from && conversion.ts < scope.to,
      )
      .map((conversion) => conversion.id);
    expect(held.length).toBeGreaterThan(4);
    const released = { reported: held.slice(0, 3), notReported: held.slice(3, 4) };
    const request = {
      dimensions: ['country' as const],
      sort: [{ key: 'hits' as const, direction: 'desc' as const }],
      page: 1,
      pageSize: 50,
      expanded: [],
    };
    const before = await tree(duckdb, scope, request);
    const [fromDuckDb, fromClickHouse] = await Promise.all([
      tree(duckdb, { ...scope, released }, request),
      tree(clickhouse, { ...scope, released }, request),
    ]);
    expect(fromClickHouse).toEqual(fromDuckDb);
    const count = (totals: typeof before.totals, metric: string) => Number(totals[metric as never]);
    expect(count(fromDuckDb.totals, 'pausedConversions')).toBe(count(before.totals, 'pausedConversions') - 4);
    expect(count(fromDuckDb.totals, 'conversionsReported')).toBe(
      count(before.totals, 'conversionsReported') + 3,
    );
    expect(count(fromDuckDb.totals, 'conversionsNotReported')).toBe(
      count(before.totals, 'conversionsNotReported') + 1,
    );
    expect(fromDuckDb.totals.conversions).toBe(before.totals.conversions);
  });

  it('gives the same threat breakdown', async () => {
    const [fromDuckDb, fromClickHouse] = await Promise.all([
      threats(duckdb, scope, ['country'], ['ES']),
      threats(clickhouse, scope, ['country'], ['ES']),
    ]);
    expect(fromDuckDb.length).toBe(3);
    expect(fromClickHouse).toEqual(fromDuckDb);
  });
});
