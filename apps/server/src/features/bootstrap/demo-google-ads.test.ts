import { type FakeGoogle, startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DemoSeedOptions, runDemoSeed } from '../../demo-seed.js';
import { systemClock } from '../../jobs/clock.js';
import { googleAdsCostImportJob, googleAdsSyncJob } from '../../jobs/google-ads-sync.js';
import { sql } from '../../storage/events/sql.js';
import { accountToken, call, firstStartDemoUser, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { createGoogleAdsIntegration } from '../google-ads/google-ads-wiring.js';
import { DEMO_GOOGLE_ACCOUNTS, DEMO_GOOGLE_CAMPAIGNS } from './demo-google-ads.js';
import { scheduleDemoTraffic } from './demo-traffic.js';

/**
 * The demo account's Google Ads in the first start's demo history: linked through the real OAuth
 * round trip against the in-process fake, exclusions pushed by the real sync job, costs imported by
 * the real cost import, exclusion firings reported through the collector. Everything read here was
 * produced by those paths; the test only reads.
 */

let t: TestApp;
let demo: Tenant;
beforeEach(async () => {
  t = await startTestApp();
  demo = await firstStartDemoUser(t);
});
afterEach(async () => {
  await t.close();
});

const HISTORY = { now: new Date('2026-11-20T00:00:00.000Z'), days: 4, visitsPerDay: 120 };

async function seed(extra: DemoSeedOptions = {}): Promise<FakeGoogle | undefined> {
  let google: FakeGoogle | undefined;
  await scheduleDemoTraffic(t.stores.accounts.db, [demo.relationshipId]);
  await runDemoSeed(t.config, t.stores, t.app.log, {
    ...HISTORY,
    onGoogle: (fake) => {
      google = fake;
    },
    ...extra,
  });
  return google;
}

const demoCampaigns = new Set(DEMO_GOOGLE_CAMPAIGNS.map((campaign) => campaign.campaignId));

async function entries() {
  return t.stores.accounts.db
    .selectFrom('exclusion_entries')
    .select(['customer_id', 'campaign_id', 'cidr', 'state'])
    .where('relationship_id', '=', demo.relationshipId)
    .execute();
}

describe("the demo account's Google Ads", () => {
  it('is linked through the fake and shows what the engine did: exclusions in Google, costs, firings', async () => {
    const google = await seed();
    if (!google) throw new Error('the seed started no Google fake');
    // The OAuth round trip went through the fake's consent page, its Allow link and the token endpoint.
    const routes = google.requests.map((request) => request.route);
    for (const route of ['oauth:authorize', 'oauth:decision', 'oauth:token']) expect(routes).toContain(route);
    // Google refused nothing the engine sent: no expired token, no invalid request, no cap.
    const refused = google.requests.filter((request) => request.status >= 400);
    expect(refused.map((request) => `${request.route} ${request.status}`)).toEqual([]);

    const token = await accountToken(t, demo);
    const state = (await call(t, 'GET', '/integrations/google-ads', { token })).json() as {
      connection: string;
      accounts: { customerId: string; active: boolean; isManager: boolean }[];
      campaigns: { campaignId: string; type: string }[];
      settings: { protectionMode: string };
      gAdsSetupStatus: boolean[];
      lastSyncAt: string | null;
      lastSyncError: string | null;
    };
    expect(state.connection).toBe('connected');
    expect(state.gAdsSetupStatus).toEqual([true, true, true]);
    expect(state.settings.protectionMode).toBe('protection');
    expect(
      state.accounts
        .filter((account) => account.active)
        .map((account) => account.customerId)
        .sort(),
    ).toEqual(DEMO_GOOGLE_ACCOUNTS.map((account) => account.id).sort());
    expect(new Set(state.campaigns.map((campaign) => campaign.type))).toEqual(
      new Set(['SEARCH', 'DISPLAY', 'SHOPPING', 'PERFORMANCE_MAX']),
    );
    expect(state.lastSyncAt).not.toBeNull();
    expect(state.lastSyncError).toBeNull();

    // The exclusions the sync stored active are the IP blocks Google (the fake) holds.
    const active = (await entries()).filter((entry) => entry.state === 'active');
    expect(active.length).toBeGreaterThan(0);
    const held = new Set<string>();
    for (const account of DEMO_GOOGLE_ACCOUNTS) {
      for (const ip of google.state.accountIpBlocks(account.id)) held.add(`${account.id}  ${ip}`);
      for (const campaign of account.campaigns)
        for (const ip of google.state.campaignIpBlocks(campaign.id))
          held.add(`${account.id} ${campaign.id} ${ip}`);
    }
    const stored = (entry: { customer_id: string; campaign_id: string; cidr: string }) =>
      `${entry.customer_id} ${entry.campaign_id} ${entry.cidr}`;
    expect(held.size).toBe(active.length);
    for (const entry of active) {
      const single = entry.cidr.replace(/\/(32|128)$/, '');
      expect(held.has(stored(entry)) || held.has(stored({ ...entry, cidr: single }))).toBe(true);
    }
    // The tracking template was set on the protected accounts.
    for (const account of DEMO_GOOGLE_ACCOUNTS)
      expect(google.state.customers.get(account.id)?.trackingUrlTemplate).toContain(
        'campaignid={campaignid}',
      );

    // Costs imported from the fake's daily metrics, for the demo campaigns only.
    const costs = await t.stores.events.query<{ campaign_id: string; clicks: number; cost_micros: number }>(
      () =>
        sql`select campaign_id, clicks, cost_micros from ad_costs where relationship_id = ${demo.relationshipId}`,
    );
    expect(costs.length).toBeGreaterThan(0);
    for (const row of costs) expect(demoCampaigns.has(row.campaign_id)).toBe(true);
    expect(costs.reduce((sum, row) => sum + Number(row.clicks), 0)).toBe(
      google.state.metrics.reduce((sum, row) => sum + row.clicks, 0),
    );
    // The fake's clicks are the Google clicks the history sent: per campaign, its stored landings
    // (the demo account's zone is UTC; the history ends before the last day begins).
    const landings = await t.stores.events.query<{ campaign: string; n: number }>(
      () => sql`select google_campaign_id as campaign, count(*)::INTEGER as n from hits
        where relationship_id = ${demo.relationshipId} and google_campaign_id is not null group by all`,
    );
    const clicksOf = (campaign: string) =>
      google.state.metrics
        .filter((row) => row.campaignId === campaign)
        .reduce((sum, row) => sum + row.clicks, 0);
    expect(landings.length).toBeGreaterThan(3);
    expect(landings.reduce((sum, row) => sum + row.n, 0)).toBe(
      google.state.metrics.reduce((sum, row) => sum + row.clicks, 0),
    );
    for (const row of landings) expect([row.campaign, clicksOf(row.campaign)]).toEqual([row.campaign, row.n]);

    // The sensor's exclusion firings, recorded by the collector, and counted by the widgets.
    const firings = await t.stores.events.query<{ n: number }>(
      () =>
        sql`select count(*)::INTEGER as n from exclusion_firings where relationship_id = ${demo.relationshipId}`,
    );
    expect(firings[0]?.n).toBeGreaterThan(0);
    const widget = (
      await call(t, 'POST', '/widget/search-display/exclusions', {
        token,
        body: {
          from: '2026-11-15',
          to: '2026-11-20',
          campaignTypes: ['SEARCH', 'DISPLAY', 'SHOPPING', 'PERFORMANCE_MAX'],
        },
      })
    ).json() as {
      totals: { exclusionEvents: number; exclusionEventsInvalid: number; exclusionsActive: number };
    };
    expect(widget.totals.exclusionEvents).toBeGreaterThan(0);
    expect(widget.totals.exclusionEventsInvalid).toBeGreaterThan(0);
    expect(widget.totals.exclusionsActive).toBeGreaterThan(0);

    // The server's own app has no Google config: its scheduled jobs leave the demo's link alone.
    await t.app.jobs.tick();
    await t.app.jobs.idle();
    const after = (await call(t, 'GET', '/integrations/google-ads', { token })).json() as typeof state;
    expect(after.connection).toBe('connected');
    expect(after.lastSyncAt).toBe(state.lastSyncAt);
    expect(after.lastSyncError).toBeNull();

    // A server with a Google client of its own (here another fake) leaves the demo's link alone too:
    // its jobs never sync a demo account, so the demo's grant is never sent where it is unknown.
    const other = await startFakeGoogle();
    const run = () => {
      const now = new Date();
      return { window: { start: new Date(now.getTime() - 3_600_000), end: now }, now, owner: 'test' };
    };
    try {
      const jobsWith = (syncDemoAccounts: boolean) => {
        const config = {
          ...t.config,
          googleAds: {
            ...t.config.googleAds,
            clientId: other.clientId,
            clientSecret: other.clientSecret,
            apiUrl: other.url,
            apiVersion: other.version,
            authorizeUrl: other.oauthUrls.authorize,
            tokenUrl: other.oauthUrls.token,
            revokeUrl: other.oauthUrls.revoke,
          },
        };
        const db = t.stores.accounts.db;
        const googleAds = createGoogleAdsIntegration(config, db, t.app.log, systemClock, {
          syncDemoAccounts,
        });
        const deps = {
          services: { db, clock: systemClock, googleAds },
          events: t.stores.events,
          log: t.app.log,
        };
        return [googleAdsSyncJob(deps, 60), googleAdsCostImportJob(deps, 24)];
      };
      for (const job of jobsWith(false)) await job.run(run());
      expect(other.requests).toEqual([]);
      const kept = (await call(t, 'GET', '/integrations/google-ads', { token })).json() as typeof state;
      expect([kept.connection, kept.lastSyncAt, kept.lastSyncError]).toEqual([
        'connected',
        state.lastSyncAt,
        null,
      ]);
      // Were they to sync it, the other Google would refuse the grant and the demo would say "reconnect".
      for (const job of jobsWith(true)) await job.run(run());
      expect(other.requests.length).toBeGreaterThan(0);
      const refused = (await call(t, 'GET', '/integrations/google-ads', { token })).json() as typeof state;
      expect(refused.connection).toBe('reconnect');
    } finally {
      await other.close();
    }
  }, 600_000);

  it('links again on a run played again, without duplicating anything', async () => {
    await seed({ days: 2, visitsPerDay: 60 });
    const first = await entries();
    const google = await seed({ days: 2, visitsPerDay: 60 });
    expect(google).toBeDefined();
    const connections = await t.stores.accounts.db
      .selectFrom('oauth_connections')
      .select(['status'])
      .where('relationship_id', '=', demo.relationshipId)
      .execute();
    expect(connections).toEqual([{ status: 'connected' }]);
    const second = await entries();
    const key = (entry: { customer_id: string; campaign_id: string; cidr: string }) =>
      `${entry.customer_id} ${entry.campaign_id} ${entry.cidr}`;
    expect(new Set(second.map(key)).size).toBe(second.length);
    expect(new Set(second.map(key))).toEqual(new Set(first.map(key)));
  }, 600_000);

  it('never starts or links a fake in production', async () => {
    let google: FakeGoogle | undefined;
    await scheduleDemoTraffic(t.stores.accounts.db, [demo.relationshipId]);
    await runDemoSeed({ ...t.config, env: 'production' }, t.stores, t.app.log, {
      ...HISTORY,
      days: 1,
      visitsPerDay: 20,
      onGoogle: (fake) => {
        google = fake;
      },
    });
    expect(google).toBeUndefined();
    const linked = await t.stores.accounts.db
      .selectFrom('ad_accounts')
      .select('customer_id')
      .where('relationship_id', '=', demo.relationshipId)
      .execute();
    expect(linked).toEqual([]);
  }, 600_000);
});
