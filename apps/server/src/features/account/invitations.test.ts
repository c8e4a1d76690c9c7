import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountToken,
  call,
  createTenant,
  lastMail,
  login,
  PASSWORD,
  type Tenant,
  uniqueEmail,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let inviter: Tenant;
let token: string;
let viewerRole: number;

beforeAll(async () => {
  t = await startTestApp();
  inviter = await createTenant(t, { company: 'Initech' });
  token = await accountToken(t, inviter);
  const roles = (await call(t, 'GET', '/list-roles', { token })).json() as { id: number; name: string }[];
  viewerRole = roles.find((role) => role.name === 'Viewer')?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

/** A person with a login of their own in another tenant, who has logged in before. */
async function someoneElsewhere(): Promise<Tenant> {
  const person = await createTenant(t, { company: 'Elsewhere' });
  await login(t, person.email);
  return person;
}

function invite(email: string) {
  return call(t, 'POST', '/account/invite', { token, body: { email, roleIds: [viewerRole] } });
}

/** The invitation token in the newest mail to an address, and the path its link opens. */
async function invitationLink(email: string): Promise<{ path: string; token: string }> {
  const link = new URL((await lastMail(t, email)).link);
  return {
    path: link.pathname,
    token: link.searchParams.get('invitation') ?? link.searchParams.get('token') ?? '',
  };
}

async function companies(email: string): Promise<string[]> {
  const response = await call(t, 'GET', '/me/relationships', { token: await login(t, email) });
  return (response.json() as { companyName: string }[]).map((relationship) => relationship.companyName);
}

describe('inviting a person who already has a login', () => {
  it('answers exactly as for an unknown address: pending, without their name or last login', async () => {
    const known = await someoneElsewhere();
    const unknown = uniqueEmail('nobody');
    const answers = [await invite(known.email), await invite(unknown)];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const [knownAnswer, unknownAnswer] = answers.map(
      (answer) => answer.json() as Record<string, unknown>,
    ) as [Record<string, unknown>, Record<string, unknown>];
    expect(knownAnswer).toMatchObject({
      email: known.email,
      status: 'pending',
      firstName: '',
      lastLoginAt: null,
    });
    const shape = ({ id: _id, email: _email, invitedAt: _at, ...rest }: Record<string, unknown>) => rest;
    expect(shape(knownAnswer)).toEqual(shape(unknownAnswer));
    expect(Object.keys(knownAnswer)).toEqual(Object.keys(unknownAnswer));

    // Not a member until they accept: the account is not theirs to open, and the list leaks nothing.
    expect(await companies(known.email)).toEqual(['Elsewhere']);
    const opened = await call(t, 'GET', `/auth/account/${inviter.relationshipId}`, {
      token: await login(t, known.email),
    });
    expect(opened.statusCode).toBe(403);
    const users = (await call(t, 'GET', '/account/users', { token })).json() as Record<string, unknown>[];
    const listed = users.find((user) => user.email === known.email);
    expect(listed).toMatchObject({ status: 'pending', firstName: '', lastLoginAt: null });
  });

  it('mails an invitation that joins the account once accepted while logged in, and only then', async () => {
    const known = await someoneElsewhere();
    await invite(known.email);
    const link = await invitationLink(known.email);
    expect(link.path).toBe('/auth/login');

    // Someone else's session cannot use it, and does not spend it.
    const stranger = await someoneElsewhere();
    const wrong = await call(t, 'POST', '/me/invitations/accept', {
      token: await login(t, stranger.email),
      body: { token: link.token },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toBe('Your invitation is invalid or has expired');
    // Nor does the new-user form, which would set a password.
    const preregister = await call(t, 'POST', '/auth/preregister', {
      body: { name: 'X', password: 'another-password', terms: true, token: link.token },
    });
    expect(preregister.statusCode).toBe(401);

    const accepted = await call(t, 'POST', '/me/invitations/accept', {
      token: await login(t, known.email),
      body: { token: link.token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: inviter.relationshipId, companyName: 'Initech' });
    expect(await companies(known.email)).toEqual(['Elsewhere', 'Initech']);
    const again = await call(t, 'POST', '/me/invitations/accept', {
      token: await login(t, known.email),
      body: { token: link.token },
    });
    expect(again.statusCode).toBe(400);
    const users = (await call(t, 'GET', '/account/users', { token })).json() as Record<string, unknown>[];
    expect(users.find((user) => user.email === known.email)).toMatchObject({
      status: 'active',
      firstName: 'Ana',
    });
  });

  it('joins through the login form that the invitation link opens', async () => {
    const known = await someoneElsewhere();
    await invite(known.email);
    const link = await invitationLink(known.email);
    const response = await call(t, 'POST', '/auth/login', {
      body: { email: known.email, password: PASSWORD, invitation: link.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await companies(known.email)).toEqual(['Elsewhere', 'Initech']);
    const spent = await call(t, 'POST', '/auth/login', {
      body: { email: known.email, password: PASSWORD, invitation: link.token },
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toBe('Your invitation is invalid or has expired');
  });

  it('is withdrawn by revoking the roles, and refuses a second invitation while pending', async () => {
    const known = await someoneElsewhere();
    const invited = (await invite(known.email)).json() as { id: number };
    const twice = await invite(known.email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
    const link = await invitationLink(known.email);
    expect((await call(t, 'DELETE', `/account/users/${invited.id}`, { token, body: {} })).statusCode).toBe(
      204,
    );
    const accepted = await call(t, 'POST', '/me/invitations/accept', {
      token: await login(t, known.email),
      body: { token: link.token },
    });
    expect(accepted.statusCode).toBe(400);
    expect(await companies(known.email)).toEqual(['Elsewhere']);
  });
});
