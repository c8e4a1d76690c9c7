import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCostRow } from '../storage/events/ad-costs.js';
import { makeConversion, makeHit, OTHER_RELATIONSHIP } from '../storage/events/event-store.fixtures.js';
import type { EventStore, HitRow } from '../storage/events/event-store.js';
import { type DimensionLookups, NO_LOOKUPS } from './dimension-columns.js';
import { costBasis } from './hit-cost.js';
import type { ComputedMetric } from './metric-formulas.js';
import { type QueryScope, totals, tree, widgetStats } from './results.js';
import { invalidClickCosts } from './savings.js';

/**
 * Money on every event store: clicks priced at their Google campaign's imported cost per click of
 * the day (in the account's zone), else at the account's default cost per click of their channel,
 * with the figures written out by hand (docs/metrics.md "Cost of a click").
 */

/** An account of its own, so the main parity fixture keeps its figures. */
const ACCOUNT = 303;
const ZONE = 'Europe/Madrid';
const FROM = new Date('2026-03-01T00:00:00+01:00');
const TO = new Date('2026-03-03T00:00:00+01:00');

const click = (id: string, ts: string, overrides: Partial<HitRow>): HitRow =>
  makeHit({
    id,
    relationshipId: ACCOUNT,
    sessionId: `s-${id}`,
    ts: new Date(ts),
    trafficType: 'google',
    riskLevel: 'low',
    threats: [],
    ...overrides,
  });

const HITS: readonly HitRow[] = [
  // 1 March in Madrid: campaign 111 costs 0.75 a click that day.
  click('g1', '2026-03-01T10:00:00Z', { googleCampaignId: '111', riskLevel: 'high', threats: ['x:y'] }),
  click('g2', '2026-03-01T22:30:00Z', { googleCampaignId: '111' }), // 23:30 in Madrid
  click('g5', '2026-03-01T11:00:00Z', { googleCampaignId: '111', cost: 2 }), // a cost of its own wins
  // 2 March in Madrid (00:30): campaign 111 has costs but no clicks that day: the google default.
  click('g3', '2026-03-01T23:30:00Z', { googleCampaignId: '111', riskLevel: 'high', threats: ['x:y'] }),
  click('g4', '2026-03-02T10:00:00Z', { googleCampaignId: '222', googleAccountId: '123-456-7890' }), // default
  click('f1', '2026-03-02T10:00:00Z', { trafficType: 'facebook', riskLevel: 'high', threats: ['x:y'] }),
  click('o1', '2026-03-02T10:00:00Z', { trafficType: 'organic_search' }), // not paid: no price
];

const cost = (day: string, clicks: number, costMicros: number, relationshipId = ACCOUNT): AdCostRow => ({
  relationshipId,
  provider: 'google_ads',
  customerId: '1234567890',
  campaignId: '111',
  day,
  clicks,
  costMicros,
  currency: 'EUR',
});

function scope(metrics: readonly ComputedMetric[]): QueryScope {
  return {
    relationshipId: ACCOUNT,
    timeZone: ZONE,
    from: FROM,
    to: TO,
    metrics,
    filters: [],
    matchType: 'all',
    lookups: NO_LOOKUPS,
    // organic_search is no paid channel: its default is ignored.
    costs: costBasis({ google: 0.3, facebook: 0.2, organic_search: 9 }),
  };
}

/** Names that differ from the ids, so a filter comparing names with ids would find nothing. */
const NAMES: DimensionLookups = {
  googleCampaigns: new Map([['111', { name: 'Brand search', type: 'SEARCH' }]]),
  googleAccounts: new Map([['1234567890', 'Acme Ads']]),
};

const MONEY: ComputedMetric[] = ['hits', 'revenue', 'cost', 'profit', 'roi'];

