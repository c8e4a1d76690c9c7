import { randomUUID } from 'node:crypto';
import { type FakeGoogle, startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { GoogleAdsApi } from '../../integrations/google-ads/google-ads-api.js';
import { VirtualClock } from '../../jobs/clock.js';
import { makeSession } from '../../storage/events/event-store.fixtures.js';
import { createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import type { SyncDeps } from './exclusion-sync.service.js';
import { saveSettings, setActiveAccounts } from './google-ads.repo.js';
import { importHierarchy } from './google-ads-linking.service.js';
import { createGoogleAdsIntegration } from './google-ads-wiring.js';

/**
 * The exclusion engine's harness: the local fake Google (tools/fakes) over real HTTP, a real server
 * on real SQLite + DuckDB in a temporary folder whose config points the production clients at the
 * fake, and per test a new account linked to a new Google client account (its own campaigns, so the
 * fake's blocks of one test never meet another's).
 */
export const MANAGER = '9000000000';

export interface EngineHarness {
  t: TestApp;
  google: FakeGoogle;
  clock: VirtualClock;
  close(): Promise<void>;
}

export async function startEngineHarness(): Promise<EngineHarness> {
  const google = await startFakeGoogle();
  google.state.addCustomer({ id: MANAGER, name: 'Agency', manager: true });
  const clock = new VirtualClock(new Date());
  const t = await startTestApp(
    {
      GOOGLE_ADS_CLIENT_ID: google.clientId,
      GOOGLE_ADS_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_ADS_API_VERSION: google.version,
      GOOGLE_OAUTH_AUTHORIZE_URL: google.oauthUrls.authorize,
      GOOGLE_OAUTH_TOKEN_URL: google.oauthUrls.token,
      GOOGLE_OAUTH_REVOKE_URL: google.oauthUrls.revoke,
    },
    { clock },
  );
  return {
    t,
    google,
    clock,
    async close() {
      await t.close();
      await google.close();
    },
  };
}

/**
 * One harness for a test file: started before its tests, closed after them, and the fake's recorded
 * requests cleared before each test. The returned object is filled in when the harness has started.
 */
export function useEngineHarness(): EngineHarness {
  const harness = {} as EngineHarness;
  beforeAll(async () => {
    Object.assign(harness, await startEngineHarness());
  }, 60_000);
  afterAll(async () => {
    await harness.close?.();
  });
  beforeEach(() => {
    harness.google.service.clearRequests();
  });
  return harness;
}

let nextCustomer = 0;

export interface LinkedAccount {
  tenant: Tenant;
  relationshipId: number;
  customerId: string;
  searchCampaign: string;
  displayCampaign: string;
  pmaxCampaign: string;
  /** The sync's dependencies: the app's stores, the production clients from its config. */
  deps: SyncDeps;
}

/** A new account connected to a new Google client account under MANAGER, in a protection mode. */
export async function linkAccount(
  h: EngineHarness,
  mode: 'detection' | 'dry_run' | 'protection',
  options: {
    api?: (real: GoogleAdsApi) => GoogleAdsApi;
    audienceExclusion?: boolean;
    tenant?: Parameters<typeof createTenant>[1];
  } = {},
): Promise<LinkedAccount> {
  nextCustomer += 1;
  const customerId = String(9100000000 + nextCustomer * 7);
  h.google.state.addCustomer({
    id: customerId,
    name: `Shop ${nextCustomer}`,
    parentId: MANAGER,
    currencyCode: 'EUR',
  });
  const campaign = (type: string) =>
    h.google.state.addCampaign({ customerId, name: `${type} ${nextCustomer}`, type }).id;
  const searchCampaign = campaign('SEARCH');
  const displayCampaign = campaign('DISPLAY');
  const pmaxCampaign = campaign('PERFORMANCE_MAX');
  const tenant = await createTenant(h.t, { company: `Engine ${nextCustomer}`, ...options.tenant });
  const db = h.t.stores.accounts.db;
  const integration = createGoogleAdsIntegration(h.t.config, db, h.t.app.log, h.clock);
  const api = integration.api;
  if (!api) throw new Error('the harness config has no Google Ads client');
  const deps: SyncDeps = {
    services: {
      db,
      clock: h.clock,
      googleAds: { ...integration, api: options.api ? options.api(api) : api },
    },
    events: h.t.stores.events,
    log: h.t.app.log,
  };
  const grant = h.google.oauth.issueTokens();
  await integration.tokens.save({
    relationshipId: tenant.relationshipId,
    provider: 'google_ads',
    tokens: {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: new Date(h.clock.now().getTime() + 3_600_000),
      scopes: ['https://www.googleapis.com/auth/adwords'],
    },
    connectedBy: null,
  });
  await importHierarchy(
    { db, clock: h.clock, googleAds: integration },
    h.t.app.log,
    api,
    tenant.relationshipId,
  );
  const now = h.clock.now().toISOString();
  await setActiveAccounts(db, tenant.relationshipId, [customerId], now);
  await saveSettings(
    db,
    tenant.relationshipId,
    JSON.stringify({
      protectionMode: mode,
      protectionModeChosen: true,
      audienceExclusion: options.audienceExclusion ?? false,
    }),
    now,
  );
  return {
    tenant,
    relationshipId: tenant.relationshipId,
    customerId,
    searchCampaign,
    displayCampaign,
    pmaxCampaign,
    deps,
  };
}

/** High-risk sessions from `ip` on a Google campaign, `minutesAgo` before the clock, through the event store's append path. */
export async function sendInvalid(
  h: EngineHarness,
  account: LinkedAccount,
  campaignId: string,
  ips: readonly string[],
  options: { sessions?: number; threats?: string[]; minutesAgo?: number; riskLevel?: 'high' | 'low' } = {},
): Promise<void> {
  const at = new Date(h.clock.now().getTime() - (options.minutesAgo ?? 10) * 60_000);
  const rows = ips.flatMap((ip) =>
    Array.from({ length: options.sessions ?? 1 }, () =>
      makeSession({
        id: randomUUID(),
        relationshipId: account.relationshipId,
        startedAt: at,
        lastSeenAt: at,
        ip,
        riskLevel: options.riskLevel ?? 'high',
        threats: options.riskLevel === 'low' ? [] : (options.threats ?? ['datacenter']),
        googleCampaignId: campaignId,
      }),
    ),
  );
  for (let start = 0; start < rows.length; start += 500) {
    await h.t.stores.events.insertSessions(rows.slice(start, start + 500));
  }
}

/** The fake's blocks on a campaign, sorted. */
export const blocksOf = (h: EngineHarness, campaignId: string) =>
  h.google.state.campaignIpBlocks(campaignId).sort();

/** The IP-block mutates (campaign and account lists) the fake received since the test began. */
export const ipMutates = (h: EngineHarness) => [
  ...h.google.service.requestsTo('googleAds:campaignCriteria:mutate'),
  ...h.google.service.requestsTo('googleAds:customerNegativeCriteria:mutate'),
];
