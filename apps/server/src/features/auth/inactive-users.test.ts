import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive, trialSignupBody } from '../../test-support/auth-fixtures.js';
import {
  accountToken,
  call,
  createTenant,
  lastMail,
  PASSWORD,
  uniqueEmail,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * A deactivated user keeps no way in: links mailed while the user was active (reset, verification,
 * invitation) stop working, and the password stays as it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const INACTIVE = [{ code: 'USER_INACTIVE', field: 'email' }];

describe('an inactive user', () => {
  it('cannot reset the password with a link mailed before the deactivation', async () => {
    const tenant = await createTenant(t);
    await call(t, 'POST', '/auth/password/forgot', { body: { email: tenant.email } });
    const hash = new URL((await lastMail(t, tenant.email)).link).searchParams.get('hash') ?? '';
    await setUserActive(t, tenant.email, false);

    const reset = await call(t, 'POST', '/auth/password/reset', {
      body: { email: tenant.email, hash, newPassword: 'taken-over-password' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual(INACTIVE);

    // Active again, the user still has the old password, and the link is spent.
    await setUserActive(t, tenant.email, true);
    const withNew = await call(t, 'POST', '/auth/login', {
      body: { email: tenant.email, password: 'taken-over-password' },
    });
    expect(withNew.statusCode).toBe(401);
    const withOld = await call(t, 'POST', '/auth/login', {
      body: { email: tenant.email, password: PASSWORD },
    });
    expect(withOld.statusCode).toBe(200);
  });

  it('is not logged in by a verification link', async () => {
    const email = uniqueEmail('inactive-verify');
    const signup = await call(t, 'POST', '/auth/trial-signup', {
      body: trialSignupBody(email),
    });
    expect(signup.statusCode).toBe(201);
    const hash = new URL((await lastMail(t, email)).link).searchParams.get('hash') ?? '';
    await setUserActive(t, email, false);
    const verify = await call(t, 'POST', '/auth/email/verify', { body: { email, hash } });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual(INACTIVE);
    const user = await t.stores.accounts.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
  });

  it('cannot accept an invitation to set a password', async () => {
    const admin = await createTenant(t, { company: 'Initech' });
    const token = await accountToken(t, admin);
    const roles = (await call(t, 'GET', '/list-roles', { token })).json() as { id: number }[];
    const email = uniqueEmail('inactive-invitee');
    const invited = await call(t, 'POST', '/account/invite', {
      token,
      body: { email, roleIds: [roles[0]?.id] },
    });
    expect(invited.statusCode).toBe(201);
    const invitation = new URL((await lastMail(t, email)).link).searchParams.get('token') ?? '';
    await setUserActive(t, email, false);
    const accepted = await call(t, 'POST', '/auth/preregister', {
      body: { name: 'Iris', password: 'iris-password', terms: true, token: invitation },
    });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual(INACTIVE);
    await setUserActive(t, email, true);
    const login = await call(t, 'POST', '/auth/login', { body: { email, password: 'iris-password' } });
    expect(login.statusCode).toBe(401);
  });
});