export function describeMoneyParity(
  name: string,
  open: () => Promise<{ store: EventStore; close(): Promise<void> }>,
) {
  describe(`analytics money: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
      await store.migrate();
      await store.insertHits(HITS);
      await store.insertConversions([
        makeConversion({
          id: 'c1',
          relationshipId: ACCOUNT,
          ts: new Date('2026-03-01T12:00:00Z'),
          value: 43,
        }),
      ]);
      // The first import of 1 March is replaced by the second; another account's costs stay its own.
      await store.upsertAdCosts([cost('2026-03-01', 2, 4_000_000), cost('2026-03-02', 0, 1_000_000)]);
      await store.upsertAdCosts([cost('2026-03-01', 4, 3_000_000)]);
      await store.upsertAdCosts([cost('2026-03-01', 1, 999_000_000, OTHER_RELATIONSHIP)]);
    });
    afterAll(async () => {
      await close();
    });

    it('prices a click at its campaign day, else its own cost first, else the default of its channel', async () => {
      const all = await totals(store, scope(MONEY));
      // g1 0.75 + g2 0.75 + g5 2 + g3 0.3 + g4 0.3 + f1 0.2 + o1 0.
      expect(all.cost).toBeCloseTo(4.3, 9);
      expect(all.profit).toBeCloseTo(38.7, 9);
      expect(all.roi).toBeCloseTo(900, 9);
      const byDay = await widgetStats(store, scope(['cost']), ['day']);
      expect(byDay.rows.map((row) => [row.values[0], row.metrics.cost])).toEqual([
        ['2026-03-01', expect.closeTo(3.5, 9)],
        ['2026-03-02', expect.closeTo(0.8, 9)],
      ]);
      const byCampaign = await tree(store, scope(['cost']), {
        dimensions: ['googleCampaignId'],
        sort: [{ key: 'cost', direction: 'desc' }],
        page: 1,
        pageSize: 10,
        expanded: [],
      });
      expect(byCampaign.rows.map((row) => [row.value, row.metrics.cost])).toEqual([
        ['111', expect.closeTo(3.8, 9)],
        ['222', expect.closeTo(0.3, 9)],
        [null, expect.closeTo(0.2, 9)],
      ]);
    });

    it("reads a click's day in the account's zone across a change of offset", async () => {
      // Madrid moves from +1 to +2 at 01:00 UTC on 29 March 2026.
      await store.insertHits([
        click('d1', '2026-03-28T23:30:00Z', { googleCampaignId: '111' }), // 29 March, 00:30 (+1)
        click('d2', '2026-03-29T22:30:00Z', { googleCampaignId: '111' }), // 30 March, 00:30 (+2)
      ]);
      await store.upsertAdCosts([cost('2026-03-29', 1, 1_000_000), cost('2026-03-30', 1, 2_000_000)]);
      const range = {
        from: new Date('2026-03-28T00:00:00+01:00'),
        to: new Date('2026-03-31T00:00:00+02:00'),
      };
      const byDay = await widgetStats(store, { ...scope(['cost']), ...range }, ['day']);
      expect(byDay.rows.map((row) => [row.values[0], row.metrics.cost])).toEqual([
        ['2026-03-29', 1],
        ['2026-03-30', 2],
      ]);
    });

    it('filters Google names by the ids the pickers list, whatever the dimension shows', async () => {
      const count = async (filter: QueryScope['filters'][number]) =>
        (await totals(store, { ...scope(['hits']), lookups: NAMES, filters: [filter] })).hits;
      expect(await count({ dimension: 'googleCampaignName', type: 'equals', values: ['111'] })).toBe(4);
      expect(await count({ dimension: 'googleCampaignType', type: 'notEquals', values: ['111'] })).toBe(3);
      // Account ids compare by their digits, dashed or not on either side.
      expect(await count({ dimension: 'googleAccountName', type: 'equals', values: ['1234567890'] })).toBe(1);
      expect(await count({ dimension: 'googleAccountId', type: 'equals', values: ['123-456-7890'] })).toBe(1);
    });

    it('reads the hits, not the hourly rollup, when clicks are priced, with the same figures', async () => {
      const request = scope(['hits', 'cost']);
      const viaPlan = await widgetStats(store, request, ['trafficType']);
      const viaHits = await widgetStats(store, { ...request, useRollups: false }, ['trafficType']);
      expect(viaPlan).toEqual(viaHits);
      expect(viaPlan.rows.map((row) => [row.values[0], row.metrics.cost])).toEqual([
        ['facebook', expect.closeTo(0.2, 9)],
        ['google', expect.closeTo(4.1, 9)],
        ['organic_search', 0],
      ]);
    });

    it('adds up the savings of invalid paid clicks by day and channel, at the same prices', async () => {
      expect(await invalidClickCosts(store, scope([]))).toEqual([
        { day: '2026-03-01', trafficType: 'google', invalidVisits: 1, pricedVisits: 1, savings: 0.75 },
        { day: '2026-03-02', trafficType: 'facebook', invalidVisits: 1, pricedVisits: 1, savings: 0.2 },
        { day: '2026-03-02', trafficType: 'google', invalidVisits: 1, pricedVisits: 1, savings: 0.3 },
      ]);
      // Without a default for google, its click without a campaign day has no price.
      const noDefault = { ...scope([]), costs: costBasis({ facebook: 0.2 }) };
      expect(
        (await invalidClickCosts(store, noDefault)).filter((row) => row.trafficType === 'google'),
      ).toEqual([
        { day: '2026-03-01', trafficType: 'google', invalidVisits: 1, pricedVisits: 1, savings: 0.75 },
        { day: '2026-03-02', trafficType: 'google', invalidVisits: 1, pricedVisits: 0, savings: 0 },
      ]);
    });

    it('splits the same savings by Google Ads campaign when asked (the performance screen)', async () => {
      const rows = await invalidClickCosts(store, scope([]), { byGoogleCampaign: true });
      expect(rows.map((row) => [row.day, row.trafficType, row.googleCampaignId, row.savings])).toEqual([
        ['2026-03-01', 'google', '111', 0.75],
        ['2026-03-02', 'facebook', null, 0.2],
        // Campaign 111's day without clicks: its click at the google default.
        ['2026-03-02', 'google', '111', expect.closeTo(0.3, 9)],
      ]);
    });
  });
}
