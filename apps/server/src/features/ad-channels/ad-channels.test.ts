import type { AdChannelState } from '@veracity/contracts/ad-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdChannelError } from '../../integrations/ad-channel-driver.js';
import { adChannelsSyncJob } from '../../jobs/ad-channels-sync.js';
import { systemClock } from '../../jobs/clock.js';
import { accountToken, addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MemoryPlatform, memoryPlatform } from './ad-channels.test-support.js';
import { createAdChannelsIntegration } from './ad-channels-wiring.js';

/**
 * The Meta, Microsoft and TikTok linking API on a real server and accounts store, Microsoft's route
 * set driving a platform in memory (ad-channels.test-support.ts); Meta's has no driver on this server,
 * as on one without a Meta app.
 */
let t: TestApp;
let platform: MemoryPlatform;
let home: Tenant;
let admin: string;
let viewer: string;
let otherAdmin: string;
const base = '/integrations/microsoft-ads';

beforeAll(async () => {
  platform = memoryPlatform('microsoft');
  t = await startTestApp({}, { adChannelDrivers: { microsoft: platform.driver } });
  home = await createTenant(t, { company: 'Home' });
  const other = await createTenant(t, { company: 'Other' });
  admin = await accountToken(t, home);
  viewer = await accountToken(t, await addTenantUser(t, home.relationshipId, 'Viewer'));
  otherAdmin = await accountToken(t, other);
});

afterAll(async () => {
  await t.close();
});

