import { MVAS_VERTICAL } from '@veracity/contracts/account';
import type { Offer } from '@veracity/contracts/firewall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallTenant, memberWith } from '../../test-support/firewall-fixtures.js';
import { accountToken, call, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let home: Tenant;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  home = await createFirewallTenant(t, { company: 'Offers Home' });
  admin = await accountToken(t, home);
});
afterAll(async () => {
  await t.close();
});

const LANDING = 'https://offer.example/land?cid={clickid}&src={traffic_source_id}&s1={var1}';

async function create(body: object, token = admin): Promise<Offer> {
  const response = await call(t, 'POST', '/sensors/firewall/offers', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Offer;
}

describe('offers', () => {
  it('creates an offer with every value targeted by default, lists it and counts it in /me', async () => {
    const own = await accountToken(t, await createFirewallTenant(t));
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numOffers: 0 });
    const offer = await create({ name: ' Dating ', landingUrl: LANDING }, own);
    expect(offer).toEqual({
      id: expect.any(Number),
      name: 'Dating',
      active: true,
      hidden: false,
      landingUrl: LANDING,
      targeting: { countries: [], devices: [], os: [], carriers: [] },
      labelIds: [],
    });
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numOffers: 1 });
    expect((await call(t, 'GET', '/sensors/firewall/offers', { token: own })).json()).toEqual([offer]);
  });

  it('stores targeting as given (countries upper-cased, each value once)', async () => {
    const offer = await create({
      name: 'Targeted',
      landingUrl: LANDING,
      targeting: { countries: ['es', 'FR', 'ES'], devices: ['Phone', 'Tablet'], os: ['Android', 'iOS'] },
    });
    expect(offer.targeting).toEqual({
      countries: ['ES', 'FR'],
      devices: ['Phone', 'Tablet'],
      os: ['Android', 'iOS'],
      carriers: [],
    });
    const put = await call(t, 'PUT', `/sensors/firewall/offers/${offer.id}`, {
      token: admin,
      body: { targeting: { countries: ['DE'] } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as Offer).targeting).toEqual({
      countries: ['DE'],
      devices: ['Phone', 'Tablet'],
      os: ['Android', 'iOS'],
      carriers: [],
    });
  });

  it('validates URL, macros and targeting, naming the field', async () => {
    for (const [body, field] of [
      [{ name: 'U' }, 'landingUrl'],
      [{ name: 'U', landingUrl: 'offer.example/land' }, 'landingUrl'],
      [{ name: 'U', landingUrl: 'ftp://offer.example/' }, 'landingUrl'],
      [{ name: 'U', landingUrl: 'https://offer.example/?p={payout}' }, 'landingUrl'],
      [{ name: 'U', landingUrl: 'https://{offer_id}.example/' }, 'landingUrl'],
      [{ name: 'U', landingUrl: 'https://offer.example/?a={nope}' }, 'landingUrl'],
      [{ name: 'U', landingUrl: LANDING, targeting: { countries: ['XX'] } }, 'targeting.countries'],
      [{ name: 'U', landingUrl: LANDING, targeting: { countries: ['Spain'] } }, 'targeting.countries.0'],
      [{ name: 'U', landingUrl: LANDING, targeting: { devices: ['Fridge'] } }, 'targeting.devices.0'],
      [{ name: 'U', landingUrl: LANDING, targeting: { os: ['Other'] } }, 'targeting.os.0'],
      [{ name: 'U', landingUrl: LANDING, targeting: { carriers: [21407] } }, 'targeting.carriers'],
    ] as const) {
      const response = await call(t, 'POST', '/sensors/firewall/offers', { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ field })]),
      );
    }
  });

  it('targets carriers on an account of the MVAS vertical, from the carrier list only', async () => {
    const mvas = await accountToken(t, await createFirewallTenant(t, { vertical: MVAS_VERTICAL }));
    const offer = await create(
      { name: 'MVAS', landingUrl: LANDING, targeting: { carriers: [21405, 0] } },
      mvas,
    );
    expect(offer.targeting.carriers).toEqual([21405, 0]);
    const unknown = await call(t, 'POST', '/sensors/firewall/offers', {
      token: mvas,
      body: { name: 'MVAS', landingUrl: LANDING, targeting: { carriers: [99999999] } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual([expect.objectContaining({ field: 'targeting.carriers' })]);
  });

  it('toggles with PATCH, and keeps another account out (404)', async () => {
    const offer = await create({ name: 'Toggle', landingUrl: LANDING });
    const patched = await call(t, 'PATCH', `/sensors/firewall/offers/${offer.id}`, {
      token: admin,
      body: { active: false, hidden: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ active: false, hidden: true, name: 'Toggle' });
    const other = await accountToken(t, await createFirewallTenant(t, { company: 'Other' }));
    for (const [method, body] of [
      ['PUT', { name: 'Hijacked' }],
      ['PATCH', { active: true }],
    ] as const) {
      const response = await call(t, method, `/sensors/firewall/offers/${offer.id}`, { token: other, body });
      expect(response.statusCode).toBe(404);
    }
    expect((await call(t, 'GET', '/sensors/firewall/offers', { token: other })).json()).toEqual([]);
  });

  it('gives each action its permission: view, create, edit, pause, edit_targeting', async () => {
    const offer = await create({ name: 'Guarded', landingUrl: LANDING });
    const path = `/sensors/firewall/offers/${offer.id}`;
    const noView = await memberWith(t, home.relationshipId, ['campaign_view']);
    expect((await call(t, 'GET', '/sensors/firewall/offers', { token: noView })).statusCode).toBe(403);
    const viewer = await memberWith(t, home.relationshipId, ['offer_view']);
    expect((await call(t, 'GET', '/sensors/firewall/offers', { token: viewer })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: viewer, body: { hidden: true } })).statusCode).toBe(403);

    const creator = await memberWith(t, home.relationshipId, ['offer_create']);
    const body = { name: 'New', landingUrl: LANDING };
    expect((await call(t, 'POST', '/sensors/firewall/offers', { token: creator, body })).statusCode).toBe(
      201,
    );
    const refused = await call(t, 'POST', '/sensors/firewall/offers', {
      token: creator,
      body: { ...body, active: false, targeting: { countries: ['ES'] } },
    });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { field: string }[]).map((item) => item.field)).toEqual([
      'active',
      'targeting',
    ]);

    const editor = await memberWith(t, home.relationshipId, ['offer_edit']);
    expect((await call(t, 'PUT', path, { token: editor, body: { name: 'Renamed' } })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: editor, body: { hidden: true } })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: editor, body: { active: false } })).statusCode).toBe(403);
    const targeting = await call(t, 'PUT', path, { token: editor, body: { targeting: { os: ['iOS'] } } });
    expect(targeting.statusCode).toBe(403);
    expect(targeting.json()).toEqual([expect.objectContaining({ field: 'targeting' })]);

    const pauser = await memberWith(t, home.relationshipId, ['offer_pause']);
    expect((await call(t, 'PATCH', path, { token: pauser, body: { active: false } })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', path, { token: pauser, body: { hidden: false } })).statusCode).toBe(403);
    expect((await call(t, 'PUT', path, { token: pauser, body: { name: 'X' } })).statusCode).toBe(403);

    const targeter = await memberWith(t, home.relationshipId, ['offer_edit', 'offer_edit_targeting']);
    const targeted = await call(t, 'PUT', path, { token: targeter, body: { targeting: { os: ['iOS'] } } });
    expect(targeted.statusCode).toBe(200);
    expect((targeted.json() as Offer).targeting.os).toEqual(['iOS']);
  });

  it('downloads the list as CSV with Accept text/csv; 204 when there is none', async () => {
    const own = await accountToken(t, await createFirewallTenant(t));
    const csv = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/sensors/firewall/offers',
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
    expect((await csv(own)).statusCode).toBe(204);
    await create({ name: '@SUM(A1:A9)', landingUrl: LANDING, targeting: { countries: ['ES', 'FR'] } }, own);
    const response = await csv(own);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="\d{8}-\d{6}-offers\.csv"/);
    const [header, row] = response.body.trimEnd().split('\r\n');
    expect(header).toBe('Id,Name,Status,Hidden,Landing URL,Countries,Devices,OS,Carriers,Labels');
    expect(row).toContain(",'@SUM(A1:A9),active,no,");
    expect(row).toContain(`,${LANDING},ES FR,`);
  });
});
