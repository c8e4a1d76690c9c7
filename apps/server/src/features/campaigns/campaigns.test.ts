import { type Campaign, s2sDownloadFileName } from '@veracity/contracts/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountToken, addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let home: Tenant;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t, { company: 'S2S Home' });
  token = await accountToken(t, home);
});
afterAll(async () => {
  await t.close();
});

async function create(body: object, as = token): Promise<Campaign> {
  const response = await call(t, 'POST', '/sensors/s2s', { token: as, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Campaign;
}

describe('S2S campaigns', () => {
  it('creates a campaign with defaults, lists it and counts it in /me', async () => {
    const tenant = await createTenant(t);
    const own = await accountToken(t, tenant);
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({
      numCampaigns: 0,
      sensorKey: expect.stringMatching(/^vs_[A-Za-z0-9_-]{10,}$/),
    });
    expect((await call(t, 'GET', '/sensors/s2s', { token: own })).json()).toEqual([]);
    const created = await create({ name: '  Spring sale  ' }, own);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Spring sale',
      active: true,
      hidden: false,
      googleAccountId: null,
      googleCampaignId: null,
      googleCampaignType: null,
    });
    const google = await create(
      {
        name: 'Brand search',
        googleAccountId: '1234567890',
        googleCampaignId: '20117345678',
        googleCampaignType: 'SEARCH',
        hidden: true,
      },
      own,
    );
    expect(google).toMatchObject({
      googleAccountId: '123-456-7890',
      googleCampaignId: '20117345678',
      googleCampaignType: 'SEARCH',
      hidden: true,
    });
    const list = (await call(t, 'GET', '/sensors/s2s', { token: own })).json() as Campaign[];
    expect(list.map((c) => c.name)).toEqual(['Spring sale', 'Brand search']);
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numCampaigns: 2 });
  });

  it('serves the list as a JSON download when asked with Accept: application/json', async () => {
    await create({ name: 'Download me' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sensors/s2s',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="s2s-campaigns-\d{8}-\d{6}\.json"$/,
    );
    expect((response.json() as Campaign[]).some((c) => c.name === 'Download me')).toBe(true);
    const plain = await call(t, 'GET', '/sensors/s2s', { token });
    expect(plain.headers['content-disposition']).toBeUndefined();
    expect(s2sDownloadFileName(new Date('2026-11-21T23:05:09.000Z'))).toBe(
      's2s-campaigns-20261121-230509.json',
    );
  });

  it('accepts dashed 11-digit account ids and every catalogue B type', async () => {
    const campaign = await create({
      name: 'PMax',
      googleAccountId: '123-456-78901',
      googleCampaignType: 'APP',
    });
    expect(campaign.googleAccountId).toBe('123-456-78901');
    const cleared = await call(t, 'PUT', `/sensors/s2s/${campaign.id}`, {
      token,
      body: { googleAccountId: '', googleCampaignType: null },
    });
    expect(cleared.json()).toMatchObject({ googleAccountId: null, googleCampaignType: null });
  });

  it('refuses invalid fields with 400 and the field named', async () => {
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'A', googleAccountId: '12345' }, 'googleAccountId'],
      [{ name: 'A', googleAccountId: '12-3456-7890' }, 'googleAccountId'],
      [{ name: 'A', googleCampaignId: 'abc' }, 'googleCampaignId'],
      [{ name: 'A', googleCampaignType: 'UNCATEGORIZED' }, 'googleCampaignType'],
      [{ name: 'A', active: 'yes' }, 'active'],
    ] as const) {
      const response = await call(t, 'POST', '/sensors/s2s', { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(field);
    }
    const campaign = await create({ name: 'Valid' });
    const bad = await call(t, 'PUT', `/sensors/s2s/${campaign.id}`, { token, body: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const notAnId = await call(t, 'PUT', '/sensors/s2s/abc', { token, body: { name: 'B' } });
    expect(notAnId.statusCode).toBe(400);
  });

  it('updates name, toggles and Google fields, keeping what the body leaves out', async () => {
    const campaign = await create({ name: 'Before', googleCampaignType: 'DISPLAY' });
    const renamed = await call(t, 'PUT', `/sensors/s2s/${campaign.id}`, { token, body: { name: 'After' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'After', active: true, googleCampaignType: 'DISPLAY' });
    const paused = await call(t, 'PUT', `/sensors/s2s/${campaign.id}`, {
      token,
      body: { active: false, hidden: true },
    });
    expect(paused.json()).toMatchObject({ name: 'After', active: false, hidden: true });
    const list = (await call(t, 'GET', '/sensors/s2s', { token })).json() as Campaign[];
    expect(list.find((c) => c.id === campaign.id)).toMatchObject({ active: false, hidden: true });
  });

  it("answers 404 for an id that does not exist or is another account's", async () => {
    const missing = await call(t, 'PUT', '/sensors/s2s/999999', { token, body: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    const other = await createTenant(t);
    const otherToken = await accountToken(t, other);
    const theirs = await create({ name: 'Theirs' }, otherToken);
    const hijack = await call(t, 'PUT', `/sensors/s2s/${theirs.id}`, { token, body: { active: false } });
    expect(hijack.statusCode).toBe(404);
    const mine = (await call(t, 'GET', '/sensors/s2s', { token })).json() as Campaign[];
    expect(mine.some((c) => c.id === theirs.id)).toBe(false);
    const after = (await call(t, 'GET', '/sensors/s2s', { token: otherToken })).json() as Campaign[];
    expect(after).toEqual([theirs]);
  });

  it('lets viewers read but not write, and needs campaign_pause to change active', async () => {
    const campaign = await create({ name: 'Guarded' });
    const viewer = await accountToken(t, await addTenantUser(t, home.relationshipId, 'Viewer'));
    expect((await call(t, 'GET', '/sensors/s2s', { token: viewer })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/sensors/s2s', { token: viewer, body: { name: 'N' } })).statusCode).toBe(
      403,
    );
    const edit = await call(t, 'PUT', `/sensors/s2s/${campaign.id}`, { token: viewer, body: { name: 'N' } });
    expect(edit.statusCode).toBe(403);

    // A role that may edit but not pause: renaming works, pausing (or creating paused) does not.
    const db = t.stores.accounts.db;
    const role = await db
      .insertInto('roles')
      .values({
        relationship_id: home.relationshipId,
        name: 'Editor without pause',
        permissions: JSON.stringify(['campaign_view', 'campaign_create', 'campaign_edit']),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const editor = await addTenantUser(t, home.relationshipId, 'Viewer');
    await db
      .insertInto('membership_roles')
      .values({ user_id: editor.userId, relationship_id: home.relationshipId, role_id: role.id })
      .execute();
    const editorToken = await accountToken(t, editor);
    const put = (body: object) => call(t, 'PUT', `/sensors/s2s/${campaign.id}`, { token: editorToken, body });
    expect((await put({ name: 'Renamed', active: true })).statusCode).toBe(200);
    const pause = await put({ active: false });
    expect(pause.statusCode).toBe(403);
    expect(pause.body).toContain('pause');
    const createPaused = await call(t, 'POST', '/sensors/s2s', {
      token: editorToken,
      body: { name: 'Paused', active: false },
    });
    expect(createPaused.statusCode).toBe(403);
    const list = (await call(t, 'GET', '/sensors/s2s', { token })).json() as Campaign[];
    expect(list.find((c) => c.id === campaign.id)).toMatchObject({ name: 'Renamed', active: true });
  });

  it('follows the plan: Pro and Max yes, Free and Lite no, custom accounts with sensor_s2s only', async () => {
    const status = async (options: Parameters<typeof createTenant>[1]) => {
      const tenantToken = await accountToken(t, await createTenant(t, options));
      return (await call(t, 'GET', '/sensors/s2s', { token: tenantToken })).statusCode;
    };
    expect(await status({ plan: 'max' })).toBe(200);
    expect(await status({ plan: 'free_trial' })).toBe(403);
    expect(await status({ plan: 'lite' })).toBe(403);
    expect(await status({ plan: 'custom' })).toBe(403);
    expect(await status({ plan: 'custom', features: [{ name: 'sensor_s2s', value: true }] })).toBe(200);
    expect(await status({ plan: 'custom', features: [{ name: 'sensor_s2s', value: false }] })).toBe(403);
  });

  it('refuses writes on the demo account with 418, and reads for anonymous callers with 401', async () => {
    const demo = await accountToken(
      t,
      await createTenant(t, { plan: 'demo', features: [{ name: 'sensor_s2s', value: true }] }),
    );
    expect((await call(t, 'GET', '/sensors/s2s', { token: demo })).statusCode).toBe(200);
    const refused = await call(t, 'POST', '/sensors/s2s', { token: demo, body: { name: 'Demo' } });
    expect(refused.statusCode).toBe(418);
    expect((await call(t, 'PUT', '/sensors/s2s/1', { token: demo, body: { name: 'D' } })).statusCode).toBe(
      418,
    );
    expect((await call(t, 'GET', '/sensors/s2s')).statusCode).toBe(401);
  });
});
