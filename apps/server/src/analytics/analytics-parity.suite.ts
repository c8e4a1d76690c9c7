import { DIMENSION_IDS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { AnalyticsTreeRow, DimensionValue, MetricValues } from '@veracity/contracts/analytics/query';
import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeConversion,
  makeHit,
  makeSession,
  OTHER_RELATIONSHIP,
  RELATIONSHIP,
} from '../storage/events/event-store.fixtures.js';
import type {
  ConversionRow,
  EventDimensions,
  EventStore,
  HitRow,
  SessionRow,
} from '../storage/events/event-store.js';
import { sql } from '../storage/events/sql.js';
import type { DimensionLookups } from './dimension-columns.js';
import { NO_COST_BASIS } from './hit-cost.js';
import { COMPUTED_METRICS, type ComputedMetric } from './metric-formulas.js';
import { type QueryScope, threats, totals, tree, widgetStats } from './results.js';
import { rollupServes } from './rollup.js';

/**
 * The analytics parity suite: the same small fixture in every event store, and every metric on every
 * dimension compared with a reference computed here in plain code from the fixture rows (and a few
 * figures written out by hand), so both stores give the same numbers as each other and as the
 * definitions in docs/metrics.md.
 */

const ZONE = 'Europe/Madrid';
const FROM = new Date('2026-03-01T00:00:00+01:00');
const TO = new Date('2026-03-03T00:00:00+01:00');

const GOOGLE_CAMPAIGNS: DimensionLookups = {
  googleCampaigns: new Map([['111', { name: 'Brand search', type: 'SEARCH' }]]),
  googleAccounts: new Map([['1234567890', 'Acme Ads']]),
};

const base = (dims: Partial<EventDimensions>): EventDimensions => ({ trafficType: 'google', ...dims });

const SPAIN = base({
  country: 'ES',
  deviceType: 'Desktop',
  osName: 'Windows',
  browser: 'Chrome',
  isp: 'Telefonica',
  domain: 'shop.example',
  referrer: 'https://www.google.com/',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'winter',
  campaignId: 7,
  googleCampaignId: '111',
  googleAccountId: '1234567890',
  googleKeyword: 'boots',
  googlePlacement: null,
  hitStatus: 'delivered',
  vars: { var1: 'a' },
});
const FRANCE = base({
  trafficType: 'facebook',
  country: 'FR',
  deviceType: 'Phone',
  osName: 'iOS',
  browser: 'Mobile Safari',
  isp: 'Orange',
  domain: 'shop.example',
  utmSource: 'facebook',
  utmContent: 'carousel',
  utmTerm: 'coat',
  offerId: 3,
  trafficSourceId: 9,
  subPublisher: 'pub-1',
  hitStatus: 'blocked',
  vars: { var1: 'b', var2: 'x' },
});
const DATACENTER = base({
  trafficType: 'direct',
  country: 'US',
  deviceType: 'Desktop',
  osName: 'Linux',
  browser: 'Chrome',
  isp: 'Amazon',
  // An account Google Ads did not name, stored dashed: shown by its id, dashed 3-3-rest.
  googleAccountId: '987-65432101',
  hitStatus: 'paused',
});

function hit(
  id: string,
  ts: string,
  dims: EventDimensions,
  risk: HitRow['riskLevel'],
  extra: Partial<HitRow> = {},
) {
  return makeHit({
    id,
    ts: new Date(ts),
    sessionId: `s-${id}`,
    riskLevel: risk,
    threats:
      risk === 'low'
        ? []
        : risk === 'high'
          ? ['automation:webdriver', 'network:datacenter']
          : ['network:datacenter'],
    ...dims,
    hitStatus: dims.hitStatus ?? 'delivered',
    ...extra,
  });
}

