import { DEFAULT_SECURITY_SETTINGS, type FirewallCampaign } from '@veracity/contracts/firewall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallTenant, memberWith } from '../../test-support/firewall-fixtures.js';
import {
  accountToken,
  call,
  createTenant,
  firstStartDemoUser,
  type Tenant,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let home: Tenant;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  home = await createFirewallTenant(t, { company: 'Firewall Home' });
  admin = await accountToken(t, home);
});
afterAll(async () => {
  await t.close();
});

async function create(body: object, token = admin): Promise<FirewallCampaign> {
  const response = await call(t, 'POST', '/sensors/firewall', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as FirewallCampaign;
}

async function createdId(path: string, body: object, token = admin): Promise<number> {
  const response = await call(t, 'POST', path, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('firewall campaigns: plan gating', () => {
  it('answers 403 to Pro and Max, and to a custom account without the sensor_firewall flag', async () => {
    for (const options of [
      { plan: 'pro' as const },
      { plan: 'max' as const },
      { plan: 'custom' as const },
      { plan: 'custom' as const, features: [{ name: 'sensor_firewall', value: false }] },
    ]) {
      const token = await accountToken(t, await createTenant(t, options));
      for (const path of [
        '/sensors/firewall',
        '/sensors/firewall/offers',
        '/sensors/firewall/trafficsources',
      ]) {
        const response = await call(t, 'GET', path, { token });
        expect(response.statusCode, `${JSON.stringify(options)} ${path}`).toBe(403);
      }
      expect((await call(t, 'POST', '/sensors/firewall', { token, body: { name: 'No' } })).statusCode).toBe(
        403,
      );
    }
  });

  it('lets the demo account read the lists and answers its writes 418', async () => {
    const demo = await accountToken(t, await firstStartDemoUser(t));
    expect((await call(t, 'GET', '/sensors/firewall', { token: demo })).statusCode).toBe(200);
    const write = await call(t, 'POST', '/sensors/firewall', { token: demo, body: { name: 'Demo' } });
    expect(write.statusCode).toBe(418);
    expect(write.json()).toBe('This action is disabled for the demo account');
  });
});

describe('firewall campaigns', () => {
  it('creates a campaign with the default security, lists it apart from S2S ones and counts it in /me', async () => {
    const tenant = await createFirewallTenant(t);
    const own = await accountToken(t, tenant);
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numCampaigns: 0 });
    expect((await call(t, 'GET', '/sensors/firewall', { token: own })).json()).toEqual([]);
    const created = await create({ name: '  Push traffic  ' }, own);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Push traffic',
      active: true,
      hidden: false,
      googleAccountId: null,
      googleCampaignId: null,
      googleCampaignType: null,
      offerId: null,
      trafficSourceId: null,
      security: DEFAULT_SECURITY_SETTINGS,
      labelIds: [],
    });
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numCampaigns: 1 });
    const list = (await call(t, 'GET', '/sensors/firewall', { token: own })).json() as FirewallCampaign[];
    expect(list.map((c) => c.name)).toEqual(['Push traffic']);
    // The S2S list is another list of the same table: it does not show firewall campaigns.
    const s2s = await call(t, 'GET', '/sensors/s2s', { token: own });
    expect(s2s.statusCode).toBe(403); // this account has the firewall, not S2S
  });

  it("takes the account's own offer, traffic source and labels, and refuses another account's", async () => {
    const offerId = await createdId('/sensors/firewall/offers', {
      name: 'Casino',
      landingUrl: 'https://offer.example/landing?click={clickid}',
    });
    const trafficSourceId = await createdId('/sensors/firewall/trafficsources', { name: 'Push network' });
    const labelId = await createdId('/account/labels', { name: 'Q4' });
    const campaign = await create({
      name: 'Linked',
      offerId,
      trafficSourceId,
      labelIds: [labelId],
      googleAccountId: '1234567890',
      googleCampaignType: 'SEARCH',
    });
    expect(campaign).toMatchObject({
      offerId,
      trafficSourceId,
      labelIds: [labelId],
      googleAccountId: '123-456-7890',
    });

    const other = await accountToken(t, await createFirewallTenant(t, { company: 'Other' }));
    const theirOffer = await createdId(
      '/sensors/firewall/offers',
      { name: 'Theirs', landingUrl: 'https://theirs.example/' },
      other,
    );
    const theirSource = await createdId('/sensors/firewall/trafficsources', { name: 'Theirs' }, other);
    const theirLabel = await createdId('/account/labels', { name: 'Theirs' }, other);
    for (const [field, body] of [
      ['offerId', { offerId: theirOffer }],
      ['trafficSourceId', { trafficSourceId: theirSource }],
      ['labelIds', { labelIds: [theirLabel] }],
    ] as const) {
      const response = await call(t, 'POST', '/sensors/firewall', {
        token: admin,
        body: { name: 'X', ...body },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual([expect.objectContaining({ code: 'NOT_VALID', field })]);
      const put = await call(t, 'PUT', `/sensors/firewall/${campaign.id}`, { token: admin, body });
      expect(put.statusCode, put.body).toBe(400);
    }
  });

  it('keeps a deleted label on a campaign saved with it, and refuses it as a new one', async () => {
    const kept = await createdId('/account/labels', { name: 'Short-lived' });
    const campaign = await create({ name: 'Labelled', labelIds: [kept] });
    expect((await call(t, 'DELETE', `/account/labels/${kept}`, { token: admin })).statusCode).toBeLessThan(
      300,
    );
    const resaved = await call(t, 'PUT', `/sensors/firewall/${campaign.id}`, {
      token: admin,
      body: { name: 'Labelled again', labelIds: [kept] },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const other = await create({ name: 'Unlabelled' });
    const added = await call(t, 'PUT', `/sensors/firewall/${other.id}`, {
      token: admin,
      body: { labelIds: [kept] },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual([expect.objectContaining({ field: 'labelIds' })]);
  });

  it('validates the fields with the spec patterns and names the field', async () => {
    for (const [body, field, code] of [
      [{}, 'name', 'REQUIRED'],
      [{ name: '' }, 'name', 'REQUIRED'],
      [{ name: 'x'.repeat(121) }, 'name', 'MAX_LENGTH'],
      [{ name: 'G', googleAccountId: '12-34' }, 'googleAccountId', 'NOT_VALID'],
      [{ name: 'G', googleCampaignType: 'RADIO' }, 'googleCampaignType', 'NOT_VALID'],
      [{ name: 'S', security: { high: 'ignore' } }, 'security.high', 'NOT_VALID'],
      [{ name: 'S', security: { safePageUrl: 'javascript:alert(1)' } }, 'security.safePageUrl', 'NOT_VALID'],
      [
        { name: 'S', security: { safePageUrl: 'https://safe.example/?c={clickid}' } },
        'security.safePageUrl',
        'NOT_VALID',
      ],
      [{ name: 'S', security: { whenStoreDown: 'maybe' } }, 'security.whenStoreDown', 'NOT_VALID'],
      [{ name: 'O', offerId: -1 }, 'offerId', 'MIN_VALUE'],
    ] as const) {
      const response = await call(t, 'POST', '/sensors/firewall', { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ code, field })]),
      );
    }
  });

  it('replaces fields with PUT (security field by field) and answers 404 for an unknown, S2S or foreign id', async () => {
    const campaign = await create({ name: 'Before' });
    const put = await call(t, 'PUT', `/sensors/firewall/${campaign.id}`, {
      token: admin,
      body: { name: 'After', security: { medium: 'block', safePageUrl: 'https://safe.example/' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'After',
      security: { ...DEFAULT_SECURITY_SETTINGS, medium: 'block', safePageUrl: 'https://safe.example/' },
    });
    const listed = (await call(t, 'GET', '/sensors/firewall', { token: admin })).json() as FirewallCampaign[];
    expect(listed.find((c) => c.id === campaign.id)?.security.medium).toBe('block');

    const s2sTenant = await createTenant(t, {
      plan: 'custom',
      features: [
        { name: 'sensor_firewall', value: true },
        { name: 'sensor_s2s', value: true },
      ],
    });
    const both = await accountToken(t, s2sTenant);
    const s2s = (await call(t, 'POST', '/sensors/s2s', { token: both, body: { name: 'S2S' } })).json() as {
      id: number;
    };
    expect(
      (await call(t, 'PUT', `/sensors/firewall/${s2s.id}`, { token: both, body: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/sensors/firewall', { token: both })).json()).toEqual([]);
    expect((await call(t, 'GET', '/me', { token: both })).json()).toMatchObject({ numCampaigns: 1 });
    for (const id of [999999, campaign.id]) {
      const token = id === 999999 ? admin : both;
      expect(
        (await call(t, 'PUT', `/sensors/firewall/${id}`, { token, body: { name: 'X' } })).statusCode,
      ).toBe(404);
      expect(
        (await call(t, 'PATCH', `/sensors/firewall/${id}`, { token, body: { active: false } })).statusCode,
      ).toBe(404);
      expect((await call(t, 'GET', `/sensors/firewall/${id}/tag`, { token })).statusCode).toBe(404);
    }
    expect((await call(t, 'GET', '/sensors/firewall', { token: admin })).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: campaign.id, name: 'After' })]),
    );
  });

  it('toggles status and hidden with PATCH and refuses an empty one', async () => {
    const campaign = await create({ name: 'Toggle me' });
    const paused = await call(t, 'PATCH', `/sensors/firewall/${campaign.id}`, {
      token: admin,
      body: { active: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ active: false, hidden: false, name: 'Toggle me' });
    const hidden = await call(t, 'PATCH', `/sensors/firewall/${campaign.id}`, {
      token: admin,
      body: { hidden: true },
    });
    expect(hidden.json()).toMatchObject({ active: false, hidden: true });
    const empty = await call(t, 'PATCH', `/sensors/firewall/${campaign.id}`, { token: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    // PATCH changes the toggles only: other fields are not read.
    const other = await call(t, 'PATCH', `/sensors/firewall/${campaign.id}`, {
      token: admin,
      body: { hidden: false, name: 'Renamed' },
    });
    expect(other.json()).toMatchObject({ hidden: false, name: 'Toggle me' });
  });
});

describe('firewall campaigns: permissions', () => {
  it('gives each action its permission: view, create, edit, pause, edit_security', async () => {
    const campaign = await create({ name: 'Guarded' });
    const path = `/sensors/firewall/${campaign.id}`;
    const none = await memberWith(t, home.relationshipId, ['offer_view']);
    expect((await call(t, 'GET', '/sensors/firewall', { token: none })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/sensors/firewall/csv', { token: none })).statusCode).toBe(403);
    expect((await call(t, 'GET', `${path}/tag`, { token: none })).statusCode).toBe(403);

    const viewer = await memberWith(t, home.relationshipId, ['campaign_view']);
    expect((await call(t, 'GET', '/sensors/firewall', { token: viewer })).statusCode).toBe(200);
    expect((await call(t, 'GET', `${path}/tag`, { token: viewer })).statusCode).toBe(200);
    expect(
      (await call(t, 'POST', '/sensors/firewall', { token: viewer, body: { name: 'N' } })).statusCode,
    ).toBe(403);
    expect((await call(t, 'PUT', path, { token: viewer, body: { name: 'N' } })).statusCode).toBe(403);
    expect((await call(t, 'PATCH', path, { token: viewer, body: { hidden: true } })).statusCode).toBe(403);

    const creator = await memberWith(t, home.relationshipId, ['campaign_create']);
    expect(
      (await call(t, 'POST', '/sensors/firewall', { token: creator, body: { name: 'N' } })).statusCode,
    ).toBe(201);
    const pausedCreate = await call(t, 'POST', '/sensors/firewall', {
      token: creator,
      body: { name: 'N', active: false, security: { low: 'pause' } },
    });
    expect(pausedCreate.statusCode).toBe(403);
    expect(pausedCreate.json()).toEqual([
      expect.objectContaining({ field: 'active', message: expect.any(String) }),
      expect.objectContaining({ field: 'security', message: expect.any(String) }),
    ]);

    const editor = await memberWith(t, home.relationshipId, ['campaign_edit']);
    expect((await call(t, 'PUT', path, { token: editor, body: { name: 'Renamed' } })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: editor, body: { hidden: true } })).statusCode).toBe(200);
    // Sending the stored values back is no change: the whole item from the form passes.
    const same = await call(t, 'PUT', path, {
      token: editor,
      body: { active: true, security: campaign.security },
    });
    expect(same.statusCode, same.body).toBe(200);
    const pause = await call(t, 'PATCH', path, { token: editor, body: { active: false } });
    expect(pause.statusCode).toBe(403);
    const security = await call(t, 'PUT', path, {
      token: editor,
      body: { name: 'Again', security: { high: 'pause' } },
    });
    expect(security.statusCode).toBe(403);
    expect(security.json()).toEqual([
      { code: 'NOT_VALID', field: 'security', message: 'You do not have permission to change security' },
    ]);
    // A refused change changes nothing.
    const stored = (
      (await call(t, 'GET', '/sensors/firewall', { token: admin })).json() as FirewallCampaign[]
    ).find((c) => c.id === campaign.id);
    expect(stored).toMatchObject({
      name: 'Renamed',
      hidden: true,
      active: true,
      security: DEFAULT_SECURITY_SETTINGS,
    });

    const pauser = await memberWith(t, home.relationshipId, ['campaign_pause']);
    expect((await call(t, 'PATCH', path, { token: pauser, body: { active: false } })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: pauser, body: { hidden: false } })).statusCode).toBe(403);
    expect((await call(t, 'PUT', path, { token: pauser, body: { active: true } })).statusCode).toBe(403);

    const guard = await memberWith(t, home.relationshipId, ['campaign_edit', 'campaign_edit_security']);
    const secured = await call(t, 'PUT', path, { token: guard, body: { security: { high: 'pause' } } });
    expect(secured.statusCode).toBe(200);
    expect(secured.json()).toMatchObject({ security: { high: 'pause' }, active: false });
  });
});

describe('firewall campaigns: CSV and JS tag', () => {
  it('answers 204 ("No content") when there is nothing, and a CSV download with formulas neutralised', async () => {
    const tenant = await createFirewallTenant(t);
    const own = await accountToken(t, tenant);
    const csv = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/sensors/firewall/csv',
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
    const empty = await csv(own);
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
    await create(
      {
        name: '=HYPERLINK("https://evil.example","x")',
        security: { safePageUrl: 'https://safe.example/a,b' },
      },
      own,
    );
    await create({ name: 'Plain, with comma' }, own);
    const full = await csv(own);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toContain('text/csv');
    expect(full.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{8}-\d{6}-firewall-campaigns\.csv"$/,
    );
    const lines = full.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Id,Name,Status,Hidden,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(lines[1]).toContain(',active,no,');
    expect(lines[1]).toContain('"https://safe.example/a,b"');
    expect(lines[2]).toContain('"Plain, with comma"');
  });

  it("serves the campaign's JS tag: the account's key, the campaign id and the verdict address", async () => {
    const campaign = await create({ name: 'Tagged' });
    const response = await call(t, 'GET', `/sensors/firewall/${campaign.id}/tag`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const me = (await call(t, 'GET', '/me', { token: admin })).json() as {
      sensorKey: string;
      serverUrl: string;
    };
    expect(response.body).toContain('<script>');
    expect(response.body).toContain(JSON.stringify(me.sensorKey));
    expect(response.body).toContain(`'&c=${campaign.id}'`);
    expect(response.body).toContain(JSON.stringify(`${me.serverUrl}/c/fw`));
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
  });
});
