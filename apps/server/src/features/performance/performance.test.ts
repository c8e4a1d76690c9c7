import type { Performance } from '@veracity/contracts/performance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import type { HitRow } from '../../storage/events/event-store.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let token: string;

const WEEK = 'from=2026-03-08&to=2026-03-14';
const BRAND = '111';
const GENERIC = '222';

/** `count` visits of a channel (and Google campaign) on a day, the first `invalid` of them high risk. */
function hits(
  relationshipId: number,
  channel: string,
  day: string,
  count: number,
  invalid: number,
  googleCampaignId?: string,
): HitRow[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `${channel}-${googleCampaignId ?? 'none'}-${day}-${index}`;
    return makeHit({
      id,
      relationshipId,
      sessionId: id,
      trafficType: channel,
      ts: new Date(`${day}T12:00:00Z`),
      riskLevel: index < invalid ? 'high' : 'low',
      threats: index < invalid ? ['network:datacenter'] : [],
      ...(googleCampaignId ? { googleCampaignId } : {}),
    });
  });
}

/** A line of the exclusion engine's log: an exclusion added for a campaign at an instant. */
function pushed(relationshipId: number, campaignId: string, at: string, outcome = 'applied' as const) {
  return {
    relationship_id: relationshipId,
    provider: 'google_ads' as const,
    at,
    action: 'add' as const,
    mode: 'protection' as const,
    outcome,
    customer_id: '1234567890',
    campaign_id: campaignId,
    cidr: '203.0.113.7/32',
    ip_type: 'STATIC',
    reason: 'test',
    threats: '{}',
    error: null,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t);
  const id = tenant.relationshipId;
  const db = t.stores.accounts.db;
  await db
    .updateTable('relationships')
    .set({ default_cpc: JSON.stringify({ google: 0.5, facebook: 1 }), currency: 'EUR', timezone: 'UTC' })
    .where('id', '=', id)
    .execute();
  // Two linked Google campaigns: Brand protected by its first exclusion on 10 March, Generic by the
  // linking of the account on 1 March (it never had an exclusion pushed: its only ones failed or were
  // planned in detection mode).
  await db
    .insertInto('ad_campaigns')
    .values(
      [
        [BRAND, 'Brand search'],
        [GENERIC, 'Generic search'],
      ].map(([campaignId, name]) => ({
        relationship_id: id,
        provider: 'google_ads' as const,
        customer_id: '1234567890',
        campaign_id: campaignId ?? '',
        name: name ?? '',
        type: 'SEARCH',
        status: 'ENABLED',
        updated_at: '2026-03-01T00:00:00.000Z',
      })),
    )
    .execute();
  await db
    .insertInto('oauth_connections')
    .values({
      relationship_id: id,
      provider: 'google_ads',
      status: 'connected',
      refresh_token_enc: 'x',
      access_token_enc: null,
      access_expires_at: null,
      scopes: 'adwords',
      connected_by: tenant.userId,
      created_at: '2026-03-01T00:00:00.000Z',
      updated_at: '2026-03-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('exclusion_log')
    .values([
      pushed(id, BRAND, '2026-03-10T00:00:00.000Z'),
      pushed(id, BRAND, '2026-03-12T09:00:00.000Z'),
      { ...pushed(id, GENERIC, '2026-03-09T00:00:00.000Z'), outcome: 'failed' },
      { ...pushed(id, GENERIC, '2026-03-09T00:00:00.000Z'), mode: 'detection', outcome: 'planned' },
    ])
    .execute();
  await t.stores.events.insertHits([
    // Before protection: Brand 10 invalid of 20 (5 March), Generic 5 of 10 (20 February).
    ...hits(id, 'google', '2026-03-05', 20, 10, BRAND),
    ...hits(id, 'google', '2026-02-20', 10, 5, GENERIC),
    // The selected week, after protection: Brand 2 of 20 (12 March), Generic 1 of 10 (11 March).
    ...hits(id, 'google', '2026-03-12', 20, 2, BRAND),
    ...hits(id, 'google', '2026-03-11', 10, 1, GENERIC),
    ...hits(id, 'facebook', '2026-03-11', 4, 2),
  ]);
  // Brand's real cost on 12 March: 12.00 for 10 clicks, 1.20 a click.
  await t.stores.events.upsertAdCosts([
    {
      relationshipId: id,
      provider: 'google_ads',
      customerId: '1234567890',
      campaignId: BRAND,
      currency: 'EUR',
      day: '2026-03-12',
      clicks: 10,
      costMicros: 12_000_000,
    },
  ]);
  token = await accountToken(t, tenant);
});
afterAll(async () => {
  await t.close();
});

async function figures(query = WEEK, own = token): Promise<Performance> {
  const response = await call(t, 'GET', `/performance/figures?${query}`, { token: own });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Performance;
}

describe('performance', () => {
  it('gives invalid traffic and savings per channel a day, at real costs where Google Ads has them', async () => {
    const answer = await figures();
    expect(answer.days).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    // Google: Brand's 2 invalid at 1.20 (imported cost), Generic's 1 at the default 0.50; Meta 2 at 1.
    expect(answer.totals).toEqual({
      visits: 34,
      invalidVisits: 5,
      percentInvalidTraffic: (100 * 5) / 34,
      savings: 4.9,
      exclusionsPushed: 2,
    });
    expect(answer.channels.map((channel) => [channel.type, channel.invalidVisits, channel.savings])).toEqual([
      ['google', 3, 2.9],
      ['facebook', 2, 2],
    ]);
    const google = answer.channels[0];
    expect(google?.series.filter((day) => day.visits > 0)).toEqual([
      { day: '2026-03-11', visits: 10, invalidVisits: 1, savings: 0.5 },
      { day: '2026-03-12', visits: 20, invalidVisits: 2, savings: 2.4 },
    ]);
    expect(google?.series).toHaveLength(7);
    expect(answer.exclusions.filter((day) => day.pushed > 0)).toEqual([
      { day: '2026-03-10', pushed: 1 },
      { day: '2026-03-12', pushed: 1 },
    ]);
  });

  it('gives each Google Ads campaign its invalid share and savings', async () => {
    const { campaigns } = await figures();
    expect(campaigns.map(({ series: _series, ...campaign }) => campaign)).toEqual([
      {
        campaignId: BRAND,
        name: 'Brand search',
        visits: 20,
        invalidVisits: 2,
        percentInvalidTraffic: 10,
        savings: 2.4,
      },
      {
        campaignId: GENERIC,
        name: 'Generic search',
        visits: 10,
        invalidVisits: 1,
        percentInvalidTraffic: 10,
        savings: 0.5,
      },
    ]);
  });

  it('compares the invalid share of linked campaigns before and after their protection started', async () => {
    const { protection } = await figures();
    expect(protection).toEqual([
      {
        campaignId: BRAND,
        name: 'Brand search',
        exclusionsPushed: 2,
        protectionStart: '2026-03-10T00:00:00.000Z',
        protectionStartSource: 'first_exclusion',
        before: { visits: 20, invalidVisits: 10, percentInvalidTraffic: 50 },
        after: { visits: 20, invalidVisits: 2, percentInvalidTraffic: 10 },
        change: -40,
      },
      {
        campaignId: GENERIC,
        name: 'Generic search',
        exclusionsPushed: 0,
        protectionStart: '2026-03-01T00:00:00.000Z',
        protectionStartSource: 'linking',
        before: { visits: 10, invalidVisits: 5, percentInvalidTraffic: 50 },
        after: { visits: 10, invalidVisits: 1, percentInvalidTraffic: 10 },
        change: -40,
      },
    ]);
  });

  it('narrows to one channel; another channel than Google has no exclusions', async () => {
    const answer = await figures(`${WEEK}&channel=facebook`);
    expect(answer.totals).toMatchObject({ visits: 4, invalidVisits: 2, savings: 2, exclusionsPushed: 0 });
    expect(answer.channels.map((channel) => channel.type)).toEqual(['facebook']);
    expect(answer.campaigns).toEqual([]);
    expect(answer.protection).toEqual([]);
  });

  it('answers 400 for bad dates', async () => {
    const response = await call(t, 'GET', '/performance/figures?from=2026-03-14&to=2026-03-08', { token });
    expect(response.statusCode).toBe(400);
  });

  it('refuses free and lite plans and an account whose performance flag is off; lets demo read', async () => {
    const status = async (options: Parameters<typeof createTenant>[1]) => {
      const tenant = await createTenant(t, options);
      const own = await accountToken(t, tenant);
      return (await call(t, 'GET', `/performance/figures?${WEEK}`, { token: own })).statusCode;
    };
    expect(await status({ plan: 'free_trial' })).toBe(403);
    expect(await status({ plan: 'lite' })).toBe(403);
    expect(await status({ plan: 'pro' })).toBe(200);
    expect(await status({ plan: 'custom', features: [{ name: 'performance', value: false }] })).toBe(403);
    expect(await status({ plan: 'custom', features: [{ name: 'performance', value: true }] })).toBe(200);
    expect(await status({ plan: 'demo' })).toBe(200);
  });
});
