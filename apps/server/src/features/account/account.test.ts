import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountToken,
  addTenantUser,
  call,
  createSupportUser,
  createTenant,
  lastMail,
  login,
  type Tenant,
  uniqueEmail,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let roles: Map<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  const admin = await createTenant(t);
  const list = (await call(t, 'GET', '/list-roles', { token: await accountToken(t, admin) })).json() as {
    id: number;
    name: string;
  }[];
  roles = new Map(list.map((role) => [role.name, role.id]));
});
afterAll(async () => {
  await t.close();
});

function role(name: string): number {
  const id = roles.get(name);
  if (id === undefined) throw new Error(`no role ${name}`);
  return id;
}

describe('roles and permissions', () => {
  it('lists the built-in roles and answers each member their permission set', async () => {
    const tenant = await createTenant(t);
    const token = await accountToken(t, tenant);
    const list = (await call(t, 'GET', '/list-roles', { token })).json() as {
      name: string;
      builtIn: boolean;
    }[];
    expect(list.map((r) => r.name)).toEqual(['Admin', 'Campaign manager', 'Analyst', 'Viewer']);
    expect(list.every((r) => r.builtIn)).toBe(true);
    const unbound = await call(t, 'GET', '/me/permissions', { token: await login(t, tenant.email) });
    expect(unbound.json()).toEqual([]);
    const adminPermissions = (await call(t, 'GET', '/me/permissions', { token })).json() as string[];
    expect(adminPermissions).toHaveLength(20);
    const analyst = await addTenantUser(t, tenant.relationshipId, 'Analyst');
    const analystToken = await accountToken(t, analyst);
    expect((await call(t, 'GET', '/me/permissions', { token: analystToken })).json()).toEqual([
      'campaign_view',
      'log_export_reports',
      'offer_view',
      'traffic_source_view',
    ]);
    expect((await call(t, 'GET', '/me', { token: analystToken })).json()).toMatchObject({ isAdmin: false });
  });
});