/** Nine hits over two Madrid days (one just before midnight UTC of the next), one outside the range. */
export const PARITY_HITS: readonly HitRow[] = [
  hit('h1', '2026-03-01T09:00:00Z', SPAIN, 'low', { cost: 0.5 }),
  hit('h2', '2026-03-01T09:05:00Z', SPAIN, 'low', { cost: 0.5, sessionId: 's-h1' }),
  hit('h3', '2026-03-01T22:30:00Z', SPAIN, 'high', { cost: 0.5 }), // 23:30 in Madrid, still 1 March
  hit('h4', '2026-03-01T23:30:00Z', FRANCE, 'medium', { cost: 1.25 }), // 2 March 00:30 in Madrid
  hit('h5', '2026-03-02T10:00:00Z', FRANCE, 'low', { cost: 1.25 }),
  hit('h6', '2026-03-02T11:00:00Z', DATACENTER, 'high'),
  hit('h7', '2026-03-02T11:00:01Z', DATACENTER, 'high'),
  hit('h8', '2026-03-02T12:00:00Z', base({ trafficType: 'organic_search', country: 'ES' }), 'low'),
  hit('out', '2026-03-03T00:00:00Z', SPAIN, 'high'), // 3 March 01:00 in Madrid: outside
  hit('other', '2026-03-01T12:00:00Z', SPAIN, 'high', { relationshipId: OTHER_RELATIONSHIP }),
];

function sessionOf(first: HitRow, risk: SessionRow['riskLevel'], hits = 1): SessionRow {
  const {
    id: _hitId,
    ts,
    url,
    sessionId,
    ip: _ip,
    asn: _asn,
    userAgent: _ua,
    clickId: _c,
    clickIdType: _t,
    cost: _cost,
    deviceId: _d,
    score: _s,
    ...dims
  } = first;
  return makeSession({
    ...dims,
    id: sessionId,
    startedAt: ts,
    lastSeenAt: ts,
    landingUrl: url,
    riskLevel: risk,
    hits,
  });
}

const hitById = (id: string) => {
  const found = PARITY_HITS.find((row) => row.id === id);
  if (!found) throw new Error(id);
  return found;
};

export const PARITY_SESSIONS: readonly SessionRow[] = [
  sessionOf(hitById('h1'), 'low', 2),
  sessionOf(hitById('h3'), 'high'),
  sessionOf(hitById('h4'), 'medium'),
  sessionOf(hitById('h5'), 'high'), // the engagement beacon made it worse than its hit
  sessionOf(hitById('h6'), 'high'),
  sessionOf(hitById('h7'), 'high'),
  sessionOf(hitById('h8'), 'low'),
  sessionOf(hitById('out'), 'high'),
];

function conversionOf(id: string, click: HitRow, extra: Partial<ConversionRow>): ConversionRow {
  const {
    id: hitId,
    ts,
    url: _u,
    sessionId,
    ip: _ip,
    asn: _asn,
    userAgent: _ua,
    clickId: _c,
    clickIdType: _t,
    cost: _cost,
    deviceId: _d,
    score: _s,
    riskLevel,
    threats: reasons,
    ...dims
  } = click;
  return makeConversion({
    ...dims,
    id,
    hitId,
    sessionId,
    ts: new Date(ts.getTime() + 600_000),
    riskLevel,
    threats: reasons,
    ...extra,
  });
}

export const PARITY_CONVERSIONS: readonly ConversionRow[] = [
  conversionOf('c1', hitById('h2'), { value: 100, status: 'reported' }),
  conversionOf('c2', hitById('h5'), {
    value: 40,
    status: 'paused',
    riskLevel: 'medium',
    threats: ['behaviour:no_interaction'],
  }),
  conversionOf('c3', hitById('h6'), { value: null, status: 'not_reported' }),
];

/** Madrid calendar labels, as the dialects give them. */
function bucket(date: Date, kind: 'day' | 'hour' | 'month'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  if (kind === 'month') return `${parts.year}-${parts.month}`;
  if (kind === 'day') return `${parts.year}-${parts.month}-${parts.day}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:00`;
}

type AnyRow = HitRow | SessionRow | ConversionRow;

function timeOf(row: AnyRow): Date {
  return 'startedAt' in row ? row.startedAt : row.ts;
}

