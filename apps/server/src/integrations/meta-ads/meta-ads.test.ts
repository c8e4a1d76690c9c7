import type { AdChannelState } from '@veracity/contracts/ad-channels';
import { type FakeMeta, startFakeMeta } from '@veracity/fakes/meta-ads/start-fake-meta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import type { AdChannelDriver } from '../ad-channel-driver.js';
import { createMetaAdsClient } from './meta-ads-client.js';
import { createMetaAdsDriver, type MetaAdsConfig } from './meta-ads-driver.js';

/**
 * Meta's Marketing API client and driver against the local fake (tools/fakes/src/meta-ads): the
 * Facebook Login exchanges to a long-lived token, the website audience on the pixel event, the ad
 * sets' excluded audiences, #2663, #190 and the rate limit; then the linking through the server.
 */
let fake: FakeMeta;
let config: MetaAdsConfig;
let driver: AdChannelDriver;
let token: string;
const NAME = 'Veracity: invalid visitors (exclude)';

async function consentCode(redirectUri: string): Promise<string> {
  const url = new URL(driver.oauth.authorizeUrl({ state: 'st', redirectUri }));
  url.searchParams.set('approve', '1');
  const answer = await fetch(url, { redirect: 'manual' });
  return new URL(String(answer.headers.get('location'))).searchParams.get('code') ?? '';
}

beforeAll(async () => {
  fake = await startFakeMeta();
  fake.state.adAccounts.push(
    { id: '111', name: 'Shop (Meta)', currency: 'EUR' },
    { id: '222', name: 'No pixel', currency: 'EUR' },
  );
  fake.state.pixels.push({ id: '9001', name: 'shop.example', accountId: '111' });
  fake.state.adSets.push(
    {
      id: '5001',
      name: 'Prospecting',
      effective_status: 'ACTIVE',
      accountId: '111',
      targeting: {
        geo_locations: { countries: ['ES'] },
        excluded_custom_audiences: [{ id: '42', name: 'Buyers' }],
      },
    },
    {
      id: '5002',
      name: 'Retargeting',
      effective_status: 'PAUSED',
      accountId: '111',
      targeting: { geo_locations: { countries: ['FR'] } },
    },
  );
  config = {
    appId: fake.appId,
    appSecret: fake.appSecret,
    graphUrl: fake.graphUrl,
    version: fake.version,
    dialogUrl: fake.dialogUrl,
  };
  driver = createMetaAdsDriver(config, {
    client: createMetaAdsClient({
      graphUrl: fake.graphUrl,
      version: fake.version,
      sleep: async () => undefined,
    }),
  });
  const redirectUri = 'https://app.veracity.example/api/integrations/facebook-ads/oauth/callback';
  token = (await driver.oauth.exchangeCode({ code: await consentCode(redirectUri), redirectUri }))
    .accessToken;
});

afterAll(async () => {
  await fake.close();
});

