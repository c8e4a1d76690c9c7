import type { AnalyticsTree, FilterOptions, WidgetStats } from '@veracity/contracts/analytics/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConversion, makeHit } from '../../storage/events/event-store.fixtures.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Money and Google names through the analytics calls: cost, revenue, profit and ROI hidden without
 * the firewall; clicks priced at the imported cost per click of their Google campaign; Google accounts
 * and campaigns named as Google Ads names them, ids dashed otherwise.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const RANGE = { from: '2026-03-01', to: '2026-03-02' };
const MONEY = ['hits', 'cost', 'revenue', 'profit', 'roi'] as const;

/** An account with two Google clicks of campaign 555 on 1 March, one of 777, and a 30.00 sale. */
async function accountWithGoogleClicks(features: { name: string; value: boolean }[]) {
  const tenant = await createTenant(t, { plan: 'custom', features });
  const relationshipId = tenant.relationshipId;
  const db = t.stores.accounts.db;
  await db
    .updateTable('relationships')
    .set({ timezone: 'UTC', default_cpc: JSON.stringify({ google: 0.5 }) })
    .where('id', '=', relationshipId)
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('ad_accounts')
    .values({
      relationship_id: relationshipId,
      provider: 'google_ads',
      customer_id: '1234567890',
      name: 'Acme <Ads>',
      currency: 'EUR',
      time_zone: 'UTC',
      manager_customer_id: null,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('ad_campaigns')
    .values({
      relationship_id: relationshipId,
      provider: 'google_ads',
      customer_id: '1234567890',
      campaign_id: '555',
      name: 'Brand search',
      type: 'SEARCH',
      status: 'ENABLED',
      updated_at: now,
    })
    .execute();
  const click = (id: string, googleCampaignId: string, googleAccountId: string) =>
    makeHit({
      id,
      relationshipId,
      sessionId: `s-${id}`,
      ts: new Date('2026-03-01T10:00:00Z'),
      trafficType: 'google',
      googleCampaignId,
      googleAccountId,
    });
  await t.stores.events.insertHits([
    click('g1', '555', '1234567890'),
    click('g2', '555', '123-456-7890'),
    click('g3', '777', '98765432101'),
  ]);
  await t.stores.events.insertConversions([
    makeConversion({ id: 'k1', relationshipId, ts: new Date('2026-03-01T11:00:00Z'), value: 30 }),
  ]);
  // Campaign 555 cost 18.00 for 12 clicks that day: 1.50 a click.
  await t.stores.events.upsertAdCosts([
    {
      relationshipId,
      provider: 'google_ads',
      customerId: '1234567890',
      campaignId: '555',
      day: '2026-03-01',
      clicks: 12,
      costMicros: 18_000_000,
      currency: 'EUR',
    },
  ]);
  return { tenant, token: await accountToken(t, tenant) };
}

const FIREWALL_AND_GOOGLE = [
  { name: 'sensor_firewall', value: true },
  { name: 'google_ppc', value: true },
];

describe('money metrics', () => {
  it('hides cost, revenue, profit and ROI without the firewall: trees, widgets, sorts and exports', async () => {
    const { token } = await accountWithGoogleClicks([{ name: 'google_ppc', value: true }]);
    const tree = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['day'],
        metrics: [...MONEY],
        sort: [{ key: 'cost', direction: 'desc' }],
        ...RANGE,
      },
    });
    expect(tree.statusCode, tree.body).toBe(200);
    expect((tree.json() as AnalyticsTree).metrics).toEqual(['hits']);
    expect((tree.json() as AnalyticsTree).totals).toEqual({ hits: 3 });
    const widgets = await call(t, 'POST', '/widget-stats', {
      token,
      body: { dimensions: ['day'], metrics: ['cost', 'roi'], ...RANGE },
    });
    expect(widgets.statusCode, widgets.body).toBe(200);
    expect((widgets.json() as WidgetStats).metrics).toEqual([]);
    expect((widgets.json() as WidgetStats).totals).toEqual({});
    const csv = await call(t, 'POST', '/analytics/export', {
      token,
      body: { dimensions: ['day'], metrics: [...MONEY], ...RANGE },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const header = csv.body.split('\n')[0] ?? '';
    expect(header).toMatch(/Visits/);
    expect(header).not.toMatch(/Cost|Revenue|Profit|ROI/);
  });

  it("prices a linked campaign's clicks at its imported cost per click, the others at the default", async () => {
    const { token } = await accountWithGoogleClicks(FIREWALL_AND_GOOGLE);
    const response = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['googleCampaignName'],
        metrics: [...MONEY],
        sort: [{ key: 'cost', direction: 'desc' }],
        ...RANGE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const tree = response.json() as AnalyticsTree;
    // 2 × 1.50 (campaign 555, imported) + 1 × 0.50 (campaign 777, the google default).
    expect(tree.totals).toEqual({ hits: 3, cost: 3.5, revenue: 30, profit: 26.5, roi: (100 * 26.5) / 3.5 });
    expect(tree.rows.map((row) => [row.value, row.metrics.cost])).toEqual([
      ['Brand search', 3],
      ['777', 0.5],
      [null, 0], // the sale, which no click of a campaign brought
    ]);
  });
});

describe('Google names in analytics', () => {
  it('names accounts and campaigns as Google Ads does, and shows other account ids dashed', async () => {
    const { token } = await accountWithGoogleClicks(FIREWALL_AND_GOOGLE);
    const valuesBy = async (dimension: string, filters: unknown[] = []) => {
      const response = await call(t, 'POST', '/analytics/tree', {
        token,
        body: {
          dimensions: [dimension],
          metrics: ['hits'],
          sort: [{ key: 'hits', direction: 'desc' }],
          filters,
          ...RANGE,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as AnalyticsTree).rows.map((row) => [row.value, row.metrics.hits]);
    };
    expect(await valuesBy('googleAccountName')).toEqual([
      ['Acme <Ads>', 2],
      ['987-654-32101', 1],
    ]);
    expect(await valuesBy('googleAccountId')).toEqual([
      ['123-456-7890', 2],
      ['987-654-32101', 1],
    ]);
    expect(await valuesBy('googleCampaignType')).toEqual([
      ['SEARCH', 2],
      [null, 1],
    ]);
  });

  it('offers the imported accounts and campaigns in the Google filters, by name', async () => {
    const { token } = await accountWithGoogleClicks(FIREWALL_AND_GOOGLE);
    const options = async (filter: string) => {
      const response = await call(t, 'GET', `/analytics/filter-options?filter=${filter}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as FilterOptions).options;
    };
    expect(await options('googleAccountName')).toEqual([{ id: '1234567890', name: 'Acme <Ads>' }]);
    expect(await options('googleAccountId')).toEqual([{ id: '1234567890', name: '123-456-7890' }]);
    expect(await options('googleCampaignName')).toEqual([{ id: '555', name: 'Brand search' }]);
  });
});
