import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../storage/oltp/migrations.js';
import { openOltpStore } from '../../storage/oltp/oltp-database.js';
import { accountToken, call, createTenant, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const BAD_ZONE = "Mars/Olympus'; --";

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { logStream });
});
afterAll(async () => {
  await t.close();
});

function signupBody(timezone: string) {
  return {
    email: uniqueEmail('zone'),
    firstName: 'Ana',
    companyName: 'Zone Ltd',
    jobTitle: 'CTO',
    password: 'a-long-password',
    terms: true,
    timezone,
  };
}

describe('time zones where they enter', () => {
  it('refuses a trial sign-up and a plan validation with a time zone that is not IANA', async () => {
    const signup = await call(t, 'POST', '/auth/trial-signup', { body: signupBody(BAD_ZONE) });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(signup.json()).toEqual([{ code: 'NOT_VALID', field: 'timezone' }]);
    const { jobTitle: _jobTitle, ...plan } = signupBody('Mars/Olympus');
    const validate = await call(t, 'POST', '/auth/validate-signup', { body: plan });
    expect(validate.json()).toEqual([{ code: 'NOT_VALID', field: 'timezone' }]);
  });

  it('stores an alias under its IANA name', async () => {
    const body = signupBody('US/Eastern');
    expect((await call(t, 'POST', '/auth/trial-signup', { body })).statusCode).toBe(201);
    const row = await t.stores.accounts.db
      .selectFrom('users')
      .innerJoin('memberships', 'memberships.user_id', 'users.id')
      .innerJoin('relationships', 'relationships.id', 'memberships.relationship_id')
      .select(['users.timezone as userZone', 'relationships.timezone as accountZone'])
      .where('users.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ userZone: 'America/New_York', accountZone: 'America/New_York' });
  });

  it('refuses the same in the profile and account settings', async () => {
    const token = await accountToken(t, await createTenant(t));
    for (const [body, field] of [
      [{ user: { timezone: BAD_ZONE } }, 'user.timezone'],
      [{ account: { timezone: BAD_ZONE } }, 'account.timezone'],
    ] as const) {
      const response = await call(t, 'PUT', '/me/settings', { token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual([{ code: 'NOT_VALID', field }]);
    }
  });
});

describe('a stored time zone that is not IANA', () => {
  it('never turns analytics, key figures or widgets into a 500: they use UTC and log a warning', async () => {
    const tenant = await createTenant(t);
    const token = await accountToken(t, tenant);
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ timezone: BAD_ZONE })
      .where('id', '=', tenant.relationshipId)
      .execute();
    const range = { from: '2026-03-01', to: '2026-03-07' };
    const tree = await call(t, 'POST', '/analytics/tree', { token, body: { dimensions: ['day'], ...range } });
    expect(tree.statusCode, tree.body).toBe(200);
    const widget = await call(t, 'POST', '/widget-stats', {
      token,
      body: { dimensions: ['day'], metrics: ['hits'], ...range },
    });
    expect(widget.statusCode, widget.body).toBe(200);
    const figures = await call(t, 'GET', `/home/key-figures?from=${range.from}&to=${range.to}`, { token });
    expect(figures.statusCode, figures.body).toBe(200);
    const settings = await call(t, 'GET', '/me/settings', { token });
    expect(settings.json().account.timezone).toBe('UTC');
    const warnings = logLines
      .map((line) => JSON.parse(line) as { level: number; relationshipId?: number; msg: string })
      .filter((entry) => entry.level === 40 && entry.relationshipId === tenant.relationshipId);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]?.msg).toContain('UTC');
  });
});

describe('the migration that repairs stored time zones', () => {
  it('sets every stored value that is not an IANA time zone to UTC and keeps the others', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-zones-'));
    const store = openOltpStore({ sqliteFile: path.join(dir, 'accounts.sqlite') });
    try {
      const before = MIGRATIONS.findIndex((migration) => migration.name === '0005-time-zones');
      expect(before).toBeGreaterThan(0);
      await migrateToLatest(store.db as never, 'sqlite', MIGRATIONS.slice(0, before));
      const now = new Date().toISOString();
      for (const [id, zone] of [
        [1, BAD_ZONE],
        [2, 'Europe/Madrid'],
        [3, 'UTC'],
      ] as const) {
        await sql`insert into relationships (id, company_name, plan_type, sensor_key, timezone, created_at)
          values (${id}, ${`Co ${id}`}, ${'pro'}, ${`vs_${id}`}, ${zone}, ${now})`.execute(store.db);
        await sql`insert into users (id, email, first_name, timezone, created_at)
          values (${id}, ${`u${id}@acme-corp.com`}, ${'U'}, ${zone === 'UTC' ? 'Mars/Olympus' : zone}, ${now})`.execute(
          store.db,
        );
      }
      await store.migrate();
      const zones = async (table: 'relationships' | 'users') =>
        (await store.db.selectFrom(table).select(['id', 'timezone']).orderBy('id').execute()).map(
          (row) => row.timezone,
        );
      expect(await zones('relationships')).toEqual(['UTC', 'Europe/Madrid', 'UTC']);
      expect(await zones('users')).toEqual(['UTC', 'Europe/Madrid', 'UTC']);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