describe('Meta Ads against its fake', () => {
  it('exchanges the code for a long-lived token with no refresh token', async () => {
    const redirectUri = 'https://app.veracity.example/cb';
    const tokens = await driver.oauth.exchangeCode({ code: await consentCode(redirectUri), redirectUri });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(50 * 86_400_000);
    await expect(driver.oauth.exchangeCode({ code: 'used-or-unknown', redirectUri })).rejects.toThrow();
  });

  it('lists the ad accounts and creates the website audience of the pixel event, 75 days, once', async () => {
    expect((await driver.listAccounts(token)).map((account) => account.id)).toEqual(['111', '222']);
    const audience = await driver.ensureAudience(token, '111', { name: NAME, retentionDays: 75 });
    expect(audience).toMatchObject({ name: NAME, size: null });
    const stored = fake.state.audiences[0];
    expect(stored?.rule).toMatchObject({
      inclusions: {
        rules: [
          {
            event_sources: [{ id: '9001', type: 'pixel' }],
            retention_seconds: 75 * 86_400,
            filter: { filters: [{ field: 'event', operator: 'eq', value: 'VeracityExcludeVisitor' }] },
          },
        ],
      },
    });
    expect((await driver.ensureAudience(token, '111', { name: NAME, retentionDays: 75 })).id).toBe(
      audience.id,
    );
    expect(fake.state.audiences).toHaveLength(1);
    if (stored) stored.approximate_count_lower_bound = 1200;
    expect(await driver.audience(token, '111', audience.id)).toMatchObject({ size: 1200 });
  });

  it('refuses without a pixel, and shows #2663 with the page to accept the terms', async () => {
    await expect(
      driver.ensureAudience(token, '222', { name: NAME, retentionDays: 75 }),
    ).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining('No Meta Pixel'),
    });
    fake.state.pixels.push({ id: '9002', name: 'brand', accountId: '222' });
    fake.state.termsNotAccepted.add('222');
    await expect(
      driver.ensureAudience(token, '222', { name: NAME, retentionDays: 75 }),
    ).rejects.toMatchObject({
      code: 'terms',
      link: 'https://business.facebook.com/ads/manage/customaudiences/tos/?act=222',
    });
  });

  it('excludes the audience in an ad set, keeping its targeting and other exclusions, and removes it again', async () => {
    const audienceId = fake.state.audiences[0]?.id ?? '';
    const [prospecting] = await driver.listTargets(token, '111');
    if (!prospecting) throw new Error('no ad set');
    expect(prospecting.excludedAudienceIds).toEqual(['42']);
    await driver.setExclusion(token, '111', prospecting, audienceId, true);
    const adSet = fake.state.adSets.find((item) => item.id === '5001');
    expect(adSet?.targeting).toMatchObject({
      geo_locations: { countries: ['ES'] },
      excluded_custom_audiences: [{ id: '42' }, { id: audienceId }],
    });
    await driver.setExclusion(token, '111', prospecting, audienceId, false);
    expect((await driver.listTargets(token, '111'))[0]?.excludedAudienceIds).toEqual(['42']);
  });

  it('backs off the rate limit (#17) and gives up as rate limited; #190 asks to reconnect', async () => {
    fake.state.rateLimitedCalls = 2;
    expect(await driver.listTargets(token, '111')).toHaveLength(2);
    fake.state.rateLimitedCalls = 4;
    await expect(driver.listTargets(token, '111')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(driver.listAccounts('EAAB-expired')).rejects.toMatchObject({ code: 'reconnect' });
  });
});

describe('linking Meta Ads through the server', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({}, { adChannelDrivers: { meta: createMetaAdsDriver(config) } });
    admin = await accountToken(t, await createTenant(t));
  });

  afterAll(async () => {
    await t.close();
  });

  it('consent, ad account, audience, ad set: the real driver and the fake; the status of spec 02 §3', async () => {
    const started = await call(t, 'POST', '/integrations/facebook-ads/connect', {
      token: admin,
      body: { returnPath: '/integrations/facebook-ads/overview' },
    });
    const consent = new URL((started.json() as { url: string }).url);
    expect(consent.searchParams.get('scope')).toBe('ads_management,ads_read');
    consent.searchParams.set('approve', '1');
    const back = new URL(String((await fetch(consent, { redirect: 'manual' })).headers.get('location')));
    const callback = await call(t, 'GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`);
    expect(callback.headers.location).toBe('/integrations/facebook-ads/overview?adChannel=linked');
    const put = async (path: string, body: unknown) => {
      const response = await call(t, 'PUT', `/integrations/facebook-ads${path}`, { token: admin, body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdChannelState;
    };
    let state = await put('/account', { accountId: '111' });
    expect(state.meta).toMatchObject({ appId: fake.appId, linkAccount: true, importAccounts: true });
    expect(state.audience).toMatchObject({ name: NAME, minimum: 100, status: 'ready', size: 1200 });
    state = await put('/exclusions', { targetIds: ['5002'] });
    expect(state.targets.find((target) => target.id === '5002')?.excluded).toBe(true);
    // Disconnecting revokes the app's permissions at Meta.
    const gone = await call(t, 'DELETE', '/integrations/facebook-ads', { token: admin });
    expect((gone.json() as AdChannelState).connection).toBe('none');
    expect(fake.service.requestsTo('me:permissions:delete')).toHaveLength(1);
  });
});
