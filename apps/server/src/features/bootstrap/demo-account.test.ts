import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../accounts/secrets.js';
import { MIGRATIONS, migrateToLatest } from '../../storage/oltp/migrations.js';
import { openOltpStore } from '../../storage/oltp/oltp-database.js';
import { accountToken, call, createTenant, lastMail, login, PASSWORD } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { syncBuiltInRoles } from '../account/roles.js';
import { DEMO_VERTICAL } from './demo-peers.js';
import { DEFAULT_ADMIN_EMAIL, DEMO_EMAIL } from './first-start.js';

const DEMO_TEXT = 'This action is disabled for the demo account';

let t: TestApp;
let demoRelationshipId: number;

/** The first start's demo user and instance admin, with the fixtures' password so tests can log in. */
beforeAll(async () => {
  t = await startTestApp();
  const db = t.stores.accounts.db;
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('email', 'in', [DEMO_EMAIL, DEFAULT_ADMIN_EMAIL])
    .execute();
  // The fixtures read the outbox as the instance admin, with the password they now hold.
  t.instanceAdmin.password = PASSWORD;
  demoRelationshipId = (
    await db
      .selectFrom('relationships')
      .select('id')
      .where('plan_type', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

async function bound(email: string): Promise<string> {
  const token = await login(t, email);
  const response = await call(t, 'GET', `/auth/account/${demoRelationshipId}`, { token });
  return (response.json() as { token: { hash: string } }).token.hash;
}

describe('the public demo user', () => {
  it('holds a read-only role: the Viewer permissions, not an admin', async () => {
    const token = await bound(DEMO_EMAIL);
    const permissions = (await call(t, 'GET', '/me/permissions', { token })).json();
    expect(permissions).toEqual(['campaign_view', 'offer_view', 'traffic_source_view']);
    const me = (await call(t, 'GET', '/me', { token })).json() as { isAdmin: boolean; isDemo: boolean };
    expect(me).toMatchObject({ isAdmin: false, isDemo: true });
    expect((await call(t, 'GET', '/account/users', { token })).statusCode).toBe(403);
  });

  it('sees its benchmark against its vertical, read-only like the rest', async () => {
    const token = await bound(DEMO_EMAIL);
    const me = (await call(t, 'GET', '/me', { token })).json() as { vertical: string | null };
    expect(me.vertical).toBe(DEMO_VERTICAL);
    const benchmark = await call(t, 'GET', '/benchmark?from=2026-11-01&to=2026-11-07', { token });
    expect(benchmark.statusCode, benchmark.body).toBe(200);
    expect(benchmark.json()).toMatchObject({ vertical: DEMO_VERTICAL, minAccounts: 5 });
  });

  it('cannot change the shared password or the profile, before or after choosing the account', async () => {
    for (const token of [await login(t, DEMO_EMAIL), await bound(DEMO_EMAIL)]) {
      const change = await call(t, 'POST', '/auth/password/change', {
        token,
        body: { currentPassword: PASSWORD, newPassword: 'taken-over-password' },
      });
      expect(change.statusCode, change.body).toBe(418);
      expect(change.json()).toBe(DEMO_TEXT);
    }
    const profile = await call(t, 'PUT', '/me/settings', {
      token: await bound(DEMO_EMAIL),
      body: { user: { firstName: 'Mallory' } },
    });
    expect(profile.statusCode).toBe(418);
    expect(profile.json()).toBe(DEMO_TEXT);
    // The published password still works, and logging out is no change.
    const token = await login(t, DEMO_EMAIL);
    expect((await call(t, 'POST', '/auth/logout', { token })).statusCode).toBe(204);
  });

  it('gets no reset link: the shared address has no mailbox anyone should read', async () => {
    const db = t.stores.accounts.db;
    const before = await db.selectFrom('one_time_tokens').select('token_hash').execute();
    const forgot = await call(t, 'POST', '/auth/password/forgot', { body: { email: DEMO_EMAIL } });
    expect(forgot.statusCode).toBe(200);
    const after = await db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(after.length).toBe(before.length);
  });

  it('cannot be made a member of a real account through an invitation', async () => {
    const owner = await createTenant(t, { company: 'Hooli' });
    const ownerToken = await accountToken(t, owner);
    const roles = (await call(t, 'GET', '/list-roles', { token: ownerToken })).json() as { id: number }[];
    const invited = await call(t, 'POST', '/account/invite', {
      token: ownerToken,
      body: { email: DEMO_EMAIL, roleIds: [roles[0]?.id] },
    });
    expect(invited.statusCode).toBe(201);
    const invitation = new URL((await lastMail(t, DEMO_EMAIL)).link).searchParams.get('invitation');
    const accepted = await call(t, 'POST', '/auth/login', {
      body: { email: DEMO_EMAIL, password: PASSWORD, invitation },
    });
    expect(accepted.statusCode).toBe(418);
    const change = await call(t, 'POST', '/auth/password/change', {
      token: await login(t, DEMO_EMAIL),
      body: { currentPassword: PASSWORD, newPassword: 'taken-over-password' },
    });
    expect(change.statusCode).toBe(418);
  });

  it("lists only the demo account's own members, never the instance admin", async () => {
    const users = (
      await call(t, 'GET', '/account/users', { token: await bound(DEFAULT_ADMIN_EMAIL) })
    ).json() as {
      email: string;
    }[];
    expect(users.map((user) => user.email)).toEqual([DEMO_EMAIL]);
    expect(JSON.stringify(users)).not.toContain(DEFAULT_ADMIN_EMAIL);
  });
});

describe('the migration that makes an existing demo user read-only', () => {
  it('replaces the roles of members of demo accounts who belong to no other account with Viewer', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-demo-'));
    const store = openOltpStore({ sqliteFile: path.join(dir, 'accounts.sqlite') });
    try {
      const index = MIGRATIONS.findIndex((migration) => migration.name === '0006-demo-read-only');
      expect(index).toBeGreaterThan(0);
      await migrateToLatest(store.db as never, 'sqlite', MIGRATIONS.slice(0, index));
      const roles = await syncBuiltInRoles(store.db);
      const now = new Date().toISOString();
      await sql`insert into relationships (id, company_name, plan_type, sensor_key, created_at)
        values (1, 'Veracity Demo', 'demo', 'vs_1', ${now}), (2, 'Veracity', 'pro', 'vs_2', ${now})`.execute(
        store.db,
      );
      await sql`insert into users (id, email, first_name, created_at)
        values (1, ${DEMO_EMAIL}, 'Demo', ${now}), (2, ${DEFAULT_ADMIN_EMAIL}, 'Admin', ${now})`.execute(
        store.db,
      );
      const admin = roles.get('Admin');
      for (const [user, relationship] of [
        [1, 1],
        [2, 1],
        [2, 2],
      ] as const) {
        await sql`insert into memberships (user_id, relationship_id, joined_at, created_at) values (${user}, ${relationship}, ${now}, ${now})`.execute(
          store.db,
        );
        await sql`insert into membership_roles (user_id, relationship_id, role_id) values (${user}, ${relationship}, ${admin})`.execute(
          store.db,
        );
      }
      await store.migrate();
      const held = await store.db
        .selectFrom('membership_roles')
        .innerJoin('roles', 'roles.id', 'membership_roles.role_id')
        .select([
          'membership_roles.user_id as user',
          'membership_roles.relationship_id as account',
          'roles.name',
        ])
        .orderBy('membership_roles.user_id')
        .orderBy('membership_roles.relationship_id')
        .execute();
      expect(held).toEqual([
        { user: 1, account: 1, name: 'Viewer' },
        { user: 2, account: 1, name: 'Admin' },
        { user: 2, account: 2, name: 'Admin' },
      ]);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
