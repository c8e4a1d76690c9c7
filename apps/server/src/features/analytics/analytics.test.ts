import type {
  AnalyticsThreats,
  AnalyticsTree,
  FilterOptions,
  WidgetStats,
} from '@veracity/contracts/analytics/query';
import type { PlanType } from '@veracity/contracts/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConversion, makeHit, makeSession } from '../../storage/events/event-store.fixtures.js';
import { accountToken, addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A tenant in Madrid's zone with a few events: 2 hits on 1 March (one invalid), 1 on 2 March. */
async function tenantWithEvents(
  options: { plan?: PlanType; features?: { name: string; value: boolean }[]; allowedVars?: number } = {},
): Promise<{ tenant: Tenant; token: string }> {
  const tenant = await createTenant(t, {
    plan: options.plan ?? 'pro',
    ...(options.features ? { features: options.features } : {}),
  });
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ timezone: 'Europe/Madrid', allowed_vars: options.allowedVars ?? 4 })
    .where('id', '=', tenant.relationshipId)
    .execute();
  const relationshipId = tenant.relationshipId;
  const events = t.stores.events;
  await events.insertHits([
    makeHit({
      id: 'a1',
      relationshipId,
      sessionId: 's1',
      ts: new Date('2026-03-01T10:00:00Z'),
      country: 'ES',
      cost: 2,
    }),
    makeHit({
      id: 'a2',
      relationshipId,
      sessionId: 's2',
      ts: new Date('2026-03-01T22:59:00Z'), // 23:59 in Madrid
      trafficType: 'facebook',
      country: 'FR',
      riskLevel: 'high',
      threats: ['automation:webdriver'],
      hitStatus: 'blocked',
    }),
    makeHit({
      id: 'a3',
      relationshipId,
      sessionId: 's1',
      ts: new Date('2026-03-02T09:00:00Z'),
      country: 'ES',
    }),
  ]);
  await events.insertSessions([
    makeSession({
      id: 's1',
      relationshipId,
      startedAt: new Date('2026-03-01T10:00:00Z'),
      lastSeenAt: new Date('2026-03-02T09:00:00Z'),
      country: 'ES',
      hits: 2,
    }),
    makeSession({
      id: 's2',
      relationshipId,
      startedAt: new Date('2026-03-01T22:59:00Z'),
      lastSeenAt: new Date('2026-03-01T22:59:00Z'),
      trafficType: 'facebook',
      country: 'FR',
      riskLevel: 'high',
      threats: ['automation:webdriver'],
    }),
  ]);
  await events.insertConversions([
    makeConversion({
      id: 'k1',
      relationshipId,
      hitId: 'a1',
      ts: new Date('2026-03-01T10:30:00Z'),
      country: 'ES',
      value: 10,
    }),
  ]);
  return { tenant, token: await accountToken(t, tenant) };
}

const RANGE = { from: '2026-03-01', to: '2026-03-02' };