/** The reference reading of a dimension on a fixture row. */
function referenceValue(row: AnyRow, dimension: DimensionId): DimensionValue {
  const vars = row.vars as Record<string, string | null | undefined> | undefined;
  const direct: Partial<Record<DimensionId, unknown>> = {
    offer: row.offerId,
    campaign: row.campaignId,
    trafficSource: row.trafficSourceId,
    subPublisher: row.subPublisher,
    device: row.deviceType,
    os: row.osName,
    browser: row.browser,
    country: row.country,
    isp: row.isp,
    opt_domain: row.domain,
    referer: row.referrer,
    googleCampaignId: row.googleCampaignId,
    googlePlacement: row.googlePlacement,
    googleKeyword: row.googleKeyword,
    googleAccountId: row.googleAccountId ? formatGoogleAccountId(row.googleAccountId) : null,
    googleAccountName: row.googleAccountId
      ? (GOOGLE_CAMPAIGNS.googleAccounts.get(row.googleAccountId.replaceAll('-', '')) ??
        formatGoogleAccountId(row.googleAccountId))
      : null,
    googleCampaignName: row.googleCampaignId
      ? (GOOGLE_CAMPAIGNS.googleCampaigns.get(row.googleCampaignId)?.name ?? row.googleCampaignId)
      : null,
    googleCampaignType: row.googleCampaignId
      ? (GOOGLE_CAMPAIGNS.googleCampaigns.get(row.googleCampaignId)?.type ?? null)
      : null,
    trafficType: row.trafficType,
    utm_source: row.utmSource,
    utm_campaign: row.utmCampaign,
    utm_medium: row.utmMedium,
    utm_content: row.utmContent,
    utm_term: row.utmTerm,
    hitSecurityLevel: row.riskLevel,
    hitStatus: row.hitStatus,
    day: bucket(timeOf(row), 'day'),
    hour: bucket(timeOf(row), 'hour'),
    month: bucket(timeOf(row), 'month'),
  };
  const value = dimension in direct ? direct[dimension] : vars?.[dimension];
  return (value ?? null) as DimensionValue;
}

const inScope = (row: AnyRow) =>
  row.relationshipId === RELATIONSHIP && timeOf(row) >= FROM && timeOf(row) < TO;

/** The reference metrics of the fixture rows that pass `keep`, from docs/metrics.md. */
function referenceMetrics(keep: (row: AnyRow) => boolean): Record<ComputedMetric, number | null> {
  const hits = PARITY_HITS.filter((row) => inScope(row) && keep(row));
  const sessions = PARITY_SESSIONS.filter((row) => inScope(row) && keep(row));
  const conversions = PARITY_CONVERSIONS.filter((row) => inScope(row) && keep(row));
  const count = <Row>(rows: readonly Row[], test: (row: Row) => boolean) => rows.filter(test).length;
  const pct = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);
  const h = {
    all: hits.length,
    high: count(hits, (r) => r.riskLevel === 'high'),
    medium: count(hits, (r) => r.riskLevel === 'medium'),
    low: count(hits, (r) => r.riskLevel === 'low'),
    delivered: count(hits, (r) => r.hitStatus === 'delivered'),
    cost: hits.reduce((sum, r) => sum + (r.cost ?? 0), 0),
  };
  const s = {
    all: sessions.length,
    high: count(sessions, (r) => r.riskLevel === 'high'),
    medium: count(sessions, (r) => r.riskLevel === 'medium'),
    low: count(sessions, (r) => r.riskLevel === 'low'),
  };
  const c = {
    all: conversions.length,
    high: count(conversions, (r) => r.riskLevel === 'high'),
    medium: count(conversions, (r) => r.riskLevel === 'medium'),
    low: count(conversions, (r) => r.riskLevel === 'low'),
    reported: count(conversions, (r) => r.status === 'reported'),
    revenue: conversions.reduce((sum, r) => sum + (r.value ?? 0), 0),
  };
  return {
    sessions: s.all,
    trafficVeracitySessions: pct(s.low, s.all),
    highRiskSessions: s.high,
    mediumRiskSessions: s.medium,
    lowRiskSessions: s.low,
    hits: h.all,
    trafficVeracityHits: pct(h.low, h.all),
    highRiskHits: h.high,
    mediumRiskHits: h.medium,
    lowRiskHits: h.low,
    highRiskHitsPercent: pct(h.high, h.all),
    mediumRiskHitsPercent: pct(h.medium, h.all),
    lowRiskHitsPercent: pct(h.low, h.all),
    allowedHits: h.delivered,
    pausedHits: count(hits, (r) => r.hitStatus === 'paused'),
    blockedHits: count(hits, (r) => r.hitStatus === 'blocked'),
    conversions: c.all,
    trafficVeracityConversions: pct(c.low, c.all),
    highRiskConversions: c.high,
    mediumRiskConversions: c.medium,
    lowRiskConversions: c.low,
    highRiskConversionsPercent: pct(c.high, c.all),
    mediumRiskConversionsPercent: pct(c.medium, c.all),
    lowRiskConversionsPercent: pct(c.low, c.all),
    conversionsReported: c.reported,
    pausedConversions: count(conversions, (r) => r.status === 'paused'),
    conversionsNotReported: count(conversions, (r) => r.status === 'not_reported'),
    allowedConversionRate: pct(c.reported, h.delivered),
    advertiserConversionRate: pct(c.all, h.delivered),
    conversionRate: pct(c.all, h.all),
    revenue: c.revenue,
    cost: h.cost,
    profit: c.revenue - h.cost,
    roi: h.cost === 0 ? null : (100 * (c.revenue - h.cost)) / h.cost,
  };
}

