import type { ChangelogEntry, ChangelogPage } from '@veracity/contracts/changelog';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountToken,
  addTenantUser,
  call,
  createSupportUser,
  createTenant,
  login,
  type Tenant,
} from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The account changelog (issue 40): the changes made through the real write routes, read back by a
 * member holding account_changelog, newest first, with sentences, filters and a cursor; never another
 * account's; never the support person's own address.
 */

let t: TestApp;
let home: Tenant;
let admin: string;
let analyst: Tenant;
let other: Tenant;
let otherAdmin: string;
let support: Tenant;
let labelId: number;

function ok(response: LightMyRequestResponse): LightMyRequestResponse {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

async function changelog(query = '', token = admin): Promise<ChangelogPage> {
  return ok(await call(t, 'GET', `/account/changelog${query}`, { token })).json() as ChangelogPage;
}

/** Today and the days around it in a time zone, as YYYY-MM-DD. */
function day(timeZone: string, offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone });
}

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t, { company: 'Changelog Home' });
  admin = await accountToken(t, home);
  analyst = await addTenantUser(t, home.relationshipId, 'Analyst');
  other = await createTenant(t, { company: 'Elsewhere' });
  otherAdmin = await accountToken(t, other);
  support = await createSupportUser(t);

  // The changes, through the real routes, oldest first.
  labelId = (
    ok(await call(t, 'POST', '/account/labels', { token: admin, body: { name: 'Promo' } })).json() as {
      id: number;
    }
  ).id;
  ok(await call(t, 'PUT', `/account/labels/${labelId}`, { token: admin, body: { name: '=1+2' } }));
  ok(
    await call(t, 'PUT', '/me/settings', {
      token: admin,
      body: { account: { timezone: 'Europe/Madrid' } },
    }),
  );
  ok(
    await call(t, 'POST', '/me/ip-blacklist', {
      token: admin,
      body: { entries: [{ value: '192.0.2.1' }, { value: '192.0.2.2' }, { value: '192.0.2.3' }] },
    }),
  );
  ok(
    await call(t, 'POST', '/support/login-as', {
      token: await login(t, support.email),
      body: { relationshipId: home.relationshipId },
    }),
  );
  // Another account's change, which the home account must never see.
  ok(await call(t, 'POST', '/account/labels', { token: otherAdmin, body: { name: 'Secret elsewhere' } }));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/account/changelog', () => {
  it('reads the changes of the account, newest first, with who, a sentence, the fields and the address', async () => {
    const page = await changelog();
    expect(page.entries.map((entry) => entry.sentence)).toEqual([
      'Veracity support logged in to the account (role: Support)',
      'Added 3 entries to the traffic deny list',
      'Changed time zone from UTC to Europe/Madrid',
      'Renamed the label “Promo” to “=1+2”',
      'Created the label “Promo”',
    ]);
    expect(page.nextCursor).toBeNull();
    const [login, ipList, settings, renamed] = page.entries as ChangelogEntry[];
    expect(settings).toMatchObject({
      action: 'settings.updated',
      category: 'settings',
      actor: { kind: 'member', userId: home.userId, name: 'Ana', email: home.email },
      fields: [{ field: 'account.timezone', changed: true, from: 'UTC', to: 'Europe/Madrid' }],
    });
    expect(settings?.ip).toBeTruthy();
    expect(renamed?.fields).toEqual([
      { field: 'id', changed: false, from: null, to: labelId },
      { field: 'name', changed: true, from: 'Promo', to: '=1+2' },
    ]);
    expect(ipList?.category).toBe('ip_lists');
    // Support staff are Veracity support: neither their name nor their own address.
    expect(login?.actor).toEqual({ kind: 'support', userId: null, name: 'Veracity support', email: null });
    expect(JSON.stringify(page)).not.toContain(support.email);
    // The people to filter by: the account's members.
    expect(page.people.map((person) => person.userId).sort()).toEqual([home.userId, analyst.userId].sort());
  });

  it('never shows another account its entries', async () => {
    const elsewhere = await changelog('', otherAdmin);
    expect(elsewhere.entries.map((entry) => entry.sentence)).toEqual([
      'Created the label “Secret elsewhere”',
    ]);
    expect(JSON.stringify(elsewhere)).not.toContain('Promo');
    expect(JSON.stringify(await changelog())).not.toContain('Secret elsewhere');
    // Another account's member is not a person of this one.
    const foreign = await call(t, 'GET', `/account/changelog?actor=${other.userId}`, { token: admin });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses a member without account_changelog', async () => {
    const response = await call(t, 'GET', '/account/changelog', { token: await accountToken(t, analyst) });
    expect(response.statusCode).toBe(403);
    const csv = await call(t, 'GET', '/account/changelog/csv', { token: await accountToken(t, analyst) });
    expect(csv.statusCode).toBe(403);
    expect(csv.body).not.toContain('Promo');
  });

  it('filters by category, person and dates', async () => {
    const labels = await changelog('?category=labels');
    expect(labels.entries.map((entry) => entry.action)).toEqual(['label.updated', 'label.created']);
    const support = await changelog('?category=support');
    expect(support.entries.map((entry) => entry.action)).toEqual(['support.login_as']);
    const byAdmin = await changelog(`?actor=${home.userId}`);
    expect(byAdmin.entries).toHaveLength(4);
    expect((await changelog(`?actor=${analyst.userId}`)).entries).toEqual([]);
    // Days of the account's time zone (Europe/Madrid since the change), both ends included.
    const zone = 'Europe/Madrid';
    expect((await changelog(`?from=${day(zone)}&to=${day(zone)}`)).entries).toHaveLength(5);
    expect((await changelog(`?from=${day(zone, 1)}`)).entries).toEqual([]);
    expect((await changelog(`?to=${day(zone, -1)}`)).entries).toEqual([]);
  });

  it('pages with a cursor, each entry once, in order', async () => {
    const all = (await changelog()).entries.map((entry) => entry.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ChangelogPage = await changelog(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all);
    // A category filter pages the same way.
    const first = await changelog('?category=labels&limit=1');
    const second = await changelog(`?category=labels&limit=1&cursor=${first.nextCursor}`);
    expect([...first.entries, ...second.entries].map((entry) => entry.action)).toEqual([
      'label.updated',
      'label.created',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('answers bad filters with a 400', async () => {
    for (const query of [
      '?from=2026-13-40',
      '?from=yesterday',
      `?from=${day('UTC', 1)}&to=${day('UTC', -1)}`,
      '?category=everything',
      '?cursor=bm90LWEtY3Vyc29y',
      '?limit=1000',
    ]) {
      const response = await call(t, 'GET', `/account/changelog${query}`, { token: admin });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/account/changelog/csv', () => {
  it('exports the filtered changelog, with formula cells neutralised', async () => {
    const response = ok(await call(t, 'GET', '/account/changelog/csv?category=labels', { token: admin }));
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".*-changelog\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Email,Category,What,Changes,IP address');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,Ana,${home.email},Labels,Renamed the label “Promo” to “=1+2”,`);
    expect(lines[1]).toContain('name: Promo -> =1+2');
    expect((await call(t, 'GET', '/account/changelog/csv', { token: otherAdmin })).body).not.toContain(
      'Promo',
    );
    // A name a person typed that a spreadsheet would run as a formula is written as text.
    ok(
      await call(t, 'PUT', '/me/settings', {
        token: admin,
        body: { user: { firstName: '=HYPERLINK("x")' } },
      }),
    );
    const escaped = ok(
      await call(t, 'GET', '/account/changelog/csv?category=settings', { token: admin }),
    ).body;
    expect(escaped.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""x"")",${home.email},Settings,`);
    expect(escaped).not.toMatch(/,=HYPERLINK/);
  });

  it('answers 204 when nothing matches', async () => {
    const response = await call(t, 'GET', `/account/changelog/csv?from=${day('Europe/Madrid', 1)}`, {
      token: admin,
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('what the changelog never shows', () => {
  it('holds no secret: an API key is named, its key is not', async () => {
    const created = ok(
      await call(t, 'POST', '/me/keys', { token: admin, body: { name: 'Deploy key' } }),
    ).json() as {
      key: string;
    };
    const page = await changelog('?category=api_keys');
    expect(page.entries.map((entry) => entry.sentence)).toEqual(['Created the API key “Deploy key”']);
    expect(created.key.length).toBeGreaterThan(8);
    expect(JSON.stringify(page)).not.toContain(created.key);
    const csv = ok(await call(t, 'GET', '/account/changelog/csv', { token: admin })).body;
    expect(csv).not.toContain(created.key);
    expect(csv).not.toContain(support.email);
  });
});
