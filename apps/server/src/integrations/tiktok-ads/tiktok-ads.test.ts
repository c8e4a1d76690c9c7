import type { AdChannelState } from '@veracity/contracts/ad-channels';
import { type FakeTikTok, startFakeTikTok } from '@veracity/fakes/tiktok-ads/start-fake-tiktok';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import type { AdChannelDriver } from '../ad-channel-driver.js';
import { createTikTokAdsClient } from './tiktok-ads-client.js';
import { createTikTokAdsDriver, type TikTokAdsConfig } from './tiktok-ads-driver.js';

/**
 * TikTok's Business API client and driver against the local fake (tools/fakes/src/tiktok-ads): the
 * auth_code exchanged for a token without refresh, the website traffic audience on the pixel event,
 * the ad groups' excluded audiences, the envelope's error codes, the rate limit and the token errors;
 * then the linking through the server.
 */
let fake: FakeTikTok;
let config: TikTokAdsConfig;
let driver: AdChannelDriver;
let token: string;
const sleeps: number[] = [];
const NAME = 'Veracity: invalid visitors (exclude)';

async function authCode(redirectUri: string): Promise<string> {
  const url = new URL(driver.oauth.authorizeUrl({ state: 'st', redirectUri }));
  url.searchParams.set('approve', '1');
  const answer = await fetch(url, { redirect: 'manual' });
  return new URL(String(answer.headers.get('location'))).searchParams.get('auth_code') ?? '';
}

beforeAll(async () => {
  fake = await startFakeTikTok();
  fake.state.advertisers.push(
    { advertiser_id: '7001', advertiser_name: 'Shop (TikTok)' },
    { advertiser_id: '7002', advertiser_name: 'No pixel' },
  );
  fake.state.pixels.push({
    pixel_id: '9101',
    pixel_code: 'CABC123',
    pixel_name: 'shop',
    advertiserId: '7001',
  });
  fake.state.audiences.push({
    audience_id: '6001',
    name: 'Buyers',
    advertiserId: '7001',
    audience_type: 'CUSTOMER_FILE',
    rule_spec: null,
    cover_num: 5000,
  });
  fake.state.adGroups.push(
    {
      adgroup_id: '8001',
      adgroup_name: 'Prospecting',
      operation_status: 'ENABLE',
      advertiserId: '7001',
      excluded_audience_ids: ['6001'],
    },
    {
      adgroup_id: '8002',
      adgroup_name: 'Retargeting',
      operation_status: 'DISABLE',
      advertiserId: '7001',
      excluded_audience_ids: [],
    },
  );
  config = { appId: fake.appId, secret: fake.secret, apiUrl: fake.apiUrl, authorizeUrl: fake.authorizeUrl };
  driver = createTikTokAdsDriver(config, {
    client: createTikTokAdsClient({
      apiUrl: fake.apiUrl,
      appId: fake.appId,
      secret: fake.secret,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    }),
  });
  const redirectUri = 'https://app.veracity.example/api/integrations/tiktok-ads/oauth/callback';
  token = (await driver.oauth.exchangeCode({ code: await authCode(redirectUri), redirectUri })).accessToken;
});

afterAll(async () => {
  await fake.close();
});