function scope(metrics: readonly ComputedMetric[] = COMPUTED_METRICS): QueryScope {
  return {
    relationshipId: RELATIONSHIP,
    timeZone: ZONE,
    from: FROM,
    to: TO,
    metrics,
    filters: [],
    matchType: 'all',
    lookups: GOOGLE_CAMPAIGNS,
    // Each hit at its own cost (money priced from ad costs: `analytics-money.suite.ts`).
    costs: NO_COST_BASIS,
  };
}

function expectMetrics(actual: MetricValues, expected: Record<string, number | null>, where: string) {
  for (const [metric, value] of Object.entries(expected)) {
    const got = actual[metric];
    if (value === null) expect(got, `${where} ${metric}`).toBeNull();
    else expect(got, `${where} ${metric}`).toBeCloseTo(value, 9);
  }
}

export function describeAnalyticsParity(
  name: string,
  open: () => Promise<{ store: EventStore; close(): Promise<void> }>,
) {
  describe(`analytics parity: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
      await store.migrate();
      await store.insertHits(PARITY_HITS);
      await store.insertSessions(PARITY_SESSIONS);
      await store.insertConversions(PARITY_CONVERSIONS);
    });
    afterAll(async () => {
      await close();
    });

    it('gives the hand-computed totals of the fixture', async () => {
      const all = await totals(store, scope());
      // Written out by hand from the rows above (8 hits, 7 sessions, 3 conversions in the range).
      expectMetrics(
        all,
        {
          hits: 8,
          highRiskHits: 3,
          mediumRiskHits: 1,
          lowRiskHits: 4,
          trafficVeracityHits: 50,
          allowedHits: 4,
          blockedHits: 2,
          pausedHits: 2,
          sessions: 7,
          highRiskSessions: 4,
          lowRiskSessions: 2,
          conversions: 3,
          conversionsReported: 1,
          revenue: 140,
          cost: 4,
          profit: 136,
          roi: 3400,
          conversionRate: 37.5,
          allowedConversionRate: 25,
          advertiserConversionRate: 75,
        },
        'totals',
      );
      expectMetrics(
        all,
        referenceMetrics(() => true),
        'totals',
      );
    });

    it.each(DIMENSION_IDS.map((dimension) => [dimension]))(
      'computes every metric by %s',
      async (dimension) => {
        const result = await tree(store, scope(), {
          dimensions: [dimension],
          sort: [{ key: 'sessions', direction: 'desc' }],
          page: 1,
          pageSize: 100,
          expanded: [],
        });
        const rows = [...PARITY_HITS, ...PARITY_SESSIONS, ...PARITY_CONVERSIONS].filter(inScope);
        const values = [...new Set(rows.map((row) => referenceValue(row, dimension)))];
        expect(result.totalRows).toBe(values.length);
        expect(new Set(result.rows.map((row) => row.value))).toEqual(new Set(values));
        for (const row of result.rows) {
          expectMetrics(
            row.metrics,
            referenceMetrics((event) => referenceValue(event, dimension) === row.value),
            `${dimension}=${row.value}`,
          );
        }
        // Sessions descending, ties by value: the order a page is cut in.
        const sessions = result.rows.map((row) => row.metrics.sessions ?? 0);
        expect(sessions).toEqual([...sessions].sort((a, b) => b - a));
        // The hourly rollup, where it answers, gives exactly what the hits give.
        const fromHits = await tree(
          store,
          { ...scope(), useRollups: false },
          {
            dimensions: [dimension],
            sort: [{ key: 'sessions', direction: 'desc' }],
            page: 1,
            pageSize: 100,
            expanded: [],
          },
        );
        expect(result).toEqual(fromHits);
      },
    );

    it('reads hits from the hourly rollup where it can, with the same figures, re-sent hits counted once', async () => {
      const hitMetrics: ComputedMetric[] = ['hits', 'highRiskHits', 'allowedHits', 'blockedHits', 'cost'];
      const spainOrFrance: QueryScope = {
        ...scope(hitMetrics),
        filters: [{ dimension: 'country', type: 'equals', values: ['ES', 'FR'] }],
      };
      expect(rollupServes({ ...spainOrFrance, dimensions: ['day', 'trafficType'] })).toBe(true);
      const viaRollup = await widgetStats(store, spainOrFrance, ['day', 'trafficType']);
      const viaHits = await widgetStats(store, { ...spainOrFrance, useRollups: false }, [
        'day',
        'trafficType',
      ]);
      expect(viaRollup).toEqual(viaHits);
      expect(viaRollup.totals).toEqual({ hits: 6, highRiskHits: 1, allowedHits: 4, blockedHits: 2, cost: 4 });
      await store.insertHits(PARITY_HITS);
      expect(await widgetStats(store, spainOrFrance, ['day', 'trafficType'])).toEqual(viaRollup);
      // A zone with half-hour offsets, a range off the hour or another dimension reads the hits.
      expect(rollupServes({ ...spainOrFrance, dimensions: ['day'], timeZone: 'Asia/Kolkata' })).toBe(false);
      const offTheHour = { ...spainOrFrance, from: new Date('2026-03-01T10:30:00Z') };
      expect(rollupServes({ ...offTheHour, dimensions: ['trafficType'] })).toBe(false);
      expect(rollupServes({ ...spainOrFrance, dimensions: ['isp'] })).toBe(false);
    });

    it('pages, sorts by any metric, and opens rows a level down', async () => {
      const first = await tree(store, scope(['hits', 'sessions', 'roi']), {
        dimensions: ['country', 'day'],
        sort: [{ key: 'hits', direction: 'asc' }],
        page: 1,
        pageSize: 2,
        expanded: [['ES'], ['FR', 'nowhere']],
      });
      expect(first.totalRows).toBe(3);
      expect(first.rows.map((row) => [row.value, row.metrics.hits])).toEqual([
        ['FR', 2],
        ['US', 2],
      ]);
      expect(first.rows[0]?.children).toBeUndefined(); // ES is on page 2, so nothing opens
      const second = await tree(store, scope(['hits', 'sessions']), {
        dimensions: ['country', 'day'],
        sort: [{ key: 'hits', direction: 'asc' }],
        page: 2,
        pageSize: 2,
        expanded: [['ES']],
      });
      const spain = second.rows[0] as AnalyticsTreeRow;
      expect(spain.value).toBe('ES');
      expect(spain.children?.map((row) => [row.path, row.metrics.hits, row.metrics.sessions])).toEqual([
        [['ES', '2026-03-02'], 1, 1],
        [['ES', '2026-03-01'], 3, 2],
      ]);
      expect(spain.totalChildren).toBe(2);

      // Paths open parents first, whatever their order in the request; a child of a closed row does not.
      const nested = await tree(store, scope(['hits']), {
        dimensions: ['country', 'day', 'trafficType'],
        sort: [{ key: 'hits', direction: 'asc' }],
        page: 2,
        pageSize: 2,
        expanded: [['ES', '2026-03-01'], ['FR', '2026-03-01'], ['ES']],
      });
      const march1 = nested.rows[0]?.children?.find((row) => row.value === '2026-03-01');
      expect(march1?.children?.reduce((sum, row) => sum + Number(row.metrics.hits), 0)).toBe(3);
      expect(march1?.children?.every((row) => row.path.length === 3)).toBe(true);
      expect(nested.rows.some((row) => row.value === 'FR')).toBe(false);
    });

    it('counts every row of the query on a page past the last, not the rows of that page', async () => {
      const page = (number: number) =>
        tree(store, scope(['hits', 'sessions']), {
          dimensions: ['country', 'day'],
          sort: [{ key: 'hits', direction: 'asc' }],
          page: number,
          pageSize: 2,
          expanded: [['ES']],
        });
      const [first, last, past, far] = await Promise.all([page(1), page(2), page(3), page(50)]);
      expect(first.totalRows).toBe(3);
      expect(last.rows).toHaveLength(1);
      expect(last.totalRows).toBe(3);
      for (const beyond of [past, far]) {
        expect(beyond.rows).toEqual([]);
        expect(beyond.totalRows).toBe(3);
        expect(beyond.totals).toEqual(first.totals);
      }
      // A query that selects nothing has no rows on its first page and counts none.
      const none = await tree(
        store,
        { ...scope(['hits']), filters: [{ dimension: 'country', type: 'equals', values: ['ZZ'] }] },
        { dimensions: ['country'], sort: [], page: 2, pageSize: 2, expanded: [] },
      );
      expect(none.totalRows).toBe(0);
    });

    it('filters with all or any of the lines, and excludes with notEquals', async () => {
      const run = async (filters: QueryScope['filters'], matchType: 'all' | 'any') =>
        totals(store, { ...scope(['hits', 'sessions', 'conversions']), filters, matchType });
      const spain = { dimension: 'country', type: 'equals', values: ['ES'] } as const;
      const google = { dimension: 'trafficType', type: 'equals', values: ['google'] } as const;
      expect(await run([spain, google], 'all')).toEqual({ hits: 3, sessions: 2, conversions: 1 });
      expect(await run([spain, google], 'any')).toEqual({ hits: 4, sessions: 3, conversions: 1 });
      // notEquals keeps rows without a value: h6, h7 and h8 have no campaign.
      expect(await run([{ dimension: 'campaign', type: 'notEquals', values: [7] }], 'all')).toEqual({
        hits: 5,
        sessions: 5,
        conversions: 2,
      });
    });

    it('finds text ignoring case, with pattern characters taken literally', async () => {
      const count = async (search: string) => {
        const [row] = await store.query<{ n: number }>(
          (d) => sql`SELECT count(*) AS n FROM hits WHERE ${d.containsText('isp', search)}`,
        );
        return row?.n;
      };
      expect(await count('TELEF')).toBe(5); // h1, h2, h3, the hit after the range, the other account's
      expect(await count('ama')).toBe(2);
      expect(await count('%')).toBe(0);
      expect(await count('_')).toBe(0);
    });

    it('gives a chart its series by two dimensions, in order', async () => {
      const stats = await widgetStats(store, scope(['hits', 'highRiskHits']), ['day', 'trafficType']);
      expect(stats.rows.map((row) => [...row.values, row.metrics.hits, row.metrics.highRiskHits])).toEqual([
        ['2026-03-01', 'google', 3, 1],
        ['2026-03-02', 'direct', 2, 2],
        ['2026-03-02', 'facebook', 2, 0],
        ['2026-03-02', 'organic_search', 1, 0],
      ]);
      expect(stats.totals).toEqual({ hits: 8, highRiskHits: 3 });
      expect(stats.truncated).toBe(false);
    });

    it('breaks the threats down by tier for the query and for one row', async () => {
      const all = await threats(store, scope(), [], []);
      expect(all).toEqual([
        {
          threat: 'network:datacenter',
          hits: { high: 3, medium: 1, low: 0, total: 4 },
          sessions: { high: 3, medium: 1, low: 0, total: 4 },
          conversions: { high: 1, medium: 0, low: 0, total: 1 },
        },
        {
          threat: 'automation:webdriver',
          hits: { high: 3, medium: 0, low: 0, total: 3 },
          sessions: { high: 3, medium: 0, low: 0, total: 3 },
          conversions: { high: 1, medium: 0, low: 0, total: 1 },
        },
        {
          threat: 'behaviour:no_interaction',
          hits: { high: 0, medium: 0, low: 0, total: 0 },
          sessions: { high: 0, medium: 0, low: 0, total: 0 },
          conversions: { high: 0, medium: 1, low: 0, total: 1 },
        },
      ]);
      const france = await threats(store, scope(), ['country'], ['FR']);
      expect(france.map((entry) => [entry.threat, entry.hits.total, entry.conversions.total])).toEqual([
        ['network:datacenter', 1, 0],
        ['behaviour:no_interaction', 0, 1],
      ]);
    });
  });
}
