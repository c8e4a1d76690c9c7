import type { AnalyticsTree } from '@veracity/contracts/analytics/query';
import type { ExclusionEntry, GoogleAdsState, GoogleAdsSyncAnswer } from '@veracity/contracts/google-ads';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../jobs/clock.js';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import { sql } from '../../storage/events/sql.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import { importGoogleAdsCosts } from './cost-import.service.js';
import { listStoredEntries } from './exclusion-sync.repo.js';
import { syncGoogleAdsExclusions } from './exclusion-sync.service.js';
import {
  blocksOf,
  ipMutates,
  linkAccount,
  sendInvalid,
  useEngineHarness,
} from './exclusion-sync.test-support.js';
import { listExclusionLog } from './exclusions.repo.js';
import { listAdAccounts, listAdCampaigns } from './google-ads.repo.js';
import { createGoogleAdsIntegration } from './google-ads-wiring.js';

/** The sync's modes, a refused grant, quota back-off, the route, the audience and the cost import, against the fake. */
const h = useEngineHarness();

const db = () => h.t.stores.accounts.db;
const base = '/integrations/google-ads';

describe('the protection modes', () => {
  it('detection pushes nothing; the exclusions page shows what would be excluded; a re-run logs nothing new', async () => {
    const account = await linkAccount(h, 'detection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.7']);
    await sendInvalid(h, account, account.pmaxCampaign, ['203.0.113.9']);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      status: 'synced',
      mode: 'detection',
      added: 2,
    });
    expect(ipMutates(h)).toEqual([]);
    expect(blocksOf(h, account.searchCampaign)).toEqual([]);
    const token = await accountToken(h.t, account.tenant);
    const page = await call(h.t, 'GET', `${base}/exclusions?section=search-display`, { token });
    expect(page.statusCode, page.body).toBe(200);
    // The search campaign's IP, and the Performance Max one at account level (it applies to every campaign).
    expect(
      (page.json() as ExclusionEntry[]).map((entry) => [entry.cidr, entry.campaignId, entry.state]).sort(),
    ).toEqual([
      ['198.51.100.7', account.searchCampaign, 'planned'],
      ['203.0.113.9', null, 'planned'],
    ]);
    const account_ = await call(h.t, 'GET', `${base}/exclusions?section=account`, { token });
    expect((account_.json() as ExclusionEntry[]).map((entry) => entry.cidr)).toEqual(['203.0.113.9']);
    const pmax = await call(h.t, 'GET', `${base}/exclusions?section=pmax`, { token });
    expect((pmax.json() as ExclusionEntry[]).map((entry) => entry.cidr)).toEqual(['203.0.113.9']);
    const log = await listExclusionLog(db(), account.relationshipId, 10);
    expect(log.map((line) => [line.outcome, line.mode])).toEqual([
      ['planned', 'detection'],
      ['planned', 'detection'],
    ]);
    await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(await listExclusionLog(db(), account.relationshipId, 10)).toHaveLength(2);
  });

  it('dry run has Google validate the operations and changes nothing there', async () => {
    const account = await linkAccount(h, 'dry_run');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.8', '203.0.113.8']);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      status: 'synced',
      mode: 'dry_run',
      added: 2,
    });
    expect(blocksOf(h, account.searchCampaign)).toEqual([]);
    const sent = h.google.service.requestsTo('googleAds:campaignCriteria:mutate');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => (request.body as { validateOnly?: boolean }).validateOnly === true)).toBe(
      true,
    );
    const rows = await listStoredEntries(db(), account.relationshipId);
    expect(rows.map((row) => [row.state, row.resource_name])).toEqual([
      ['planned', null],
      ['planned', null],
    ]);
    const log = await listExclusionLog(db(), account.relationshipId, 10);
    expect(log.map((line) => line.outcome)).toEqual(['validated', 'validated']);
  });

  it('switching to protection pushes what detection planned', async () => {
    const account = await linkAccount(h, 'detection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.12']);
    await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    const token = await accountToken(h.t, account.tenant);
    const patched = await call(h.t, 'PATCH', `${base}/settings`, {
      token,
      body: { protectionMode: 'protection' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({ added: 1 });
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.12']);
  });
});

