import type { AdChannelState } from '@veracity/contracts/ad-channels';
import { type FakeMicrosoft, startFakeMicrosoft } from '@veracity/fakes/microsoft-ads/start-fake-microsoft';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { type AdChannelDriver, AdChannelError } from '../ad-channel-driver.js';
import { createMicrosoftAdsClient } from './microsoft-ads-client.js';
import { createMicrosoftAdsDriver, type MicrosoftAdsConfig } from './microsoft-ads-driver.js';

/**
 * Microsoft Advertising's client and driver against the local fake (tools/fakes/src/microsoft-ads),
 * which checks each request's headers and shapes: accounts, the remarketing list on the UET custom
 * event, negative audience criteria on campaigns, faults, throttling and the OAuth round trip; then the
 * whole linking through the server's routes.
 */
let fake: FakeMicrosoft;
let config: MicrosoftAdsConfig;
let driver: AdChannelDriver;
let token: string;
const ACCOUNT = '9100001:1001';
const NAME = 'Veracity: invalid visitors (exclude)';

beforeAll(async () => {
  fake = await startFakeMicrosoft();
  fake.state.accounts.push(
    { Id: 1001, Name: 'Shop (Bing)', CurrencyCode: 'EUR', ParentCustomerId: 9100001 },
    { Id: 1002, Name: 'No tag', CurrencyCode: 'USD', ParentCustomerId: 9100001 },
  );
  fake.state.uetTags.push({ Id: 4001, Name: 'shop.example', accountId: 1001 });
  fake.state.campaigns.push(
    { Id: 2001, Name: 'Brand search', Status: 'Active', accountId: 1001 },
    { Id: 2002, Name: 'Generic search', Status: 'Paused', accountId: 1001 },
  );
  config = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    developerToken: fake.developerToken,
    apiUrl: fake.url,
    customerApiUrl: fake.customerUrl,
    authorizeUrl: fake.oauthUrls.authorize,
    tokenUrl: fake.oauthUrls.token,
  };
  const client = createMicrosoftAdsClient({ ...config, sleep: async () => undefined });
  driver = createMicrosoftAdsDriver(config, { client });
  token = fake.oauth.issueTokens().accessToken;
});

afterAll(async () => {
  await fake.close();
});

describe('Microsoft Advertising against its fake', () => {
  it('lists the ad accounts the user reaches, as customer:account', async () => {
    expect(await driver.listAccounts(token)).toEqual([
      { id: '9100001:1001', name: 'Shop (Bing)', currency: 'EUR' },
      { id: '9100001:1002', name: 'No tag', currency: 'USD' },
    ]);
  });

  it('creates the remarketing list on the UET custom event, 75 days, once', async () => {
    const audience = await driver.ensureAudience(token, ACCOUNT, { name: NAME, retentionDays: 75 });
    expect(audience).toMatchObject({ name: NAME, size: null });
    expect(fake.state.audiences).toHaveLength(1);
    expect(fake.state.audiences[0]).toMatchObject({
      MembershipDuration: 75,
      TagId: 4001,
      Rule: {
        Type: 'Custom',
        Category: 'Veracity',
        CategoryOperator: 'Equals',
        Action: 'VeracityExcludeVisitor',
        Label: 'detection',
        Value: 1,
      },
    });
    expect((await driver.ensureAudience(token, ACCOUNT, { name: NAME, retentionDays: 75 })).id).toBe(
      audience.id,
    );
    expect(fake.state.audiences).toHaveLength(1);
    const stored = fake.state.audiences[0];
    if (stored) stored.SearchSize = 420;
    expect(await driver.audience(token, ACCOUNT, audience.id)).toMatchObject({ size: 420 });
  });

  it('refuses to build the list on an account without a UET tag, saying what to do', async () => {
    await expect(
      driver.ensureAudience(token, '9100001:1002', { name: NAME, retentionDays: 75 }),
    ).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining('No UET tag'),
    });
  });

  it('attaches the list as a negative campaign audience, and detaches it, keeping other exclusions', async () => {
    const audienceId = String(fake.state.audiences[0]?.Id);
    fake.state.criteria.push({ Id: 777, CampaignId: 2001, AudienceId: 123 });
    const [brand] = await driver.listTargets(token, ACCOUNT);
    if (!brand) throw new Error('no campaign');
    expect(brand.excludedAudienceIds).toEqual(['123']);
    await driver.setExclusion(token, ACCOUNT, brand, audienceId, true);
    expect((await driver.listTargets(token, ACCOUNT))[0]?.excludedAudienceIds).toEqual(['123', audienceId]);
    await driver.setExclusion(token, ACCOUNT, brand, audienceId, false);
    expect((await driver.listTargets(token, ACCOUNT))[0]?.excludedAudienceIds).toEqual(['123']);
  });

  it('backs off a throttled call (117) and gives up as rate limited; a refused token asks to reconnect', async () => {
    fake.service.rateLimit('campaign:campaigns', { times: 2, retryDelaySeconds: 1 });
    expect(await driver.listTargets(token, ACCOUNT)).toHaveLength(2);
    // Four answers of 117 in a row: the first call and its three retries.
    fake.service.rateLimit('campaign:campaigns', { times: 4, retryDelaySeconds: 1 });
    await expect(driver.listTargets(token, ACCOUNT)).rejects.toMatchObject({ code: 'rate_limited' });
    fake.service.clearRequests();
    await expect(driver.listAccounts('not-a-token')).rejects.toBeInstanceOf(AdChannelError);
    await expect(driver.listAccounts('not-a-token')).rejects.toMatchObject({ code: 'reconnect' });
  });

  it('sends the developer token and account headers, and never the token in the recorded requests', () => {
    fake.service.clearRequests();
    return driver.listTargets(token, ACCOUNT).then(() => {
      const [first] = fake.service.requestsTo('campaign:campaigns');
      expect(first?.headers.customeraccountid).toBe('1001');
      expect(first?.headers.developertoken).toBe('[redacted]');
    });
  });
});

describe('linking Microsoft Ads through the server', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({}, { adChannelDrivers: { microsoft: createMicrosoftAdsDriver(config) } });
    admin = await accountToken(t, await createTenant(t));
  });

  afterAll(async () => {
    await t.close();
  });

  it('consent, account, list, exclusion: the real driver and the fake, end to end', async () => {
    const started = await call(t, 'POST', '/integrations/microsoft-ads/connect', {
      token: admin,
      body: { returnPath: '/integrations/microsoft-ads/overview' },
    });
    const consent = new URL((started.json() as { url: string }).url);
    expect(consent.searchParams.get('scope')).toContain('https://ads.microsoft.com/msads.manage');
    consent.searchParams.set('approve', '1');
    const approved = await fetch(consent, { redirect: 'manual' });
    const back = new URL(String(approved.headers.get('location')));
    const callback = await call(t, 'GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`);
    expect(callback.headers.location).toBe('/integrations/microsoft-ads/overview?adChannel=linked');
    const put = async (path: string, body: unknown) => {
      const response = await call(t, 'PUT', `/integrations/microsoft-ads${path}`, { token: admin, body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdChannelState;
    };
    let state = await put('/account', { accountId: ACCOUNT });
    expect(state.audience).toMatchObject({ name: NAME, minimum: 300, retentionDays: 75 });
    expect(state.targets.map((target) => target.name)).toEqual(['Brand search', 'Generic search']);
    state = await put('/exclusions', { targetIds: ['2002'] });
    expect(state.targets.find((target) => target.id === '2002')?.excluded).toBe(true);
    expect(fake.state.criteria.some((c) => c.CampaignId === 2002)).toBe(true);
  });
});
