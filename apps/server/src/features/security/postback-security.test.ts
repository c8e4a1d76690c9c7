import type { PostbackSecurity, RotatedPostbackSecret } from '@veracity/contracts/postback-security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postbackSecret, postbackSignature } from '../../postbacks/postback-secret.js';
import { accountToken, addTenantUser, call } from '../../test-support/fixtures.js';
import {
  ADVERTISER_IP,
  ELSEWHERE_IP,
  type FirewallAccount,
  type PostbackHarness,
  startPostbackHarness,
} from '../../test-support/postback-fixtures.js';

/**
 * The postback security screen changes who may post a conversion back, through the real public
 * postback endpoint (`<SENSOR_PATH>/pb`): the account-wide sources, the signing secret's rotation and
 * overlap, and "require signed postbacks".
 */

let h: PostbackHarness;
let home: FirewallAccount;
let txid = 0;

beforeAll(async () => {
  h = await startPostbackHarness();
  home = await h.firewallAccount('Postback Security Home');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A postback of a new click of the home account, signed with `secret` when given. */
async function postback(ip: string, secret?: string) {
  const click = await h.storeClick(home);
  txid += 1;
  const params = { k: home.sensorKey, clickid: click.id, payout: '2', txid: `tx-${txid}` };
  const signed: Record<string, string> =
    secret === undefined ? params : { ...params, sig: postbackSignature(secret, Object.entries(params)) };
  return h.postback(signed, { ip });
}

async function settings(): Promise<PostbackSecurity> {
  const response = await call(h.t, 'GET', '/security/postback', { token: home.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PostbackSecurity;
}

async function save(body: object) {
  return call(h.t, 'PUT', '/security/postback', { token: home.token, body });
}

async function rotate(overlapHours: number): Promise<RotatedPostbackSecret> {
  const response = await call(h.t, 'POST', '/security/postback/rotate-secret', {
    token: home.token,
    body: { overlapHours },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as RotatedPostbackSecret;
}

async function auditRows(action: string) {
  return h.t.stores.accounts.db
    .selectFrom('audit_log')
    .select(['action', 'detail', 'relationship_id'])
    .where('relationship_id', '=', home.tenant.relationshipId)
    .where('action', '=', action)
    .execute();
}

describe('postback security', () => {
  it('lets postbacks in from an account-wide source once it is added, and refuses bad input writing nothing', async () => {
    const before = await postback(ELSEWHERE_IP);
    expect(before.statusCode, before.body).toBe(403);
    expect(before.body).toContain(ELSEWHERE_IP);

    const refused = await save({ sources: ['198.51.100.0/24', 'not an address!'], requireSigned: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([{ code: 'NOT_VALID', field: 'sources.1' }]);
    expect((await settings()).sources).toEqual([]);
    expect(await auditRows('postback_security.updated')).toEqual([]);

    // A range, and a URL whose host is kept (its domain is resolved as postback-auth does).
    const saved = await save({
      sources: ['198.51.100.0/24', 'https://tracker.example/pb?x=1', '2001:db8::/32'],
      requireSigned: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as PostbackSecurity).sources).toEqual([
      '198.51.100.0/24',
      'tracker.example',
      '2001:db8::/32',
    ]);
    const after = await postback(ELSEWHERE_IP);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ clickId: expect.any(String) });
    // Still refused from outside every list.
    expect((await postback('192.0.2.50')).statusCode).toBe(403);

    const [entry] = await auditRows('postback_security.updated');
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      sources: { from: '[]', to: '["198.51.100.0/24","tracker.example","2001:db8::/32"]' },
    });
  });

  it('rotates the secret: the new one signs at once, the derived one only during the overlap, and neither is shown again', async () => {
    const derived = postbackSecret(h.t.config.secretKey, home.tenant.relationshipId);
    const start = await settings();
    expect(start.secret).toMatchObject({ kind: 'derived', createdAt: null, previous: null });
    // Until the first rotation, the derived secret is what the account signs with.
    expect((await postback('192.0.2.50', derived)).statusCode).toBe(200);
    expect(
      (await call(h.t, 'GET', '/sensors/firewall/postback-secret', { token: home.token })).json(),
    ).toEqual({
      secret: derived,
      algorithm: 'HMAC-SHA256',
    });

    const rotated = await rotate(1);
    expect(rotated.secret).not.toBe(derived);
    expect(rotated.settings.secret).toMatchObject({
      kind: 'generated',
      createdAt: h.clock.now().toISOString(),
      previous: {
        fingerprint: start.secret.fingerprint,
        expiresAt: new Date(h.clock.now().getTime() + 3_600_000).toISOString(),
      },
    });
    expect(rotated.settings.secret.fingerprint).not.toBe(start.secret.fingerprint);

    expect((await postback('192.0.2.50', rotated.secret)).statusCode).toBe(200);
    expect((await postback('192.0.2.50', derived)).statusCode).toBe(200);
    expect((await postback('192.0.2.50', 'a-guess')).statusCode).toBe(403);

    // The overlap ends: the derived secret no longer signs, the new one still does.
    h.clock.set(new Date(h.clock.now().getTime() + 3_600_000 + 1_000));
    const late = await postback('192.0.2.50', derived);
    expect(late.statusCode, late.body).toBe(403);
    expect((await postback('192.0.2.50', rotated.secret)).statusCode).toBe(200);
    expect((await settings()).secret.previous).toBeNull();

    // Shown once: neither the settings, the old read-only route nor the audit log hold it.
    expect(JSON.stringify(await settings())).not.toContain(rotated.secret);
    const old = await call(h.t, 'GET', '/sensors/firewall/postback-secret', { token: home.token });
    expect(old.statusCode).toBe(409);
    expect(old.body).not.toContain(rotated.secret);
    const [entry] = await auditRows('postback_security.secret_rotated');
    expect(entry?.detail).not.toContain(rotated.secret);
    expect(entry?.detail).not.toContain(derived);
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ replaced: 'derived', overlapHours: 1 });
    const sealed = await h.t.stores.accounts.db
      .selectFrom('postback_security')
      .selectAll()
      .where('relationship_id', '=', home.tenant.relationshipId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(sealed)).not.toContain(rotated.secret);

    // A rotation without overlap retires the secret it replaces at once.
    const again = await rotate(0);
    expect(again.settings.secret.previous).toBeNull();
    expect((await postback('192.0.2.50', rotated.secret)).statusCode).toBe(403);
    expect((await postback('192.0.2.50', again.secret)).statusCode).toBe(200);
  });

  it('refuses an unsigned postback from an allowed address once signed postbacks are required', async () => {
    const secret = (await rotate(0)).secret;
    expect((await postback(ADVERTISER_IP)).statusCode).toBe(200);
    const sources = (await settings()).sources;
    expect((await save({ sources, requireSigned: true })).statusCode).toBe(200);

    const unsigned = await postback(ADVERTISER_IP);
    expect(unsigned.statusCode, unsigned.body).toBe(403);
    expect(unsigned.body).toContain('signed postbacks only');
    expect((await postback(ELSEWHERE_IP)).statusCode).toBe(403);
    expect((await postback(ADVERTISER_IP, secret)).statusCode).toBe(200);

    expect((await save({ sources, requireSigned: false })).statusCode).toBe(200);
    expect((await postback(ADVERTISER_IP)).statusCode).toBe(200);
  });

  it('lets anyone with the view read the settings and only those who manage settings change them', async () => {
    const viewer = await addTenantUser(h.t, home.tenant.relationshipId, 'Viewer');
    const token = await accountToken(h.t, viewer);
    expect((await call(h.t, 'GET', '/security/postback', { token })).statusCode).toBe(200);
    const put = await call(h.t, 'PUT', '/security/postback', {
      token,
      body: { sources: [], requireSigned: false },
    });
    expect(put.statusCode).toBe(403);
    const rotation = await call(h.t, 'POST', '/security/postback/rotate-secret', { token, body: {} });
    expect(rotation.statusCode).toBe(403);
  });
});
