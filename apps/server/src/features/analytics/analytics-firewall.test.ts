import type { AnalyticsTree, FilterOptions, WidgetStats } from '@veracity/contracts/analytics/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConversion, makeHit } from '../../storage/events/event-store.fixtures.js';
import { createFirewallTenant } from '../../test-support/firewall-fixtures.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const RANGE = { from: '2026-04-01', to: '2026-04-02' };
const FIREWALL_METRICS = [
  'allowedHits',
  'pausedHits',
  'blockedHits',
  'conversionsReported',
  'pausedConversions',
  'conversionsNotReported',
  'allowedConversionRate',
  'advertiserConversionRate',
  'revenue',
  'cost',
  'profit',
  'roi',
] as const;

/**
 * A month day of firewall traffic as the click path stores it: campaign 7 (offer 70, source 700)
 * delivered 4 clicks at 0.5 each, paused 1 and blocked 2; campaign 8 (offer 80, source 800) delivered
 * 1 click at 1.0. Conversions: 2 reported (30 and 20) and 1 held (paused, 15) on campaign 7, 1 not
 * reported (10) on campaign 8.
 */
async function firewallDay(relationshipId: number): Promise<void> {
  const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 10, minute));
  const seven = { campaignId: 7, offerId: 70, trafficSourceId: 700 };
  const eight = { campaignId: 8, offerId: 80, trafficSourceId: 800 };
  const hit = (id: string, minute: number, more: Parameters<typeof makeHit>[0]) =>
    makeHit({ relationshipId, sessionId: `s-${id}`, ts: at(minute), trafficType: 'push', ...more, id });
  await t.stores.events.insertHits([
    hit('d1', 1, { id: 'd1', ...seven, hitStatus: 'delivered', cost: 0.5 }),
    hit('d2', 2, { id: 'd2', ...seven, hitStatus: 'delivered', cost: 0.5 }),
    hit('d3', 3, { id: 'd3', ...seven, hitStatus: 'delivered', cost: 0.5 }),
    hit('d4', 4, { id: 'd4', ...seven, hitStatus: 'delivered', cost: 0.5 }),
    hit('p1', 5, { id: 'p1', ...seven, hitStatus: 'paused', riskLevel: 'medium' }),
    hit('b1', 6, { id: 'b1', ...seven, hitStatus: 'blocked', riskLevel: 'high' }),
    hit('b2', 7, { id: 'b2', ...seven, hitStatus: 'blocked', riskLevel: 'high' }),
    hit('e1', 8, { id: 'e1', ...eight, hitStatus: 'delivered', cost: 1 }),
  ]);
  const conversion = (id: string, hitId: string, more: Partial<Parameters<typeof makeConversion>[0]>) =>
    makeConversion({
      relationshipId,
      id,
      hitId,
      sessionId: `s-${hitId}`,
      ts: at(30),
      trafficType: 'push',
      // A conversion carries its click's dimensions: only delivered clicks reach the offer.
      hitStatus: 'delivered',
      ...more,
    });
  await t.stores.events.insertConversions([
    conversion('c1', 'd1', { ...seven, status: 'reported', value: 30 }),
    conversion('c2', 'd2', { ...seven, status: 'reported', value: 20 }),
    conversion('c3', 'd3', { ...seven, status: 'paused', value: 15, riskLevel: 'high' }),
    conversion('c4', 'e1', { ...eight, status: 'not_reported', value: 10 }),
  ]);
}

