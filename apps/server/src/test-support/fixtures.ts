import type { AccountFeature, PlanType } from '@veracity/contracts/plans';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../accounts/secrets.js';
import { addMember, createRelationship } from '../features/account/relationships.service.js';
import { builtInRoleId } from '../features/account/roles.repo.js';
import { DEMO_EMAIL } from '../features/bootstrap/first-start.js';
import { insertUser } from '../features/users/users.repo.js';
import type { TestApp } from './test-app.js';

export const PASSWORD = 'correct horse battery';

/** One hash for every fixture user: argon2 is deliberately slow. */
let passwordHash: Promise<string> | undefined;
function fixtureHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as a token (or anonymously) and returns the raw response. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  options: { token?: string | undefined; body?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

let sequence = 0;
/** A unique business address for a fixture user. */
export function uniqueEmail(name: string): string {
  sequence += 1;
  return `${name}.${sequence}.${Date.now().toString(36)}@acme-corp.com`;
}

export interface Tenant {
  relationshipId: number;
  userId: number;
  email: string;
}

/** A relationship with one verified member holding a built-in role. */
export async function createTenant(
  t: TestApp,
  options: {
    plan?: PlanType;
    role?: string;
    company?: string;
    email?: string;
    active?: boolean;
    features?: AccountFeature[];
  } = {},
): Promise<Tenant> {
  const db = t.stores.accounts.db;
  const relationshipId = await createRelationship(db, {
    companyName: options.company ?? `Acme ${sequence}`,
    planType: options.plan ?? 'pro',
    sensorIntegrated: true,
    ...(options.features ? { accountFeatures: options.features } : {}),
  });
  if (options.active === false) {
    await db.updateTable('relationships').set({ active: 0 }).where('id', '=', relationshipId).execute();
  }
  const email = options.email ?? uniqueEmail(options.role?.toLowerCase().replace(/\s/g, '-') ?? 'admin');
  const userId = await insertUser(db, {
    email,
    firstName: 'Ana',
    passwordHash: await fixtureHash(),
    emailVerified: true,
  });
  await addMember(db, {
    userId,
    relationshipId,
    roleIds: [await builtInRoleId(db, options.role ?? 'Admin')],
    joined: true,
  });
  return { relationshipId, userId, email };
}

/** A member of an account of their own who is also support staff. */
export async function createSupportUser(t: TestApp): Promise<Tenant> {
  const support = await createTenant(t);
  await t.stores.accounts.db
    .updateTable('users')
    .set({ is_support: 1 })
    .where('id', '=', support.userId)
    .execute();
  return support;
}

/**
 * The public demo user the first start creates (DEMO_EMAIL, in the demo account), given the fixtures'
 * password so that tests can log in as it.
 */
export async function firstStartDemoUser(t: TestApp): Promise<Tenant> {
  const db = t.stores.accounts.db;
  await db
    .updateTable('users')
    .set({ password_hash: await fixtureHash() })
    .where('email', '=', DEMO_EMAIL)
    .execute();
  const row = await db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .innerJoin('relationships', 'relationships.id', 'memberships.relationship_id')
    .select(['users.id as userId', 'relationships.id as relationshipId'])
    .where('users.email', '=', DEMO_EMAIL)
    .where('relationships.plan_type', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { ...row, email: DEMO_EMAIL };
}

/** Adds another verified member with a role to an existing relationship. */
export async function addTenantUser(t: TestApp, relationshipId: number, role: string): Promise<Tenant> {
  const db = t.stores.accounts.db;
  const email = uniqueEmail(role.toLowerCase().replace(/\s/g, '-'));
  const userId = await insertUser(db, {
    email,
    firstName: role,
    passwordHash: await fixtureHash(),
    emailVerified: true,
  });
  await addMember(db, { userId, relationshipId, roleIds: [await builtInRoleId(db, role)], joined: true });
  return { relationshipId, userId, email };
}

export async function login(t: TestApp, email: string, password = PASSWORD, ip?: string): Promise<string> {
  const response = await call(t, 'POST', '/auth/login', { body: { email, password }, ...(ip ? { ip } : {}) });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { hash: string }).hash;
}

/** Logs in and selects the relationship: the token the dashboard uses on private screens. */
export async function accountToken(t: TestApp, tenant: Tenant, ip?: string): Promise<string> {
  const token = await login(t, tenant.email, PASSWORD, ip);
  const response = await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, {
    token,
    ...(ip ? { ip } : {}),
  });
  const body = response.json() as { status: string; token?: { hash: string } };
  if (body.status !== 'OK' || !body.token) throw new Error(`account token failed: ${response.body}`);
  return body.token.hash;
}

const instanceAdminTokens = new WeakMap<TestApp, Promise<string>>();

/**
 * A session of the instance admin (the first start's support user), signed in once per test app and
 * again when a test ended it.
 */
export function instanceAdminToken(t: TestApp, fresh = false): Promise<string> {
  let token = fresh ? undefined : instanceAdminTokens.get(t);
  if (!token) {
    token = login(t, t.instanceAdmin.email, t.instanceAdmin.password);
    instanceAdminTokens.set(t, token);
  }
  return token;
}

/** The mail to an address, newest first, read from the outbox as the instance admin. */
export async function mailsTo(
  t: TestApp,
  to: string,
): Promise<{ subject: string; text: string; kind: string }[]> {
  const url = `/support/outbox?to=${encodeURIComponent(to)}`;
  let response = await call(t, 'GET', url, { token: await instanceAdminToken(t) });
  if (response.statusCode === 401) {
    response = await call(t, 'GET', url, { token: await instanceAdminToken(t, true) });
  }
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json() as { subject: string; text: string; kind: string }[];
}

/** The newest mail to an address, with the first link it carries. */
export async function lastMail(
  t: TestApp,
  to: string,
): Promise<{ subject: string; text: string; link: string }> {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  return { subject: mail.subject, text: mail.text, link };
}
