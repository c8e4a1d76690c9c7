import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../http/api-error.js';
import {
  GoogleAdsAuthError,
  GoogleAdsQuotaError,
  GoogleAdsRequestError,
} from '../../integrations/google-ads/google-ads-api.js';
import { type OAuthProvider, OAuthRevokedError } from '../../integrations/oauth/oauth-provider.js';
import { createTokenStore } from '../../integrations/oauth/token-store.js';
import { VirtualClock } from '../../jobs/clock.js';
import { accountToken, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';
import { seedHierarchy } from './google-ads.fixtures.js';
import { googleAdsFailure } from './google-ads.service.js';
import { startTwoAccounts } from './google-ads.test-support.js';

/**
 * The Google Ads dashboard API on a real server and accounts store. The OAuth consent itself (Google's
 * side) is the other client's: here only the authorize URL is built, through an OAuthProvider whose
 * authorizeUrl is the one pure call; exchanging codes and reading the hierarchy against the local fake
 * are covered after the merge (see the report).
 */
const consentOnly: OAuthProvider = {
  authorizeUrl: ({ state, redirectUri }) =>
    `https://consent.example/auth?state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(redirectUri)}`,
  exchangeCode: () => Promise.reject(new Error('not reached in these tests')),
  refresh: () => Promise.reject(new OAuthRevokedError('invalid_grant')),
  revoke: () => Promise.resolve(),
};

let t: TestApp;
let clock: VirtualClock;
let home: Tenant;
let admin: string;
let viewer: string;
let otherAdmin: string;

const db = () => t.stores.accounts.db;
const base = '/integrations/google-ads';

beforeAll(async () => {
  clock = new VirtualClock(new Date('2026-11-20T10:00:00.000Z'));
  ({ t, home, admin, viewer, otherAdmin } = await startTwoAccounts(
    {},
    { clock, googleAds: { oauth: consentOnly } },
  ));
});

afterAll(async () => {
  await t.close();
});

const stateOf = async (token: string) => {
  const response = await call(t, 'GET', base, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GoogleAdsState;
};

describe('the Google Ads state', () => {
  it('starts unconnected, with no account active and the tracking template the collector reads', async () => {
    const state = await stateOf(admin);
    expect(state.connection).toBe('none');
    expect(state.gAdsSetupStatus).toEqual([false, false, false]);
    expect(state.areAllAccountsInactive).toBe(true);
    expect(state.accounts.map((account) => account.customerId)).toContain('1100000001');
    expect(state.settings).toMatchObject({
      protectionMode: 'detection',
      rotationDays: 30,
      globalIntelligence: false,
    });
    for (const parameter of ['campaignid={campaignid}', 'keyword={keyword}', 'placement={placement}']) {
      expect(state.trackingTemplate).toContain(parameter);
      expect(state.trackingParameters).toContain(parameter);
    }
    expect(state.trackingTemplate.startsWith('{lpurl}?')).toBe(true);
  });

  it('is refused to a plan without Google Ads (lite), with no redirect', async () => {
    const lite = await createTenant(t, { plan: 'lite' });
    const response = await call(t, 'GET', base, { token: await accountToken(t, lite) });
    expect(response.statusCode).toBe(403);
  });
});

describe('choosing the accounts to protect', () => {
  it('refuses an id outside this account hierarchy (another account, unknown) and a manager', async () => {
    for (const customerIds of [['2200000001'], ['9999999999'], ['1100000000'], ['12']]) {
      const response = await call(t, 'PUT', `${base}/accounts`, { token: admin, body: { customerIds } });
      expect(response.statusCode, `${customerIds}: ${response.body}`).toBe(400);
    }
    expect((await stateOf(admin)).areAllAccountsInactive).toBe(true);
    expect((await stateOf(otherAdmin)).accounts.some((account) => account.active)).toBe(false);
  });

  it('activates exactly the accounts chosen (dashed ids accepted)', async () => {
    const response = await call(t, 'PUT', `${base}/accounts`, {
      token: admin,
      body: { customerIds: ['110-000-0001'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const state = response.json() as GoogleAdsState;
    expect(state.accounts.filter((account) => account.active).map((account) => account.customerId)).toEqual([
      '1100000001',
    ]);
    expect(state.areAllAccountsInactive).toBe(false);
    expect(state.errors.account).toBe(true);
    expect(state.errors.campaign).toBe(true);
    // Not connected: step 1 is not ready without step 0.
    expect(state.gAdsSetupStatus).toEqual([false, false, false]);
    const none = await call(t, 'PUT', `${base}/accounts`, { token: admin, body: { customerIds: [] } });
    expect((none.json() as GoogleAdsState).areAllAccountsInactive).toBe(true);
    await call(t, 'PUT', `${base}/accounts`, { token: admin, body: { customerIds: ['1100000001'] } });
  });

  it('keeps the choice when the hierarchy is read again', async () => {
    await seedHierarchy(db(), home.relationshipId, '11');
    const state = await stateOf(admin);
    expect(state.accounts.filter((account) => account.active).map((account) => account.customerId)).toEqual([
      '1100000001',
    ]);
    expect(state.campaigns).toHaveLength(3);
  });

  it('needs account_manage_integrations', async () => {
    const response = await call(t, 'PUT', `${base}/accounts`, { token: viewer, body: { customerIds: [] } });
    expect(response.statusCode).toBe(403);
    expect((await stateOf(viewer)).accounts.length).toBeGreaterThan(0);
  });
});

describe('settings and the tracking template', () => {
  it('refuses values outside the contract', async () => {
    for (const body of [
      { rotationDays: 0 },
      { rotationDays: 541 },
      { rotationDays: 2.5 },
      { protectionMode: 'everything' },
      { globalIntelligence: 'yes' },
    ]) {
      const response = await call(t, 'PATCH', `${base}/settings`, { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('saves a patch; step 2 is ready once the mode is chosen and the template decided', async () => {
    const patched = await call(t, 'PATCH', `${base}/settings`, {
      token: admin,
      body: { protectionMode: 'dry_run', rotationDays: 14, globalIntelligence: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const state = patched.json() as GoogleAdsState;
    expect(state.settings).toMatchObject({
      protectionMode: 'dry_run',
      rotationDays: 14,
      globalIntelligence: true,
    });
    expect(state.gAdsSetupStatus[2]).toBe(false);
    const skipped = await call(t, 'POST', `${base}/tracking-template`, {
      token: admin,
      body: { apply: false },
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((skipped.json() as GoogleAdsState).skipTT).toBe(true);
    expect((skipped.json() as GoogleAdsState).gAdsSetupStatus[2]).toBe(true);
    // The other account's settings are untouched.
    expect((await stateOf(otherAdmin)).settings.protectionMode).toBe('detection');
    const audited = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('relationship_id', '=', home.relationshipId)
      .where('action', 'like', 'google_ads.%')
      .execute();
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(['google_ads.settings_updated', 'google_ads.tracking_template_skipped']),
    );
  });
});

describe('connecting with Google', () => {
  it('refuses a return path that would leave the dashboard', async () => {
    for (const returnPath of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'integrations',
      '/a b',
    ]) {
      const response = await call(t, 'POST', `${base}/connect`, { token: admin, body: { returnPath } });
      expect(response.statusCode, returnPath).toBe(400);
    }
  });

  it('gives the consent URL, with a state good once and for ten minutes', async () => {
    const connect = async () => {
      const response = await call(t, 'POST', `${base}/connect`, {
        token: admin,
        body: { returnPath: '/integrations/google-ads/linking?step=0' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const url = new URL((response.json() as { url: string }).url);
      expect(url.searchParams.get('redirect_uri')).toMatch(
        /\/api\/integrations\/google-ads\/oauth\/callback$/,
      );
      return url.searchParams.get('state') ?? '';
    };
    const callback = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api${base}/oauth/callback?${query}` });

    const state = await connect();
    expect(state.length).toBeGreaterThan(30);
    // Only its hash is stored.
    const stored = await db().selectFrom('oauth_states').select('state_hash').execute();
    expect(stored.map((row) => row.state_hash)).not.toContain(state);

    const unknown = await callback('code=abc&state=not-a-state');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(
      '/integrations/google-ads/linking?googleAds=error&reason=invalid_state',
    );

    // Refused at Google: back to the stored step, the state spent.
    const denied = await callback(`error=access_denied&state=${state}`);
    expect(denied.headers.location).toBe(
      '/integrations/google-ads/linking?step=0&googleAds=error&reason=access_denied',
    );
    const reused = await callback(`code=abc&state=${state}`);
    expect(reused.headers.location).toBe(
      '/integrations/google-ads/linking?googleAds=error&reason=invalid_state',
    );

    // A person who lost the permission during the round trip connects nothing.
    const demoted = await connect();
    await db()
      .updateTable('relationships')
      .set({ plan_type: 'lite' })
      .where('id', '=', home.relationshipId)
      .execute();
    const refused = await callback(`code=abc&state=${demoted}`);
    await db()
      .updateTable('relationships')
      .set({ plan_type: 'pro' })
      .where('id', '=', home.relationshipId)
      .execute();
    expect(refused.headers.location).toBe(
      '/integrations/google-ads/linking?step=0&googleAds=error&reason=access_denied',
    );
    // With the rights intact, the call gets past them (to the missing Google Ads client on this branch).
    const allowed = await callback(`code=abc&state=${await connect()}`);
    expect(allowed.headers.location).toBe(
      '/integrations/google-ads/linking?step=0&googleAds=error&reason=not_configured',
    );

    const late = await connect();
    clock.set(new Date(clock.now().getTime() + 10 * 60 * 1000 + 1));
    const expired = await callback(`code=abc&state=${late}`);
    expect(expired.headers.location).toBe(
      '/integrations/google-ads/linking?googleAds=error&reason=invalid_state',
    );
  });
});

describe('the connection as the dashboard sees it', () => {
  it('shows "reconnect" once Google refused the stored grant; unlinking deletes tokens and lists', async () => {
    const tokens = createTokenStore({
      db: db(),
      secretKey: t.config.secretKey,
      providers: { google_ads: consentOnly },
      log: t.app.log,
      clock,
    });
    await tokens.save({
      relationshipId: home.relationshipId,
      provider: 'google_ads',
      tokens: {
        accessToken: 'ya29.access-token-value',
        refreshToken: '1//refresh-token-value',
        expiresAt: new Date(clock.now().getTime() - 1000),
        scopes: ['https://www.googleapis.com/auth/adwords'],
      },
      connectedBy: home.userId,
    });
    const connected = await stateOf(admin);
    expect(connected.connection).toBe('connected');
    expect(connected.gAdsSetupStatus).toEqual([true, true, true]);
    await expect(tokens.accessToken(home.relationshipId, 'google_ads')).rejects.toThrow(/refused/);
    const state = await stateOf(admin);
    expect(state.connection).toBe('reconnect');
    expect(state.errors.integration).toBe(false);
    expect(JSON.stringify(state)).not.toContain('token-value');

    await db()
      .insertInto('exclusion_log')
      .values({
        relationship_id: home.relationshipId,
        provider: 'google_ads',
        at: clock.now().toISOString(),
        action: 'add',
        mode: 'protection',
        outcome: 'applied',
        customer_id: '1100000001',
        campaign_id: '111',
        cidr: '203.0.113.1',
        ip_type: 'DYNAMIC',
        reason: '3 invalid sessions',
        threats: '{}',
        error: null,
      })
      .execute();
    const unlinked = await call(t, 'DELETE', base, { token: admin });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const after = unlinked.json() as GoogleAdsState;
    expect(after.connection).toBe('none');
    expect(after.accounts).toEqual([]);
    expect(after.campaigns).toEqual([]);
    const log = (await call(t, 'GET', `${base}/exclusion-log`, { token: admin })).json() as unknown[];
    expect(log).toHaveLength(1);
    expect((await stateOf(otherAdmin)).accounts.length).toBe(3);
  });
});

describe("Google's refusals as the dashboard gets them", () => {
  it('answers a quota 429 with Retry-After, a refused token 409 reconnect, another refusal 502', () => {
    const quota = googleAdsFailure(new GoogleAdsQuotaError('RESOURCE_EXHAUSTED', 12.2)) as ApiError;
    expect([quota.statusCode, quota.headers['retry-after']]).toEqual([429, '13']);
    const auth = googleAdsFailure(new GoogleAdsAuthError('UNAUTHENTICATED')) as ApiError;
    expect([auth.statusCode, auth.body]).toEqual([409, 'GOOGLE_ADS_RECONNECT']);
    const other = googleAdsFailure(new GoogleAdsRequestError('denied', 403, 'PERMISSION_DENIED')) as ApiError;
    expect([other.statusCode, other.body]).toEqual([502, 'GOOGLE_ADS_ERROR: PERMISSION_DENIED']);
    const unknown = new Error('socket');
    expect(googleAdsFailure(unknown)).toBe(unknown);
  });
});