describe('analytics of firewall traffic', () => {
  it('computes every firewall metric by campaign, offer and traffic source (integer ids)', async () => {
    const tenant = await createFirewallTenant(t, { company: 'Firewall analytics' });
    await firewallDay(tenant.relationshipId);
    const token = await accountToken(t, tenant);
    const tree = async (dimension: string, filters: object[] = []) => {
      const response = await call(t, 'POST', '/analytics/tree', {
        token,
        body: {
          dimensions: [dimension],
          metrics: ['hits', 'conversions', ...FIREWALL_METRICS],
          sort: [{ key: 'hits', direction: 'desc' }],
          filters,
          ...RANGE,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AnalyticsTree;
    };
    const byCampaign = await tree('campaign');
    expect(byCampaign.metrics).toEqual(['hits', 'conversions', ...FIREWALL_METRICS]);
    expect(byCampaign.rows.map((row) => row.value)).toEqual([7, 8]);
    expect(byCampaign.rows[0]?.metrics).toEqual({
      hits: 7,
      conversions: 3,
      allowedHits: 4,
      pausedHits: 1,
      blockedHits: 2,
      conversionsReported: 2,
      pausedConversions: 1,
      conversionsNotReported: 0,
      // Publisher CR: reported over delivered; advertiser CR: every conversion over delivered.
      allowedConversionRate: 50,
      advertiserConversionRate: 75,
      revenue: 65,
      cost: 2,
      profit: 63,
      roi: 3150,
    });
    expect(byCampaign.totals).toMatchObject({
      hits: 8,
      allowedHits: 5,
      pausedHits: 1,
      blockedHits: 2,
      conversionsReported: 2,
      pausedConversions: 1,
      conversionsNotReported: 1,
      revenue: 75,
      cost: 3,
      profit: 72,
    });
    expect((await tree('offer')).rows.map((row) => [row.value, row.metrics.allowedHits])).toEqual([
      [70, 4],
      [80, 1],
    ]);
    expect((await tree('trafficSource')).rows.map((row) => [row.value, row.metrics.blockedHits])).toEqual([
      [700, 2],
      [800, 0],
    ]);
    // Filters of the Traffic group (columns campaignId, offerId, trafficSourceId) take integers, or
    // digit strings, and give the same slice.
    for (const values of [[800], ['800']]) {
      const filtered = await tree('campaign', [{ column: 'trafficSourceId', type: 'equals', values }]);
      expect(filtered.rows.map((row) => row.value)).toEqual([8]);
      expect(filtered.totals).toMatchObject({ hits: 1, conversionsNotReported: 1 });
    }
    const excluded = await tree('offer', [{ column: 'campaignId', type: 'notEquals', values: [8] }]);
    expect(excluded.rows.map((row) => row.value)).toEqual([70]);
    const notAnId = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['day'],
        filters: [{ column: 'offerId', type: 'equals', values: ['seventy'] }],
        ...RANGE,
      },
    });
    expect(notAnId.statusCode).toBe(400);
    // The hit status is a dimension of firewall accounts too.
    expect((await tree('hitStatus')).rows.map((row) => [row.value, row.metrics.hits]).sort()).toEqual([
      ['blocked', 2],
      ['delivered', 5],
      ['paused', 1],
    ]);
  });

  it('hides firewall metrics, the Traffic dimensions and their filters without the firewall', async () => {
    const tenant = await createTenant(t, { plan: 'max' });
    await firewallDay(tenant.relationshipId);
    const token = await accountToken(t, tenant);
    const response = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['day'], metrics: ['hits', 'labels', ...FIREWALL_METRICS], ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as AnalyticsTree).metrics).toEqual(['hits']);
    expect((response.json() as AnalyticsTree).totals).toEqual({ hits: 8 });
    const widgets = await call(t, 'POST', '/widget-stats', {
      token,
      body: { dimensions: ['day'], metrics: ['allowedHits', 'blockedHits'], ...RANGE },
    });
    expect(widgets.statusCode, widgets.body).toBe(200);
    expect((widgets.json() as WidgetStats).metrics).toEqual([]);
    for (const dimension of ['offer', 'campaign', 'trafficSource', 'subPublisher', 'hitStatus']) {
      const refused = await call(t, 'POST', '/analytics/tree', {
        token,
        body: { dimensions: [dimension], ...RANGE },
      });
      expect(refused.statusCode, dimension).toBe(403);
    }
    const filtered = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['day'],
        filters: [{ column: 'trafficSourceId', type: 'equals', values: [700] }],
        ...RANGE,
      },
    });
    expect(filtered.statusCode).toBe(403);
    for (const filter of ['offer', 'campaign', 'trafficSource']) {
      const options = await call(t, 'GET', `/analytics/filter-options?filter=${filter}`, { token });
      expect(options.statusCode, filter).toBe(403);
    }
  });

  it('exports firewall metrics without labels, status, fraud severity and traffic veracity', async () => {
    const tenant = await createFirewallTenant(t, { company: 'Firewall export' });
    await firewallDay(tenant.relationshipId);
    const token = await accountToken(t, tenant);
    const response = await call(t, 'POST', '/analytics/export', {
      token,
      body: {
        dimensions: ['campaign'],
        metrics: [
          'status',
          'labels',
          'hits',
          'trafficVeracityHits',
          'highRiskHitsPercent',
          'allowedHits',
          'pausedHits',
          'blockedHits',
          'trafficVeracityConversions',
          'highRiskConversionsPercent',
          'conversionsReported',
          'pausedConversions',
          'allowedConversionRate',
          'revenue',
          'roi',
        ],
        sort: [{ key: 'hits', direction: 'desc' }],
        ...RANGE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(
      [
        'Campaign,Visits,Delivered,Paused,Blocked,Reported Conversions,Paused Conversions,Publisher CR,Revenue,ROI',
        '7,7,4,1,2,2,1,50,65,3150',
        '8,1,1,0,0,0,0,0,10,900',
        '',
      ].join('\r\n'),
    );
  });

  it("offers the account's own firewall campaigns in the campaign picker, hidden ones left out", async () => {
    const tenant = await createFirewallTenant(t, { company: 'Campaign picker' });
    const token = await accountToken(t, tenant);
    const post = async (body: object) => {
      const response = await call(t, 'POST', '/sensors/firewall', { token, body });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    const shown = await post({ name: 'Push EU' });
    const hidden = await post({ name: 'Push old' });
    const patched = await call(t, 'PATCH', `/sensors/firewall/${hidden}`, { token, body: { hidden: true } });
    expect(patched.statusCode, patched.body).toBe(200);
    const options = await call(t, 'GET', '/analytics/filter-options?filter=campaign', { token });
    expect(options.statusCode, options.body).toBe(200);
    const ids = (options.json() as FilterOptions).options.map((option) => option.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
  });
});
