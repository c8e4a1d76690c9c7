import type { TrafficSource } from '@veracity/contracts/firewall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallTenant, memberWith } from '../../test-support/firewall-fixtures.js';
import { accountToken, call, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let home: Tenant;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  home = await createFirewallTenant(t, { company: 'Sources Home' });
  admin = await accountToken(t, home);
});
afterAll(async () => {
  await t.close();
});

const POSTBACK = 'https://network.example/postback?click={external_id}&payout={payout}&status={status}';

async function create(body: object, token = admin): Promise<TrafficSource> {
  const response = await call(t, 'POST', '/sensors/firewall/trafficsources', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TrafficSource;
}

describe('traffic sources', () => {
  it('creates a traffic source, lists it and counts it in /me', async () => {
    const own = await accountToken(t, await createFirewallTenant(t));
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numTrafficSources: 0 });
    const source = await create(
      {
        name: 'Push network',
        postbackUrl: POSTBACK,
        allowedPostbackAddresses: [
          '203.0.113.7',
          '198.51.100.0/24',
          '2001:db8::/32',
          'https://tracker.network.example/postback',
          ' tracker.network.example ',
        ],
      },
      own,
    );
    expect(source).toEqual({
      id: expect.any(Number),
      name: 'Push network',
      active: true,
      hidden: false,
      postbackUrl: POSTBACK,
      allowedPostbackAddresses: [
        '203.0.113.7',
        '198.51.100.0/24',
        '2001:db8::/32',
        'tracker.network.example',
      ],
      labelIds: [],
    });
    const bare = await create({ name: 'No postback', postbackUrl: '' }, own);
    expect(bare).toMatchObject({ postbackUrl: null, allowedPostbackAddresses: [] });
    expect((await call(t, 'GET', '/me', { token: own })).json()).toMatchObject({ numTrafficSources: 2 });
    expect((await call(t, 'GET', '/sensors/firewall/trafficsources', { token: own })).json()).toEqual([
      source,
      bare,
    ]);
  });

  it('validates the postback URL, its macros and the addresses, naming the field', async () => {
    for (const [body, field] of [
      [{ name: 'P', postbackUrl: 'not a url' }, 'postbackUrl'],
      [{ name: 'P', postbackUrl: 'https://network.example/?c={clickid' }, 'postbackUrl'],
      [{ name: 'P', postbackUrl: 'https://network.example/?d={device}' }, 'postbackUrl'],
      [{ name: 'P', allowedPostbackAddresses: ['256.1.1.1'] }, 'allowedPostbackAddresses.0'],
      [{ name: 'P', allowedPostbackAddresses: ['10.0.0.0/33'] }, 'allowedPostbackAddresses.0'],
      [{ name: 'P', allowedPostbackAddresses: ['example.verylongsuffix'] }, 'allowedPostbackAddresses.0'],
      [{ name: 'P', allowedPostbackAddresses: ['ftp://x.example/'] }, 'allowedPostbackAddresses.0'],
      [{ name: 'P', allowedPostbackAddresses: ['https://localhost/'] }, 'allowedPostbackAddresses.0'],
    ] as const) {
      const response = await call(t, 'POST', '/sensors/firewall/trafficsources', { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('replaces with PUT, toggles with PATCH and keeps another account out (404)', async () => {
    const source = await create({ name: 'Before', postbackUrl: POSTBACK });
    const path = `/sensors/firewall/trafficsources/${source.id}`;
    const put = await call(t, 'PUT', path, {
      token: admin,
      body: { name: 'After', postbackUrl: null, allowedPostbackAddresses: ['192.0.2.1'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'After',
      postbackUrl: null,
      allowedPostbackAddresses: ['192.0.2.1'],
    });
    const patch = await call(t, 'PATCH', path, { token: admin, body: { active: false } });
    expect(patch.json()).toMatchObject({ active: false, name: 'After' });
    expect((await call(t, 'PATCH', path, { token: admin, body: {} })).statusCode).toBe(400);
    const other = await accountToken(t, await createFirewallTenant(t, { company: 'Other' }));
    expect((await call(t, 'PUT', path, { token: other, body: { name: 'Hijacked' } })).statusCode).toBe(404);
    expect((await call(t, 'PATCH', path, { token: other, body: { hidden: true } })).statusCode).toBe(404);
    expect(
      (await call(t, 'PUT', '/sensors/firewall/trafficsources/999999', { token: admin, body: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('gives each action its permission: view, create, edit (toggles included)', async () => {
    const source = await create({ name: 'Guarded' });
    const path = `/sensors/firewall/trafficsources/${source.id}`;
    const noView = await memberWith(t, home.relationshipId, ['offer_view']);
    expect((await call(t, 'GET', '/sensors/firewall/trafficsources', { token: noView })).statusCode).toBe(
      403,
    );
    const viewer = await memberWith(t, home.relationshipId, ['traffic_source_view']);
    expect((await call(t, 'GET', '/sensors/firewall/trafficsources', { token: viewer })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t, 'POST', '/sensors/firewall/trafficsources', { token: viewer, body: { name: 'N' } }))
        .statusCode,
    ).toBe(403);
    const creator = await memberWith(t, home.relationshipId, ['traffic_source_create']);
    expect(
      (
        await call(t, 'POST', '/sensors/firewall/trafficsources', {
          token: creator,
          body: { name: 'N', active: false },
        })
      ).statusCode,
    ).toBe(201);
    expect((await call(t, 'PATCH', path, { token: creator, body: { active: false } })).statusCode).toBe(403);
    const editor = await memberWith(t, home.relationshipId, ['traffic_source_edit']);
    expect(
      (await call(t, 'PATCH', path, { token: editor, body: { active: false, hidden: true } })).statusCode,
    ).toBe(200);
    expect((await call(t, 'PUT', path, { token: editor, body: { name: 'Renamed' } })).statusCode).toBe(200);
  });

  it('downloads the list as CSV with Accept text/csv; 204 when there is none', async () => {
    const own = await accountToken(t, await createFirewallTenant(t));
    const csv = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/sensors/firewall/trafficsources',
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
    expect((await csv(own)).statusCode).toBe(204);
    const label = (
      await call(t, 'POST', '/account/labels', { token: own, body: { name: '+Top' } })
    ).json() as {
      id: number;
    };
    await create(
      { name: '-1+2', postbackUrl: POSTBACK, allowedPostbackAddresses: ['192.0.2.1'], labelIds: [label.id] },
      own,
    );
    const response = await csv(own);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="\d{8}-\d{6}-traffic-sources\.csv"/);
    const [header, row] = response.body.trimEnd().split('\r\n');
    expect(header).toBe('Id,Name,Status,Hidden,Postback URL,Allowed postback addresses,Labels');
    expect(row).toMatch(/^\d+,'-1\+2,active,no,/);
    expect(row).toContain(`,${POSTBACK},192.0.2.1,'+Top`);
  });
});