describe('a refused grant and quota', () => {
  it('a revoked refresh token: the state shows "reconnect" and nothing else is called', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.20']);
    h.google.oauth.revokeAll();
    h.google.oauth.expireAccessTokens();
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toEqual({
      status: 'reconnect',
    });
    const token = await accountToken(h.t, account.tenant);
    const state = (await call(h.t, 'GET', base, { token })).json() as GoogleAdsState;
    expect(state.connection).toBe('reconnect');
    expect(state.lastSyncError).toBe('GOOGLE_ADS_RECONNECT');

    h.google.service.clearRequests();
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toEqual({
      status: 'reconnect',
    });
    expect(h.google.service.requests).toEqual([]);
    expect(blocksOf(h, account.searchCampaign)).toEqual([]);
  });

  it('a quota error stops the run and backs the account off for Google delay', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.21']);
    h.google.injectQuotaError('googleAds:search', 120);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toEqual({
      status: 'quota',
      retryAfterSeconds: 120,
    });
    h.google.service.clearRequests();
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toEqual({
      status: 'skipped',
      reason: 'backing_off',
    });
    expect(h.google.service.requests).toEqual([]);
    h.clock.set(new Date(h.clock.now().getTime() + 121_000));
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      status: 'synced',
      added: 1,
    });
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.21']);
  });
});

