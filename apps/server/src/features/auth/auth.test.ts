import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive, trialSignupBody } from '../../test-support/auth-fixtures.js';
import {
  accountToken,
  call,
  createTenant,
  lastMail,
  login,
  mailsTo,
  PASSWORD,
  uniqueEmail,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { addMember } from '../account/relationships.service.js';
import { builtInRoleId } from '../account/roles.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('answers a session token for valid credentials, 401 with the spec text otherwise', async () => {
    const tenant = await createTenant(t);
    const ok = await call(t, 'POST', '/auth/login', {
      body: { email: tenant.email.toUpperCase(), password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { hash: string }).hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const body of [
      { email: tenant.email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const denied = await call(t, 'POST', '/auth/login', { body });
      expect(denied.statusCode).toBe(401);
      expect(denied.json()).toBe('E-Mail or password not valid');
    }
  });

  it('tells inactive users, users without accounts and users with only inactive accounts apart', async () => {
    const inactiveUser = await createTenant(t);
    await setUserActive(t, inactiveUser.email, false);
    const inactive = await call(t, 'POST', '/auth/login', {
      body: { email: inactiveUser.email, password: PASSWORD },
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual([{ code: 'USER_INACTIVE', field: 'email' }]);

    // Inactive with no payment link to pay from: nothing the user can do in the dashboard.
    const inactiveAccount = await createTenant(t, { active: false });
    const noActive = await call(t, 'POST', '/auth/login', {
      body: { email: inactiveAccount.email, password: PASSWORD },
    });
    expect(noActive.statusCode).toBe(403);
    expect(noActive.json()).toBe('NO_ACTIVE_ACCOUNT');

    const orphan = await createTenant(t);
    await t.stores.accounts.db.deleteFrom('memberships').where('user_id', '=', orphan.userId).execute();
    const noAccount = await call(t, 'POST', '/auth/login', {
      body: { email: orphan.email, password: PASSWORD },
    });
    expect(noAccount.statusCode).toBe(403);
    expect(noAccount.json()).toBe('NO_ACCOUNT');
  });

  it('lets the users of an account closed for a payment in at user level, to read its payment link', async () => {
    const tenant = await createTenant(t);
    const bound = await accountToken(t, tenant);
    const paymentUrl = '/api/billing/pay?token=0123456789abcdefghijklmnop';
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ active: 0, payment_url: paymentUrl })
      .where('id', '=', tenant.relationshipId)
      .execute();

    const token = await login(t, tenant.email);
    const accounts = await call(t, 'GET', '/me/relationships', { token });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toEqual([
      expect.objectContaining({ id: tenant.relationshipId, active: false, paymentUrl }),
    ]);
    const choose = await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token });
    expect(choose.statusCode).toBe(403);
    expect(choose.json()).toBe('NO_ACTIVE_ACCOUNT');

    // A token bound while the account was active opens no account-level call any more.
    const accountRoutes = t.app.apiRoutes.filter((route) => route.access.kind === 'account');
    expect(accountRoutes.length).toBeGreaterThan(50);
    for (const route of accountRoutes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { authorization: `Bearer ${bound}` },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), `${route.method} ${route.url}`).toBe('NO_ACTIVE_ACCOUNT');
    }
  });

  it('lets a member of an active and an inactive account in, whatever the inactive one holds', async () => {
    const inactive = await createTenant(t, { active: false });
    const active = await createTenant(t);
    const db = t.stores.accounts.db;
    await addMember(db, {
      userId: inactive.userId,
      relationshipId: active.relationshipId,
      roleIds: [await builtInRoleId(db, 'Admin')],
      joined: true,
    });
    expect((await login(t, inactive.email)).length).toBeGreaterThan(10);
  });

  it('validates the body with field items', async () => {
    const response = await call(t, 'POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { code: 'NOT_VALID', field: 'email' },
        { code: 'REQUIRED', field: 'password' },
      ]),
    );
  });
});