async function stateOf(token: string, path = base): Promise<AdChannelState> {
  const response = await call(t, 'GET', path, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdChannelState;
}

async function send(
  method: 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<AdChannelState> {
  const response = await call(t, method, `${base}${path}`, { token: admin, ...(body ? { body } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdChannelState;
}

async function audits(action: string): Promise<{ detail: string }[]> {
  return t.stores.accounts.db
    .selectFrom('audit_log')
    .select(['detail'])
    .where('action', '=', action)
    .where('relationship_id', '=', home.relationshipId)
    .execute();
}

/** Connect, follow the consent URL's state to the callback as the platform would. */
async function link(code = 'good-code'): Promise<string> {
  const started = await call(t, 'POST', `${base}/connect`, {
    token: admin,
    body: { returnPath: '/integrations/microsoft-ads/overview' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const consent = new URL((started.json() as { url: string }).url);
  expect(consent.searchParams.get('redirect_uri')).toMatch(
    /\/api\/integrations\/microsoft-ads\/oauth\/callback$/,
  );
  const state = consent.searchParams.get('state') ?? '';
  const back = await call(t, 'GET', `${base}/oauth/callback?code=${code}&state=${encodeURIComponent(state)}`);
  expect(back.statusCode).toBe(302);
  return String(back.headers.location);
}

describe('a channel without a client on this server', () => {
  it('reads as not configured, with the Meta status, and refuses to link', async () => {
    const meta = await stateOf(admin, '/integrations/facebook-ads');
    expect(meta).toMatchObject({ channel: 'meta', configured: false, connection: 'none', accounts: [] });
    expect(meta.meta).toMatchObject({ appId: null, linkAccount: false, importAccounts: false });
    expect(meta.meta?.trackingTemplate).toContain('campaignid={{campaign.id}}');
    const refused = await call(t, 'POST', '/integrations/facebook-ads/connect', {
      token: admin,
      body: { returnPath: '/integrations/facebook-ads/overview' },
    });
    expect(refused.statusCode).toBe(503);
  });
});

describe('the Microsoft IPs to paste', () => {
  it('answers the account’s list over the last 30 days (none yet here), to its members only', async () => {
    const response = await call(t, 'GET', `${base}/ip-exclusions`, { token: viewer });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { entries: unknown[]; total: number; from: string; to: string };
    expect(body.entries).toEqual([]);
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(30);
    expect((await call(t, 'GET', `${base}/ip-exclusions`)).statusCode).toBe(401);
  });
});

describe('linking Microsoft Ads by API', () => {
  it('links through the consent round trip, once: the grant stored, the ad accounts listed', async () => {
    expect((await stateOf(admin)).connection).toBe('none');
    const location = await link();
    expect(location).toBe('/integrations/microsoft-ads/overview?adChannel=linked');
    const state = await stateOf(admin);
    expect(state).toMatchObject({ configured: true, connection: 'connected', account: null, audience: null });
    expect(state.accounts.map((account) => account.id)).toEqual(['1001', '1002']);
    expect(await audits('ad_channel.connected')).toHaveLength(1);
    // Nobody else's: another account sees nothing of it.
    expect((await stateOf(otherAdmin)).connection).toBe('none');
  });

  it('refuses a used, unknown or denied state, and a code the platform refuses', async () => {
    const started = await call(t, 'POST', `${base}/connect`, {
      token: admin,
      body: { returnPath: '/integrations/microsoft-ads/overview' },
    });
    const state = new URL((started.json() as { url: string }).url).searchParams.get('state') ?? '';
    const denied = await call(t, 'GET', `${base}/oauth/callback?error=access_denied&state=${state}`);
    expect(String(denied.headers.location)).toContain('reason=access_denied');
    const reused = await call(t, 'GET', `${base}/oauth/callback?code=good-code&state=${state}`);
    expect(String(reused.headers.location)).toBe(
      '/integrations/microsoft-ads/overview?adChannel=error&reason=invalid_state',
    );
    expect(await link('bad-code')).toContain('reason=exchange_failed');
    expect((await stateOf(admin)).connection).toBe('connected');
  });

  it('creates the exclusion audience from the sensor event on the chosen account, 75 days, once', async () => {
    const state = await send('PUT', '/account', { accountId: '1001' });
    expect(state.account?.id).toBe('1001');
    expect(state.audience).toMatchObject({
      name: 'Veracity: invalid visitors (exclude)',
      size: null,
      minimum: 300,
      status: 'populating',
      retentionDays: 75,
    });
    expect([...platform.audiences.values()][0]?.retentionDays).toBe(75);
    expect(state.targets.map((target) => [target.id, target.excluded])).toEqual([
      ['t1', false],
      ['t2', false],
    ]);
    await send('POST', '/sync');
    expect(platform.audiences.size).toBe(1);
    const unknown = await call(t, 'PUT', `${base}/account`, { token: admin, body: { accountId: '999' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('attaches the audience to the chosen campaigns, keeps their other exclusions, detaches it from the rest', async () => {
    let state = await send('PUT', '/exclusions', { targetIds: ['t1'] });
    expect(state.targets.find((target) => target.id === 't1')?.excluded).toBe(true);
    const t1 = platform.targets.get('1001')?.find((target) => target.id === 't1');
    expect(t1?.excludedAudienceIds).toEqual(['other', 'aud-1001']);
    state = await send('PUT', '/exclusions', { targetIds: ['t2'] });
    expect(state.targets.map((target) => [target.id, target.excluded])).toEqual([
      ['t1', false],
      ['t2', true],
    ]);
    expect(t1?.excludedAudienceIds).toEqual(['other']);
    expect((await audits('ad_channel.exclusions')).map((row) => JSON.parse(row.detail).targetIds)).toEqual([
      't1',
      't2',
    ]);
    const unknown = await call(t, 'PUT', `${base}/exclusions`, {
      token: admin,
      body: { targetIds: ['nope'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('syncs: the audience size against the minimum, and the exclusion put back where the platform lost it', async () => {
    const audience = platform.audiences.get('aud-1001');
    if (audience) audience.size = 420;
    const t2 = platform.targets.get('1001')?.find((target) => target.id === 't2');
    if (t2) t2.excludedAudienceIds = [];
    const state = await send('POST', '/sync');
    expect(state.audience).toMatchObject({ size: 420, status: 'ready' });
    expect(t2?.excludedAudienceIds).toEqual(['aud-1001']);
    expect(state.lastSyncAt).not.toBeNull();
  });

  it('shows a platform refusal as the state’s problem, with its link, and clears it once the call passes', async () => {
    platform.failNext = new AdChannelError(
      'terms',
      'Accept the terms first.',
      'https://platform.example/terms',
    );
    let state = await send('POST', '/sync');
    expect(state.problem).toMatchObject({
      code: 'terms',
      message: 'Accept the terms first.',
      link: 'https://platform.example/terms',
    });
    state = await send('POST', '/sync');
    expect(state.problem).toBeNull();
  });

  it('renews a refused token once; a grant the platform no longer takes asks for a reconnect', async () => {
    platform.validTokens.clear();
    const refreshes = platform.refreshes;
    const state = await send('POST', '/sync');
    expect(platform.refreshes).toBe(refreshes + 1);
    expect(state.problem).toBeNull();
    expect(state.connection).toBe('connected');
  });

  it('is kept in step by the scheduled sync, which puts a lost exclusion back', async () => {
    const t2 = platform.targets.get('1001')?.find((target) => target.id === 't2');
    if (t2) t2.excludedAudienceIds = [];
    const adChannels = createAdChannelsIntegration({
      db: t.stores.accounts.db,
      log: t.app.log,
      clock: systemClock,
      secretKey: t.config.secretKey,
      drivers: { microsoft: platform.driver },
    });
    const job = adChannelsSyncJob(
      { services: { db: t.stores.accounts.db, clock: systemClock, adChannels }, log: t.app.log },
      60,
    );
    const now = new Date();
    await job.run({ window: { start: now, end: now }, now, owner: 'test' });
    expect(t2?.excludedAudienceIds).toEqual(['aud-1001']);
  });

  it('lets only the integrations permission change it, and never another account', async () => {
    const refused = await call(t, 'POST', `${base}/sync`, { token: viewer });
    expect(refused.statusCode).toBe(403);
    expect((await stateOf(viewer)).account?.id).toBe('1001');
    const other = await call(t, 'PUT', `${base}/exclusions`, {
      token: otherAdmin,
      body: { targetIds: ['t1'] },
    });
    expect(other.statusCode).toBe(409);
  });

  it('disconnects: the grant revoked and forgotten, the audience left on the platform', async () => {
    const state = await send('DELETE', '');
    expect(state).toMatchObject({ connection: 'none', account: null, audience: null, targets: [] });
    expect(platform.revoked.length).toBe(1);
    expect(platform.audiences.size).toBe(1);
    expect(await audits('ad_channel.disconnected')).toHaveLength(1);
  });
});