describe('POST /sync and the audience', () => {
  it('runs the sync for the asking account only, audited, with the audience excluded where Google allows it', async () => {
    const account = await linkAccount(h, 'protection', { audienceExclusion: true });
    await sendInvalid(h, account, account.displayCampaign, ['198.51.100.33']);
    const token = await accountToken(h.t, account.tenant);
    const response = await call(h.t, 'POST', `${base}/sync`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const state = response.json() as GoogleAdsSyncAnswer;
    // What the run did, for "Sync now" to say.
    expect(state.sync).toEqual({ mode: 'protection', added: 1, removed: 0, failed: 0, held: 0 });
    expect(state.lastSyncError).toBeNull();
    expect(state.lastSyncAt).toBe(h.clock.now().toISOString());
    expect(state.configured).toBe(true);
    expect(blocksOf(h, account.displayCampaign)).toEqual(['198.51.100.33']);
    expect(state.audience.userList).toMatch(new RegExp(`^customers/${account.customerId}/userLists/`));
    // SEARCH and DISPLAY take the negative user list; Performance Max does not.
    expect(state.audience).toMatchObject({ campaignsExcluded: 2, campaignsNotAllowed: 1 });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('relationship_id', '=', account.relationshipId)
      .where('action', '=', 'google_ads.synced')
      .execute();
    expect(audit).toHaveLength(1);

    // A second run finds the list and its criteria: nothing created twice.
    h.google.service.clearRequests();
    const again = await call(h.t, 'POST', `${base}/sync`, { token });
    expect(again.statusCode).toBe(200);
    expect((again.json() as GoogleAdsSyncAnswer).sync).toMatchObject({ added: 0, removed: 0, failed: 0 });
    expect(h.google.service.requestsTo('googleAds:userLists:mutate')).toEqual([]);
  });
});

describe('POST /refresh', () => {
  it('re-reads the campaigns from Google for the asking account, audited', async () => {
    const account = await linkAccount(h, 'protection');
    const added = h.google.state.addCampaign({
      customerId: account.customerId,
      name: 'Launched later',
      type: 'SHOPPING',
    }).id;
    const token = await accountToken(h.t, account.tenant);
    const before = (await call(h.t, 'GET', base, { token })).json() as GoogleAdsState;
    expect(before.campaigns.map((campaign) => campaign.campaignId)).not.toContain(added);
    const response = await call(h.t, 'POST', `${base}/refresh`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const after = (response.json() as GoogleAdsState).campaigns.find(
      (campaign) => campaign.campaignId === added,
    );
    expect(after).toMatchObject({ name: 'Launched later', type: 'SHOPPING' });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('relationship_id', '=', account.relationshipId)
      .where('action', '=', 'google_ads.refreshed')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the cost import', () => {
  it('renews an access token Google refuses when it reads the accounts, once, and goes on', async () => {
    const account = await linkAccount(h, 'protection');
    h.google.state.addDailyMetrics({
      campaignId: account.searchCampaign,
      date: h.clock.now().toISOString().slice(0, 10),
      clicks: 4,
      costMicros: 2_000_000,
    });
    h.google.oauth.expireAccessTokens();
    expect(
      await importGoogleAdsCosts(
        account.deps.services,
        h.t.stores.events,
        h.t.app.log,
        account.relationshipId,
      ),
    ).toMatchObject({ accounts: 1, rows: 1 });
  });

  it('imports the names and the daily cost of each campaign; a re-import replaces the days', async () => {
    const account = await linkAccount(h, 'protection');
    const today = h.clock.now().toISOString().slice(0, 10);
    h.google.state.addDailyMetrics({
      campaignId: account.searchCampaign,
      date: today,
      clicks: 10,
      costMicros: 25_000_000,
    });
    const events = h.t.stores.events;
    expect(
      await importGoogleAdsCosts(account.deps.services, events, h.t.app.log, account.relationshipId),
    ).toMatchObject({ accounts: 1, rows: 1 });
    const costs = () =>
      events.query<{ campaign_id: string; clicks: number; cost_micros: number; currency: string }>(
        () => sql`select campaign_id, clicks, cost_micros, currency from ad_costs
          where relationship_id = ${account.relationshipId} order by campaign_id`,
      );
    expect(
      (await costs()).map((row) => [
        row.campaign_id,
        Number(row.clicks),
        Number(row.cost_micros),
        row.currency,
      ]),
    ).toEqual([[account.searchCampaign, 10, 25_000_000, 'EUR']]);
    expect(
      (await listAdAccounts(db(), account.relationshipId)).find(
        (row) => row.customer_id === account.customerId,
      )?.name,
    ).toMatch(/^Shop /);
    expect(
      (await listAdCampaigns(db(), account.relationshipId)).some(
        (row) => row.campaign_id === account.searchCampaign,
      ),
    ).toBe(true);

    await importGoogleAdsCosts(account.deps.services, events, h.t.app.log, account.relationshipId);
    expect(await costs()).toHaveLength(1);
  });

  it('prices the linked campaign clicks at the imported cost per click in analytics', async () => {
    const account = await linkAccount(h, 'detection', {
      tenant: {
        plan: 'custom',
        features: [
          { name: 'sensor_firewall', value: true },
          { name: 'google_ppc', value: true },
        ],
      },
    });
    await db()
      .updateTable('relationships')
      .set({ timezone: 'UTC', default_cpc: JSON.stringify({ google: 0.5 }) })
      .where('id', '=', account.relationshipId)
      .execute();
    const now = h.clock.now();
    const today = now.toISOString().slice(0, 10);
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    await h.t.stores.events.insertHits(
      ['c1', 'c2'].map((id) =>
        makeHit({
          id: `${id}-${account.relationshipId}`,
          relationshipId: account.relationshipId,
          sessionId: `s-${id}-${account.relationshipId}`,
          ts: new Date(now.getTime() - 60_000),
          trafficType: 'google',
          googleCampaignId: account.searchCampaign,
          googleAccountId: account.customerId,
        }),
      ),
    );
    const tree = async () => {
      const response = await call(h.t, 'POST', '/analytics/tree', {
        token: await accountToken(h.t, account.tenant),
        body: { dimensions: ['day'], metrics: ['hits', 'cost'], from: today, to: tomorrow },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AnalyticsTree;
    };
    // Before the import, the account's default (0.50 a Google click).
    expect((await tree()).totals).toEqual({ hits: 2, cost: 1 });
    // Google charged 25.00 for 10 clicks today: 2.50 a click.
    h.google.state.addDailyMetrics({
      campaignId: account.searchCampaign,
      date: today,
      clicks: 10,
      costMicros: 25_000_000,
    });
    await importGoogleAdsCosts(account.deps.services, h.t.stores.events, h.t.app.log, account.relationshipId);
    expect((await tree()).totals).toEqual({ hits: 2, cost: 5 });
  });
});

describe('the clients of the integration', () => {
  it("date a new grant's expiry by the app's clock, not the machine's", async () => {
    const clock = new VirtualClock(new Date('2031-03-01T08:00:00.000Z'));
    const { oauth } = createGoogleAdsIntegration(h.t.config, db(), h.t.app.log, clock);
    const grant = h.google.oauth.issueTokens();
    const tokens = await oauth?.refresh(grant.refreshToken);
    // The fake grants an hour, as Google does.
    expect(tokens?.expiresAt.toISOString()).toBe('2031-03-01T09:00:00.000Z');
  });
});