describe('trial sign-up and email verification', () => {
  it('creates a 14-day free trial, mails a single-use verification link, then logs in', async () => {
    const email = uniqueEmail('marta');
    const signup = await call(t, 'POST', '/auth/trial-signup', { body: trialSignupBody(email) });
    expect(signup.statusCode).toBe(201);
    const loginToken = (signup.json() as { loginToken: { hash: string } }).loginToken.hash;

    // Before verification: the token reads /me, the account stays closed, login answers 450.
    const me = await call(t, 'GET', '/me', { token: loginToken });
    expect(me.json()).toMatchObject({ email, emailVerified: false, relationshipId: null });
    expect((await call(t, 'GET', '/me/relationships', { token: loginToken })).statusCode).toBe(450);
    const early = await call(t, 'POST', '/auth/login', { body: { email, password: 'a-long-password' } });
    expect(early.statusCode).toBe(450);

    const mail = await lastMail(t, email);
    expect(mail.subject).toBe('Verify your email for Veracity');
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/email-verification');
    const hash = link.searchParams.get('hash') ?? '';
    const verified = await call(t, 'POST', '/auth/email/verify', { body: { email, hash } });
    expect(verified.statusCode).toBe(200);
    const again = await call(t, 'POST', '/auth/email/verify', { body: { email, hash } });
    expect(again.statusCode).toBe(400);

    const token = (verified.json() as { hash: string }).hash;
    const [relationship] = (await call(t, 'GET', '/me/relationships', { token })).json() as { id: number }[];
    const bound = await call(t, 'GET', `/auth/account/${relationship?.id}`, { token });
    const boundToken = (bound.json() as { token: { hash: string } }).token.hash;
    const account = (await call(t, 'GET', '/me', { token: boundToken })).json() as {
      planType: string;
      companyName: string;
      trialExpiresAt: string;
      isAdmin: boolean;
      visibleViews: string[];
    };
    expect(account).toMatchObject({
      planType: 'free_trial',
      companyName: 'Northwind Traders',
      isAdmin: true,
    });
    const days = (Date.parse(account.trialExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(account.visibleViews).toEqual(expect.arrayContaining(['home', 'analytics', 'sensor_js']));
    expect(account.visibleViews).not.toContain('alerts');
  });

  it('refuses free mail, an existing address, and incomplete forms with field codes', async () => {
    const free = await call(t, 'POST', '/auth/trial-signup', { body: trialSignupBody('someone@gmail.com') });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual([{ code: 'BUSINESS_EMAIL_REQUIRED', field: 'email' }]);

    const tenant = await createTenant(t);
    const taken = await call(t, 'POST', '/auth/trial-signup', { body: trialSignupBody(tenant.email) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);

    const incomplete = await call(t, 'POST', '/auth/trial-signup', {
      body: { email: uniqueEmail('x'), password: 'short', terms: false },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual(
      expect.arrayContaining([
        { code: 'REQUIRED', field: 'firstName' },
        { code: 'REQUIRED', field: 'companyName' },
        { code: 'REQUIRED', field: 'jobTitle' },
        { code: 'MIN_LENGTH', field: 'password', value: 8 },
        { code: 'NOT_VALID', field: 'terms' },
      ]),
    );
  });

  it('validates a plan sign-up without creating anything', async () => {
    const email = uniqueEmail('plan');
    const body = { ...trialSignupBody(email), jobTitle: undefined, plan: 'pro' };
    const valid = await call(t, 'POST', '/auth/validate-signup', { body });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });
    const login = await call(t, 'POST', '/auth/login', { body: { email, password: 'a-long-password' } });
    expect(login.statusCode).toBe(401);
    const free = await call(t, 'POST', '/auth/validate-signup', { body: { ...body, email: 'x@yahoo.com' } });
    expect(free.json()).toEqual([{ code: 'BUSINESS_EMAIL_REQUIRED', field: 'email' }]);
  });
});

describe('forgotten and changed passwords', () => {
  it('mails a one-hour, single-use reset link that logs in and ends every other session', async () => {
    const tenant = await createTenant(t);
    const before = await login(t, tenant.email);
    const unknown = await call(t, 'POST', '/auth/password/forgot', { body: { email: uniqueEmail('ghost') } });
    expect(unknown.statusCode).toBe(200);

    expect(
      (await call(t, 'POST', '/auth/password/forgot', { body: { email: tenant.email } })).statusCode,
    ).toBe(200);
    const mail = await lastMail(t, tenant.email);
    expect(mail.subject).toBe('Reset your Veracity password');
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/auth/reset-password');
    const hash = link.searchParams.get('hash') ?? '';

    const short = await call(t, 'POST', '/auth/password/reset', {
      body: { email: tenant.email, hash, newPassword: '12345' },
    });
    expect(short.json()).toEqual([{ code: 'MIN_LENGTH', field: 'newPassword', value: 6 }]);
    const otherEmail = await call(t, 'POST', '/auth/password/reset', {
      body: { email: uniqueEmail('other'), hash, newPassword: '123456' },
    });
    expect(otherEmail.statusCode).toBe(400);

    const reset = await call(t, 'POST', '/auth/password/reset', {
      body: { email: tenant.email, hash, newPassword: '123456' },
    });
    expect(reset.statusCode).toBe(200);
    const fresh = (reset.json() as { hash: string }).hash;
    expect((await call(t, 'GET', '/me', { token: fresh })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/me', { token: before })).statusCode).toBe(401);
    const reused = await call(t, 'POST', '/auth/password/reset', {
      body: { email: tenant.email, hash, newPassword: '654321' },
    });
    expect(reused.statusCode).toBe(400);
    expect(
      (await call(t, 'POST', '/auth/login', { body: { email: tenant.email, password: '123456' } }))
        .statusCode,
    ).toBe(200);
  });

  it('ends every older reset link when a newer one is asked for, used, or the password changes', async () => {
    const tenant = await createTenant(t);
    const resetLink = async () => {
      await call(t, 'POST', '/auth/password/forgot', { body: { email: tenant.email } });
      return new URL((await lastMail(t, tenant.email)).link).searchParams.get('hash') ?? '';
    };
    const reset = (hash: string, newPassword: string) =>
      call(t, 'POST', '/auth/password/reset', { body: { email: tenant.email, hash, newPassword } });

    const first = await resetLink();
    const second = await resetLink();
    const third = await resetLink();
    expect((await reset(first, 'first-password')).statusCode, 'a newer request ends the older link').toBe(
      400,
    );
    const used = await reset(third, 'third-password');
    expect(used.statusCode).toBe(200);
    expect((await reset(second, 'second-password')).statusCode, 'a reset ends the other links').toBe(400);

    const pending = await resetLink();
    const changed = await call(t, 'POST', '/auth/password/change', {
      token: (used.json() as { hash: string }).hash,
      body: { currentPassword: 'third-password', newPassword: 'changed-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(pending, 'pending-password')).statusCode, 'a change ends the links').toBe(400);
    const login = await call(t, 'POST', '/auth/login', {
      body: { email: tenant.email, password: 'changed-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('ends an outstanding verification link, which would log in, when the password is reset', async () => {
    const email = uniqueEmail('verify');
    await call(t, 'POST', '/auth/trial-signup', { body: trialSignupBody(email) });
    const verification = new URL((await lastMail(t, email)).link).searchParams.get('hash') ?? '';
    await call(t, 'POST', '/auth/password/forgot', { body: { email } });
    const hash = new URL((await lastMail(t, email)).link).searchParams.get('hash') ?? '';
    const reset = await call(t, 'POST', '/auth/password/reset', {
      body: { email, hash, newPassword: 'a-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const verify = await call(t, 'POST', '/auth/email/verify', { body: { email, hash: verification } });
    expect(verify.statusCode).toBe(400);
  });

  it('refuses an expired reset link', async () => {
    const tenant = await createTenant(t);
    await call(t, 'POST', '/auth/password/forgot', { body: { email: tenant.email } });
    const hash = new URL((await lastMail(t, tenant.email)).link).searchParams.get('hash') ?? '';
    await t.stores.accounts.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', tenant.email)
      .execute();
    const reset = await call(t, 'POST', '/auth/password/reset', {
      body: { email: tenant.email, hash, newPassword: '123456' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('changes the password with the current one, replacing the token and ending other sessions', async () => {
    const tenant = await createTenant(t);
    const token = await accountToken(t, tenant);
    const other = await login(t, tenant.email);
    const wrong = await call(t, 'POST', '/auth/password/change', {
      token,
      body: { currentPassword: 'nope', newPassword: 'another-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual([{ code: 'CURRENT_PASSWORD_NOT_MATCH', field: 'currentPassword' }]);

    const changed = await call(t, 'POST', '/auth/password/change', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'another-password' },
    });
    expect(changed.statusCode).toBe(200);
    const next = (changed.json() as { hash: string }).hash;
    expect((await call(t, 'GET', '/me', { token: next })).json()).toMatchObject({
      relationshipId: tenant.relationshipId,
    });
    expect((await call(t, 'GET', '/me', { token })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/me', { token: other })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('ends on logout, after the idle period and at the absolute expiry', async () => {
    const tenant = await createTenant(t);
    const token = await login(t, tenant.email);
    expect((await call(t, 'POST', '/auth/logout', { token })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/me', { token })).statusCode).toBe(401);

    const db = t.stores.accounts.db;
    const idle = await login(t, tenant.email);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .execute();
    expect((await call(t, 'GET', '/me', { token: idle })).statusCode).toBe(401);

    const old = await login(t, tenant.email);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await call(t, 'GET', '/me', { token: old })).statusCode).toBe(401);
  });

  it('ends only the current session on logout, and every session on log out everywhere', async () => {
    const tenant = await createTenant(t);
    const laptop = await accountToken(t, tenant);
    const phone = await login(t, tenant.email);
    const tablet = await login(t, tenant.email);
    const colleague = await createTenant(t);
    const colleagueToken = await login(t, colleague.email);

    expect((await call(t, 'POST', '/auth/logout', { token: phone })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/me', { token: phone })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/me', { token: laptop })).statusCode, 'the other sessions go on').toBe(200);
    expect((await call(t, 'GET', '/me', { token: tablet })).statusCode).toBe(200);

    const everywhere = await call(t, 'POST', '/auth/logout-everywhere', { token: laptop });
    expect(everywhere.statusCode).toBe(204);
    for (const token of [laptop, tablet]) {
      expect((await call(t, 'GET', '/me', { token })).statusCode).toBe(401);
    }
    expect((await call(t, 'GET', '/me', { token: colleagueToken })).statusCode, 'other people stay').toBe(
      200,
    );
    expect((await call(t, 'POST', '/auth/logout-everywhere', {})).statusCode).toBe(401);
  });

  it('refuses log out everywhere to the shared demo login, whose visitors would all be logged out', async () => {
    const demo = await createTenant(t, { plan: 'demo' });
    const visitor = await login(t, demo.email);
    const other = await accountToken(t, demo);
    const refused = await call(t, 'POST', '/auth/logout-everywhere', { token: visitor });
    expect(refused.statusCode).toBe(418);
    expect(refused.json()).toBe('This action is disabled for the demo account');
    expect((await call(t, 'POST', '/auth/logout-everywhere', { token: other })).statusCode).toBe(418);
    expect((await call(t, 'GET', '/me', { token: other })).statusCode).toBe(200);
  });

  it('binds a token to one relationship the user belongs to, and to no other', async () => {
    const tenant = await createTenant(t);
    const stranger = await createTenant(t);
    const token = await login(t, tenant.email);
    const foreign = await call(t, 'GET', `/auth/account/${stranger.relationshipId}`, { token });
    expect(foreign.statusCode).toBe(403);
    const own = await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token });
    expect(own.json()).toMatchObject({ status: 'OK' });
    // The login token was exchanged for the account token.
    expect((await call(t, 'GET', '/me', { token })).statusCode).toBe(401);
  });
});

describe('unrecognised login IP', () => {
  it('asks the admins once by mail, and their one-click link lets the IP in', async () => {
    const tenant = await createTenant(t);
    const adminToken = await accountToken(t, tenant, '198.51.100.7');
    const enabled = await call(t, 'PUT', '/account/access-login-settings', {
      token: adminToken,
      body: { enabled: true, entries: [{ value: '198.51.100.0/24', note: 'office' }] },
    });
    expect(enabled.statusCode).toBe(200);

    const away = '203.0.113.50';
    const token = await login(t, tenant.email, PASSWORD, away);
    const first = await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token, ip: away });
    expect(first.json()).toEqual({ status: 'VALIDATION_REQUIRED' });
    const mail = await lastMail(t, tenant.email);
    expect(mail.subject).toContain('unrecognised IP');
    expect(mail.text).toContain(away);
    await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token, ip: away });
    const mails = await mailsTo(t, tenant.email);
    expect(mails.filter((m) => m.kind === 'login_ip')).toHaveLength(1);

    const approve = await t.app.inject({
      method: 'GET',
      url: new URL(mail.link).pathname + new URL(mail.link).search,
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe('/auth/login?ipApproved=true');
    const allowed = await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token, ip: away });
    expect(allowed.json()).toMatchObject({ status: 'OK' });
    const replay = await t.app.inject({
      method: 'GET',
      url: new URL(mail.link).pathname + new URL(mail.link).search,
    });
    expect(replay.headers.location).toBe('/auth/login?ipApproved=false');
  });
});