describe('user administration', () => {
  let admin: Tenant;
  let token: string;
  beforeAll(async () => {
    admin = await createTenant(t, { company: 'Globex' });
    token = await accountToken(t, admin);
  });

  it('invites a new person who accepts once with name and password, then logs in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await call(t, 'POST', '/account/invite', {
      token,
      body: { email, roleIds: [role('Analyst')] },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, status: 'pending', roles: [{ name: 'Analyst' }] });
    const mail = await lastMail(t, email);
    expect(mail.subject).toBe('You are invited to Globex on Veracity');
    const invitation = new URL(mail.link);
    expect(invitation.pathname).toBe('/auth/preregister');
    const invitationToken = invitation.searchParams.get('token') ?? '';

    const missing = await call(t, 'POST', '/auth/preregister', { body: { token: invitationToken } });
    expect(missing.json()).toEqual(
      expect.arrayContaining([
        { code: 'REQUIRED', field: 'name' },
        { code: 'REQUIRED', field: 'password' },
      ]),
    );
    const accepted = await call(t, 'POST', '/auth/preregister', {
      body: { name: 'Iris', password: 'iris-password', terms: true, token: invitationToken },
    });
    expect(accepted.statusCode).toBe(200);
    const again = await call(t, 'POST', '/auth/preregister', {
      body: { name: 'Iris', password: 'iris-password', terms: true, token: invitationToken },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toBe('Your token is invalid or has expired');

    const userToken = await login(t, email, 'iris-password');
    const bound = (
      await call(t, 'GET', `/auth/account/${admin.relationshipId}`, { token: userToken })
    ).json() as {
      token: { hash: string };
    };
    const settings = (await call(t, 'GET', '/me/settings', { token: bound.token.hash })).json();
    expect(settings).toMatchObject({ user: { firstName: 'Iris' }, invitedUser: true });
    const users = (await call(t, 'GET', '/account/users', { token })).json() as {
      email: string;
      status: string;
    }[];
    expect(users.find((u) => u.email === email)?.status).toBe('active');
  });

  it('grants roles, revokes them, and keeps the last admin', async () => {
    const member = await addTenantUser(t, admin.relationshipId, 'Viewer');
    const memberToken = await accountToken(t, member);
    const granted = await call(t, 'PUT', `/account/users/${member.userId}`, {
      token,
      body: { roleIds: [role('Campaign manager')] },
    });
    expect(granted.json()).toMatchObject({ roles: [{ name: 'Campaign manager' }, { name: 'Viewer' }] });
    const unknownRole = await call(t, 'PUT', `/account/users/${member.userId}`, {
      token,
      body: { roleIds: [99_999] },
    });
    expect(unknownRole.json()).toEqual([{ code: 'NOT_VALID', field: 'roleIds', value: 99_999 }]);

    const revokeAll = await call(t, 'DELETE', `/account/users/${member.userId}`, { token, body: {} });
    expect(revokeAll.statusCode).toBe(204);
    expect((await call(t, 'GET', '/me/settings', { token: memberToken })).statusCode).toBe(401);
    const users = (await call(t, 'GET', '/account/users', { token })).json() as { id: number }[];
    expect(users.some((u) => u.id === member.userId)).toBe(false);

    const lastAdmin = await call(t, 'DELETE', `/account/users/${admin.userId}`, { token, body: {} });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toBe('An account needs at least one admin');
    const stranger = await createTenant(t);
    expect(
      (
        await call(t, 'PUT', `/account/users/${stranger.userId}`, {
          token,
          body: { roleIds: [role('Viewer')] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('settings', () => {
  it('updates the person for anyone and the account only with account_manage_settings', async () => {
    const admin = await createTenant(t);
    const token = await accountToken(t, admin);
    const updated = await call(t, 'PUT', '/me/settings', {
      token,
      body: {
        user: { firstName: 'Ana María', timezone: 'Europe/Madrid' },
        account: { companyName: 'Acme Iberia', currency: 'usd', defaultCpc: { google: 0.85, facebook: 0.4 } },
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      user: { firstName: 'Ana María', timezone: 'Europe/Madrid' },
      account: { companyName: 'Acme Iberia', currency: 'USD', defaultCpc: { google: 0.85, facebook: 0.4 } },
      invitedUser: false,
    });
    const badZone = await call(t, 'PUT', '/me/settings', {
      token,
      body: { user: { timezone: 'Mars/Olympus' } },
    });
    expect(badZone.json()).toEqual([{ code: 'NOT_VALID', field: 'user.timezone' }]);

    const viewer = await addTenantUser(t, admin.relationshipId, 'Viewer');
    const viewerToken = await accountToken(t, viewer);
    expect(
      (await call(t, 'PUT', '/me/settings', { token: viewerToken, body: { user: { firstName: 'V' } } }))
        .statusCode,
    ).toBe(200);
    const denied = await call(t, 'PUT', '/me/settings', {
      token: viewerToken,
      body: { account: { companyName: 'Mine' } },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('IP lists', () => {
  it('replaces and reads the traffic allow and deny lists, refusing what is not an address or range', async () => {
    const admin = await createTenant(t);
    const token = await accountToken(t, admin);
    const saved = await call(t, 'POST', '/me/ip-blacklist', {
      token,
      body: {
        entries: [
          { value: '203.0.113.0/24', note: 'scraper farm' },
          { value: '2001:db8::/32' },
          { value: '203.0.113.0/24' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as { entries: { value: string }[] }).entries.map((e) => e.value)).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
    ]);
    expect(
      ((await call(t, 'GET', '/me/ip-whitelist', { token })).json() as { entries: unknown[] }).entries,
    ).toEqual([]);
    const bad = await call(t, 'POST', '/me/ip-whitelist', {
      token,
      body: { entries: [{ value: '300.1.1.1' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject([{ code: 'NOT_VALID', field: 'entries.0.value', value: '300.1.1.1' }]);
    const emptyLogin = await call(t, 'PUT', '/account/access-login-settings', {
      token,
      body: { enabled: true, entries: [] },
    });
    expect(emptyLogin.json()).toEqual([{ code: 'REQUIRED', field: 'entries' }]);
  });
});

describe('API keys', () => {
  it('shows a new key once, lists only its prefix, deletes it, and keeps tenants apart', async () => {
    const admin = await createTenant(t);
    const token = await accountToken(t, admin);
    const created = await call(t, 'POST', '/me/keys', { token, body: { name: 'Checkout server' } });
    expect(created.statusCode).toBe(201);
    const key = created.json() as { id: number; key: string; prefix: string };
    expect(key.key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const listed = (await call(t, 'GET', '/me/keys', { token })).json() as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({ id: key.id, name: 'Checkout server', prefix: key.prefix }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const other = await createTenant(t);
    const otherToken = await accountToken(t, other);
    expect(
      (await call(t, 'DELETE', '/me/keys', { token: otherToken, body: { key: key.id } })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', '/me/keys', { token, body: { key: key.id } })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/me/keys', { token })).json()).toEqual([]);
  });
});

describe('labels', () => {
  it('creates, renames and deletes labels; names are unique per account; other accounts see nothing', async () => {
    const admin = await createTenant(t);
    const token = await accountToken(t, admin);
    const created = await call(t, 'POST', '/account/labels', {
      token,
      body: { name: 'Brand', color: '#1f5eff' },
    });
    expect(created.statusCode).toBe(201);
    const label = created.json() as { id: number };
    const duplicate = await call(t, 'POST', '/account/labels', { token, body: { name: 'Brand' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual([{ code: 'ALREADY_EXISTS', field: 'name' }]);
    const renamed = await call(t, 'PUT', `/account/labels/${label.id}`, {
      token,
      body: { name: 'Brand search', color: '#12a150' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Brand search', color: '#12a150' });

    const other = await createTenant(t);
    const otherToken = await accountToken(t, other);
    expect((await call(t, 'GET', '/account/labels', { token: otherToken })).json()).toEqual([]);
    expect((await call(t, 'DELETE', `/account/labels/${label.id}`, { token: otherToken })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', `/account/labels/${label.id}`, { token })).statusCode).toBe(204);
  });
});

describe('the demo account', () => {
  it('reads everything and answers 418 to every write', async () => {
    const demo = await createTenant(t, { plan: 'demo' });
    const token = await accountToken(t, demo);
    const me = (await call(t, 'GET', '/me', { token })).json() as { isDemo: boolean };
    expect(me.isDemo).toBe(true);
    expect((await call(t, 'GET', '/account/labels', { token })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/account/labels', { name: 'x' }],
      ['PUT', '/me/settings', { user: { firstName: 'x' } }],
      ['POST', '/me/keys', { name: 'x' }],
      ['POST', '/me/ip-whitelist', { entries: [] }],
      ['POST', '/account/invite', { email: uniqueEmail('d'), roleIds: [1] }],
    ] as const) {
      const response = await call(t, method, url, { token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(418);
      expect(response.json()).toBe('This action is disabled for the demo account');
    }
  });
});

describe('support access', () => {
  it('opens a customer account in an audited ghost session that cannot touch passwords or users', async () => {
    const customer = await createTenant(t, { company: 'Initech' });
    const support = await createSupportUser(t);
    const notSupport = await call(t, 'POST', '/support/login-as', {
      token: await login(t, customer.email),
      body: { relationshipId: customer.relationshipId },
    });
    expect(notSupport.statusCode).toBe(403);

    const supportToken = await login(t, support.email);
    const found = (
      await call(t, 'GET', '/support/relationships?search=nitec', { token: supportToken })
    ).json() as {
      id: number;
      companyName: string;
      members: number;
    }[];
    expect(found).toEqual([
      expect.objectContaining({ id: customer.relationshipId, companyName: 'Initech', members: 1 }),
    ]);
    const byId = (
      await call(t, 'GET', `/support/relationships?search=${customer.relationshipId}`, {
        token: supportToken,
      })
    ).json();
    expect(byId).toHaveLength(1);
    const link = await call(t, 'POST', '/support/login-as', {
      token: supportToken,
      body: { relationshipId: customer.relationshipId, role: 'Support' },
    });
    expect(link.statusCode).toBe(200);
    const { url, token } = link.json() as { url: string; token: string };
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/auth/login-as');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      t: token,
      r: String(customer.relationshipId),
      g: 'Support',
      h: 'enabled_and_default_landing',
    });

    expect((await call(t, 'GET', '/me', { token })).json()).toMatchObject({
      ghost: true,
      ghostRole: 'Support',
      companyName: 'Initech',
    });
    expect((await call(t, 'GET', '/account/labels', { token })).statusCode).toBe(200);
    const password = await call(t, 'POST', '/auth/password/change', {
      token,
      body: { currentPassword: 'x', newPassword: 'whatever-long' },
    });
    expect(password.statusCode).toBe(403);
    expect((await call(t, 'GET', '/account/users', { token })).statusCode).toBe(403);
    const audit = await t.stores.accounts.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'support.login_as')
      .where('relationship_id', '=', customer.relationshipId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(support.userId);
  });
});