describe('TikTok Ads against its fake', () => {
  it('exchanges the auth_code for a token with no refresh token; a used code is refused', async () => {
    const redirectUri = 'https://app.veracity.example/cb';
    const url = new URL(driver.oauth.authorizeUrl({ state: 'st', redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_id: fake.appId,
      state: 'st',
      redirect_uri: redirectUri,
    });
    const code = await authCode(redirectUri);
    const tokens = await driver.oauth.exchangeCode({ code, redirectUri });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(365 * 86_400_000);
    await expect(driver.oauth.exchangeCode({ code, redirectUri })).rejects.toMatchObject({
      code: 'refused',
      message: 'TikTok refused: Authorization code is expired.',
    });
    expect(fake.service.requestsTo('oauth2:access_token')[0]?.body).toMatchObject({
      secret: '[redacted]',
      auth_code: '[redacted]',
    });
  });

  it('lists the advertisers and creates the website traffic audience of the pixel event, 75 days, once', async () => {
    expect(await driver.listAccounts(token)).toEqual([
      { id: '7001', name: 'Shop (TikTok)', currency: null },
      { id: '7002', name: 'No pixel', currency: null },
    ]);
    const audience = await driver.ensureAudience(token, '7001', { name: NAME, retentionDays: 75 });
    expect(audience).toMatchObject({ name: NAME, size: null });
    const stored = fake.state.audiences.find((item) => item.name === NAME);
    expect(stored).toMatchObject({ audience_type: 'PIXEL' });
    expect(stored?.rule_spec).toEqual({
      inclusion_rule_set: {
        operator: 'OR',
        rules: [
          {
            event_source_ids: ['9101'],
            retention_days: 75,
            filter_set: {
              operator: 'OR',
              filters: [{ field: 'EVENT', operator: 'EQ', value: 'VeracityExcludeVisitor' }],
            },
          },
        ],
      },
    });
    expect((await driver.ensureAudience(token, '7001', { name: NAME, retentionDays: 75 })).id).toBe(
      audience.id,
    );
    expect(fake.state.audiences.filter((item) => item.name === NAME)).toHaveLength(1);
    if (stored) stored.cover_num = 1500;
    expect(await driver.audience(token, '7001', audience.id)).toEqual({
      id: audience.id,
      name: NAME,
      size: 1500,
    });
    expect(await driver.audience(token, '7001', '404404')).toBeNull();
  });

  it('refuses without a pixel, and a retention outside 1–365 days before calling TikTok', async () => {
    await expect(
      driver.ensureAudience(token, '7002', { name: NAME, retentionDays: 75 }),
    ).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining('No TikTok Pixel'),
    });
    fake.state.pixels.push({
      pixel_id: '9102',
      pixel_code: 'CDEF456',
      pixel_name: 'brand',
      advertiserId: '7002',
    });
    const creates = fake.service.requestsTo('dmp:custom_audience:rule:create').length;
    for (const days of [0, 366, 7.5]) {
      await expect(
        driver.ensureAudience(token, '7002', { name: NAME, retentionDays: days }),
      ).rejects.toMatchObject({
        code: 'refused',
        message: expect.stringContaining('1 to 365 days'),
      });
    }
    expect(fake.service.requestsTo('dmp:custom_audience:rule:create')).toHaveLength(creates);
  });

  it('excludes the audience in an ad group, keeping its other excluded audiences, and removes it again', async () => {
    const audienceId = fake.state.audiences.find((item) => item.name === NAME)?.audience_id ?? '';
    const targets = await driver.listTargets(token, '7001');
    expect(targets).toEqual([
      { id: '8001', name: 'Prospecting', status: 'ENABLE', excludedAudienceIds: ['6001'] },
      { id: '8002', name: 'Retargeting', status: 'DISABLE', excludedAudienceIds: [] },
    ]);
    const [prospecting] = targets;
    if (!prospecting) throw new Error('no ad group');
    await driver.setExclusion(token, '7001', prospecting, audienceId, true);
    expect(fake.state.adGroups[0]?.excluded_audience_ids).toEqual(['6001', audienceId]);
    await driver.setExclusion(token, '7001', prospecting, audienceId, true);
    expect(fake.state.adGroups[0]?.excluded_audience_ids).toEqual(['6001', audienceId]);
    await driver.setExclusion(token, '7001', prospecting, audienceId, false);
    expect((await driver.listTargets(token, '7001'))[0]?.excludedAudienceIds).toEqual(['6001']);
    await expect(
      driver.setExclusion(token, '7001', { ...prospecting, id: '8999' }, audienceId, true),
    ).rejects.toMatchObject({ code: 'refused' });
  });

  it('shows a code other than 0 in TikTok’s words, and checks the request’s shape', async () => {
    await expect(
      driver.setExclusion(
        token,
        '7001',
        { id: '8002', name: '', status: '', excludedAudienceIds: [] },
        'nope',
        true,
      ),
    ).rejects.toMatchObject({
      code: 'refused',
      message: 'TikTok refused: excluded_audience_ids: Must be audiences of this advertiser.',
    });
    const answer = await fetch(`${fake.apiUrl}/v1.3/pixel/list/?advertiser_id=7001&colour=red`, {
      headers: { 'access-token': token },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ code: 40002, message: 'colour: Unknown field.', data: {} });
    const missing = await fetch(`${fake.apiUrl}/v1.3/adgroup/update/`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ advertiser_id: '7001' }),
    });
    expect(await missing.json()).toMatchObject({
      code: 40002,
      message: 'adgroup_id: Missing data for required field.',
    });
    const seen = (await (await fetch(`${fake.service.url}/__fake/state`)).json()) as {
      advertisers: unknown[];
    };
    expect(seen.advertisers).toHaveLength(2);
  });

  it('backs off the rate limit (40100) with growing waits, then gives up as rate limited', async () => {
    sleeps.length = 0;
    fake.state.rateLimitedCalls = 2;
    expect(await driver.listTargets(token, '7001')).toHaveLength(2);
    expect(sleeps).toEqual([1000, 2000]);
    fake.state.rateLimitedCalls = 4;
    await expect(driver.listTargets(token, '7001')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(fake.state.rateLimitedCalls).toBe(0);
  });

  it('asks to reconnect on the token errors (40105 expired or revoked, 40104 empty)', async () => {
    fake.state.expiredTokenCalls = 1;
    await expect(driver.listAccounts(token)).rejects.toMatchObject({
      code: 'reconnect',
      message: 'Access token is incorrect or has been revoked.',
    });
    expect(await driver.listAccounts(token)).toHaveLength(2);
    await expect(driver.listAccounts('')).rejects.toMatchObject({ code: 'reconnect' });
  });

  it('answers unavailable when TikTok does not answer', async () => {
    const down = createTikTokAdsDriver({ ...config, apiUrl: 'http://127.0.0.1:9/open_api' });
    await expect(down.listAccounts(token)).rejects.toMatchObject({ code: 'unavailable' });
    fake.service.injectError('pixel:list', { status: 503, body: 'upstream down' });
    await expect(
      driver.ensureAudience(token, '7002', { name: 'Other', retentionDays: 75 }),
    ).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});

describe('linking TikTok Ads through the server', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({}, { adChannelDrivers: { tiktok: createTikTokAdsDriver(config) } });
    admin = await accountToken(t, await createTenant(t));
  });

  afterAll(async () => {
    await t.close();
  });

  it('consent, advertiser, audience, ad group: the real driver and the fake', async () => {
    const started = await call(t, 'POST', '/integrations/tiktok-ads/connect', {
      token: admin,
      body: { returnPath: '/integrations/tiktok-ads/overview' },
    });
    const consent = new URL((started.json() as { url: string }).url);
    expect(consent.searchParams.get('app_id')).toBe(fake.appId);
    // The consent page, then its Confirm link: TikTok comes back with auth_code.
    const page = await (await fetch(consent)).text();
    const confirm = new URL(
      /id="allow" role="button" href="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '',
      consent,
    );
    const back = new URL(String((await fetch(confirm, { redirect: 'manual' })).headers.get('location')));
    expect(back.searchParams.has('auth_code')).toBe(true);
    const callback = await call(t, 'GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`);
    expect(callback.headers.location).toBe('/integrations/tiktok-ads/overview?adChannel=linked');
    const put = async (path: string, body: unknown) => {
      const response = await call(t, 'PUT', `/integrations/tiktok-ads${path}`, { token: admin, body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdChannelState;
    };
    let state = await put('/account', { accountId: '7001' });
    expect(state).toMatchObject({ connection: 'connected', account: { id: '7001', name: 'Shop (TikTok)' } });
    expect(state.audience).toMatchObject({ name: NAME, minimum: 1000, status: 'ready', size: 1500 });
    state = await put('/exclusions', { targetIds: ['8002'] });
    expect(state.targets.find((target) => target.id === '8002')?.excluded).toBe(true);
    expect(fake.state.adGroups[1]?.excluded_audience_ids).toHaveLength(1);
    // Disconnecting revokes the token at TikTok.
    const gone = await call(t, 'DELETE', '/integrations/tiktok-ads', { token: admin });
    expect((gone.json() as AdChannelState).connection).toBe('none');
    expect(fake.service.requestsTo('oauth2:revoke_token')).toHaveLength(1);
  });
});
