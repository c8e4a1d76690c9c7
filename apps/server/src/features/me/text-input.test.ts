import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountToken, call, createTenant, PASSWORD, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The dashboard API's one rule for text (docs/api.md, "Text"): an unpaired UTF-16 surrogate becomes
 * U+FFFD, as at ingestion, and a NUL is refused with NOT_VALID on its field. Neither may answer 500
 * (PostgreSQL refuses NUL in text) nor change silently on the way to the store (SQLite's UTF-8).
 */
let t: TestApp;
let tenant: Tenant;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
  token = await accountToken(t, tenant);
});
afterAll(async () => {
  await t.close();
});

describe('text in dashboard writes', () => {
  it('refuses a NUL with NOT_VALID on its field, and changes nothing', async () => {
    const before = (await call(t, 'GET', '/me/settings', { token })).json() as {
      account: { companyName: string };
    };
    const settings = await call(t, 'PUT', '/me/settings', {
      token,
      body: { account: { companyName: 'Acme\u0000 Corp' } },
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json()).toEqual([{ code: 'NOT_VALID', field: 'account.companyName' }]);
    const after = (await call(t, 'GET', '/me/settings', { token })).json() as typeof before;
    expect(after.account.companyName).toBe(before.account.companyName);

    const note = await call(t, 'POST', '/me/ip-blacklist', {
      token,
      body: { entries: [{ value: '203.0.113.7', note: 'bad\u0000bot' }] },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual([{ code: 'NOT_VALID', field: 'entries.0.note' }]);

    const key = await call(t, 'POST', '/me/keys', { token, body: { name: '\u0000' } });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual([{ code: 'NOT_VALID', field: 'name' }]);

    const login = await call(t, 'POST', '/auth/login', {
      body: { email: `${tenant.email}\u0000`, password: PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual([{ code: 'NOT_VALID', field: 'email' }]);
  });

  it('stores a lone surrogate as U+FFFD and reads back what it stored', async () => {
    const settings = await call(t, 'PUT', '/me/settings', {
      token,
      body: { user: { firstName: 'Ma\ud800rta' }, account: { companyName: '\udc00Acme\udbff' } },
    });
    expect(settings.statusCode).toBe(200);
    const expected = { firstName: 'Ma\ufffdrta', companyName: '\ufffdAcme\ufffd' };
    const answered = settings.json() as { user: { firstName: string }; account: { companyName: string } };
    expect({ firstName: answered.user.firstName, companyName: answered.account.companyName }).toEqual(
      expected,
    );
    const read = (await call(t, 'GET', '/me/settings', { token })).json() as typeof answered;
    expect({ firstName: read.user.firstName, companyName: read.account.companyName }).toEqual(expected);

    const blacklist = await call(t, 'POST', '/me/ip-blacklist', {
      token,
      body: { entries: [{ value: '203.0.113.8', note: 'reversed \udc00\ud800 pair' }] },
    });
    expect(blacklist.statusCode).toBe(200);
    const list = (await call(t, 'GET', '/me/ip-blacklist', { token })).json() as {
      entries: { value: string; note: string }[];
    };
    expect(list.entries.find((entry) => entry.value === '203.0.113.8')?.note).toBe(
      'reversed \ufffd\ufffd pair',
    );

    // A well-formed pair (an emoji) is kept as sent.
    const key = await call(t, 'POST', '/me/keys', { token, body: { name: 'Server \ud83d\ude80' } });
    expect(key.statusCode).toBe(201);
    expect((key.json() as { name: string }).name).toBe('Server \u{1F680}');
  });
});