describe('POST /api/analytics/tree', () => {
  it('answers the default metrics by dimension in the account zone, with totals, sorted by sessions', async () => {
    const { token } = await tenantWithEvents();
    const response = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['day'], filters: [], ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(200);
    const tree = response.json() as AnalyticsTree;
    // Pro has no firewall: Delivered, Reported Conversions, Publisher CR and Cost are left out.
    expect(tree.metrics).toEqual([
      'sessions',
      'hits',
      'trafficVeracityHits',
      'highRiskHits',
      'mediumRiskHits',
      'conversions',
      'trafficVeracityConversions',
      'highRiskConversions',
      'mediumRiskConversions',
      'lowRiskConversions',
    ]);
    expect(tree.totals).toMatchObject({ sessions: 2, hits: 3, highRiskHits: 1, conversions: 1 });
    expect(tree.rows.map((row) => [row.value, row.metrics.hits, row.metrics.sessions])).toEqual([
      ['2026-03-01', 2, 2],
      ['2026-03-02', 1, 0],
    ]);
    expect(tree.totalRows).toBe(2);
    expect(tree.page).toBe(1);
  });

  it('gives firewall metrics to accounts with the firewall, and opens rows', async () => {
    const { token } = await tenantWithEvents({
      plan: 'custom',
      features: [{ name: 'sensor_firewall', value: true }],
    });
    const response = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['country', 'trafficType'],
        metrics: ['hits', 'allowedHits', 'blockedHits', 'cost', 'revenue', 'roi'],
        sort: [{ key: 'hits', direction: 'desc' }],
        expanded: [['FR']],
        ...RANGE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const tree = response.json() as AnalyticsTree;
    expect(tree.totals).toEqual({ hits: 3, allowedHits: 2, blockedHits: 1, cost: 2, revenue: 10, roi: 400 });
    expect(tree.rows.map((row) => row.value)).toEqual(['ES', 'FR']);
    expect(tree.rows[1]?.children?.map((row) => [row.path, row.metrics.blockedHits])).toEqual([
      [['FR', 'facebook'], 1],
    ]);
  });

  it('keeps each account to its own events', async () => {
    const mine = await tenantWithEvents();
    const empty = await createTenant(t);
    const response = await call(t, 'POST', '/analytics/tree', {
      token: await accountToken(t, empty),
      body: { dimensions: ['day'], ...RANGE },
    });
    expect(response.json()).toMatchObject({ rows: [], totalRows: 0, totals: { hits: 0, sessions: 0 } });
    expect(mine.tenant.relationshipId).not.toBe(empty.relationshipId);
  });

  it('gives the free plan day and trafficType only, and no filters', async () => {
    const { token } = await tenantWithEvents({ plan: 'free_trial' });
    const ok = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['trafficType'], ...RANGE },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const country = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['country'], ...RANGE },
    });
    expect(country.statusCode).toBe(403);
    expect(country.json()).toMatch(/Free plan analyses by Day and Traffic Type only/);
    const filtered = await call(t, 'POST', '/analytics/tree', {
      token,
      body: {
        dimensions: ['day'],
        filters: [{ column: 'country', type: 'equals', values: ['ES'] }],
        ...RANGE,
      },
    });
    expect(filtered.statusCode).toBe(403);
    expect(filtered.json()).toBe(
      'Filters selection is not available on Free Plan. You can still explore the possible filters Veracity offers',
    );
  });

  it('refuses Google dimensions without the Google feature and custom variables beyond allowedVars', async () => {
    const { token } = await tenantWithEvents({ plan: 'lite', allowedVars: 2 });
    const google = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['googleCampaignId'], ...RANGE },
    });
    expect(google.statusCode).toBe(403);
    expect(google.json()).toBe('The Google Campaign ID dimension is not available on your plan');
    expect(
      (await call(t, 'POST', '/analytics/tree', { token, body: { dimensions: ['var2'], ...RANGE } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'POST', '/analytics/tree', { token, body: { dimensions: ['var3'], ...RANGE } }))
        .statusCode,
    ).toBe(403);
  });

  it('lets the demo account read', async () => {
    const { token } = await tenantWithEvents({ plan: 'demo' });
    const response = await call(t, 'POST', '/analytics/tree', {
      token,
      body: { dimensions: ['day'], ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 400 with a reason for bad input', async () => {
    const { token } = await tenantWithEvents();
    const ask = (body: object) => call(t, 'POST', '/analytics/tree', { token, body });
    expect((await ask({ dimensions: ['day'], from: '01/03/2026', to: '2026-03-02' })).statusCode).toBe(400);
    const backwards = await ask({ dimensions: ['day'], from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toBe('The end date is before the start date');
    const impossible = await ask({ dimensions: ['day'], from: '2026-02-30', to: '2026-03-01' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toBe('2026-02-30 is not a date');
    expect((await ask({ dimensions: ['nope'], ...RANGE })).statusCode).toBe(400);
    expect((await ask({ dimensions: ['day'], metrics: ['nope'], ...RANGE })).statusCode).toBe(400);
    expect((await ask({ dimensions: [], ...RANGE })).statusCode).toBe(400);
    const unknownFilter = await ask({
      dimensions: ['day'],
      filters: [{ column: 'x', type: 'equals', values: ['1'] }],
      ...RANGE,
    });
    expect(unknownFilter.statusCode).toBe(400);
  });
});

describe('POST /api/analytics/threats and /api/widget-stats', () => {
  it('breaks the query down by threat reason and tier', async () => {
    const { token } = await tenantWithEvents();
    const response = await call(t, 'POST', '/analytics/threats', {
      token,
      body: { dimensions: ['country'], path: ['FR'], ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as AnalyticsThreats).threats).toEqual([
      {
        threat: 'automation:webdriver',
        hits: { high: 1, medium: 0, low: 0, total: 1 },
        sessions: { high: 1, medium: 0, low: 0, total: 1 },
        conversions: { high: 0, medium: 0, low: 0, total: 0 },
      },
    ]);
    const tooLong = await call(t, 'POST', '/analytics/threats', { token, body: { path: ['FR'], ...RANGE } });
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives a chart its series', async () => {
    const { token } = await tenantWithEvents();
    const response = await call(t, 'POST', '/widget-stats', {
      token,
      body: { dimensions: ['day', 'trafficType'], metrics: ['hits', 'highRiskHits'], ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json() as WidgetStats;
    expect(stats.rows).toEqual([
      { values: ['2026-03-01', 'facebook'], metrics: { hits: 1, highRiskHits: 1 } },
      { values: ['2026-03-01', 'google'], metrics: { hits: 1, highRiskHits: 0 } },
      { values: ['2026-03-02', 'google'], metrics: { hits: 1, highRiskHits: 0 } },
    ]);
  });
});

describe('GET /api/analytics/filter-options', () => {
  it('offers reference lists with search, the account campaigns, and observed values of free-text filters', async () => {
    const { tenant, token } = await tenantWithEvents();
    const options = async (query: string) => {
      const response = await call(t, 'GET', `/analytics/filter-options?${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as FilterOptions;
    };
    // Countries match in other languages too: "Alemania" is Germany in Spanish.
    expect((await options('filter=country&search=alemania')).options).toEqual([
      { id: 'DE', name: 'Germany', flag: '🇩🇪' },
    ]);
    const countries = await options('filter=country&limit=5');
    expect(countries.options).toHaveLength(5);
    expect(countries.truncated).toBe(true);
    expect((await options('filter=trafficType&search=meta')).options).toEqual([
      { id: 'facebook', name: 'Meta (Facebook and Instagram)' },
    ]);
    const recent = new Date(Date.now() - 86_400_000);
    await t.stores.events.insertHits([
      makeHit({
        id: 'isp-1',
        relationshipId: tenant.relationshipId,
        ts: recent,
        isp: 'Telefonica de Espana',
      }),
      makeHit({
        id: 'isp-2',
        relationshipId: tenant.relationshipId,
        ts: recent,
        isp: 'Telefonica de Espana',
      }),
      makeHit({ id: 'isp-3', relationshipId: tenant.relationshipId, ts: recent, isp: 'Orange Espagne' }),
    ]);
    expect((await options('filter=isp')).options.map((option) => option.id)).toEqual([
      'Telefonica de Espana',
      'Orange Espagne',
    ]);
    expect((await options('filter=isp&search=ORANGE')).options.map((option) => option.id)).toEqual([
      'Orange Espagne',
    ]);
    for (const name of ['Retargeting', 'Brand']) {
      await t.stores.accounts.db
        .insertInto('labels')
        .values({
          relationship_id: tenant.relationshipId,
          name,
          color: '#0055ff',
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    expect((await options('filter=labels')).options.map((option) => option.name)).toEqual([
      'Brand',
      'Retargeting',
    ]);
    expect((await options('filter=labels&search=ret')).options.map((option) => option.name)).toEqual([
      'Retargeting',
    ]);
  });

  it('keeps gated filters to the accounts that have them', async () => {
    const { token } = await tenantWithEvents({ plan: 'lite' });
    const google = await call(t, 'GET', '/analytics/filter-options?filter=googleKeyword', { token });
    expect(google.statusCode).toBe(403);
    const free = await tenantWithEvents({ plan: 'free_trial' });
    // The free plan cannot filter but may explore the options.
    const explore = await call(t, 'GET', '/analytics/filter-options?filter=browser', { token: free.token });
    expect(explore.statusCode).toBe(200);
    expect((await call(t, 'GET', '/analytics/filter-options?filter=nope', { token })).statusCode).toBe(400);
  });
});

describe('POST /api/analytics/export', () => {
  it('exports every row as CSV without the excluded columns, neutralising formula-like values', async () => {
    const { tenant, token } = await tenantWithEvents();
    await t.stores.events.insertHits([
      makeHit({
        id: 'evil',
        relationshipId: tenant.relationshipId,
        ts: new Date('2026-03-01T12:00:00Z'),
        utmCampaign: '=HYPERLINK("http://evil.example")',
      }),
    ]);
    const response = await call(t, 'POST', '/analytics/export', {
      token,
      body: {
        dimensions: ['utm_campaign'],
        metrics: ['hits', 'trafficVeracityHits', 'highRiskHits', 'highRiskHitsPercent'],
        ...RANGE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{8}-\d{6}-analytics\.csv"$/,
    );
    // Traffic veracity and the severity share are left out of reports; without sessions to sort by,
    // rows come in value order, a missing value last.
    expect(response.body).toBe(
      'UTM Campaign,Visits,Invalid Visits\r\n"\'=HYPERLINK(""http://evil.example"")",1,0\r\n,3,1\r\n',
    );
  });

  it('answers 204 when there is nothing to export, and needs the export permission', async () => {
    const { tenant, token } = await tenantWithEvents();
    const empty = await call(t, 'POST', '/analytics/export', {
      token,
      body: { dimensions: ['day'], from: '2025-01-01', to: '2025-01-02' },
    });
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
    const viewer = await addTenantUser(t, tenant.relationshipId, 'Viewer');
    const denied = await call(t, 'POST', '/analytics/export', {
      token: await accountToken(t, viewer),
      body: { dimensions: ['day'], ...RANGE },
    });
    expect(denied.statusCode).toBe(403);
  });
});
