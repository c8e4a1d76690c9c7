import { UNSUBSCRIBE_LINK_INVALID } from '@veracity/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { UnsubscribeLinks } from './unsubscribe-link.js';

/**
 * Unsubscribing from the performance mails takes the signed link of a mail: posting an address alone,
 * or with the token of another address, stops nobody's mail.
 */
let t: TestApp;
let links: UnsubscribeLinks;
beforeAll(async () => {
  t = await startTestApp();
  links = new UnsubscribeLinks(t.config.secretKey, t.config.publicUrl);
});
afterAll(async () => {
  await t.close();
});

async function stored(email: string): Promise<boolean> {
  const row = await t.stores.accounts.db
    .selectFrom('unsubscribes')
    .select('email')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

describe('POST /performance/unsubscribe', () => {
  it('stores the address of a valid link, idempotently, whatever its case', async () => {
    const email = uniqueEmail('report');
    const url = new URL(links.url(email.toUpperCase()));
    expect(url.pathname).toBe('/performance/unsubscribe');
    expect(url.searchParams.get('email')).toBe(email);
    const token = url.searchParams.get('token') ?? '';
    for (let i = 0; i < 2; i++) {
      const response = await call(t, 'POST', '/performance/unsubscribe', {
        body: { email: ` ${email.toUpperCase()} `, token },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(await stored(email)).toBe(true);
  });

  it('refuses an unsigned request and stores nothing', async () => {
    const email = uniqueEmail('unsigned');
    const missing = await call(t, 'POST', '/performance/unsubscribe', { body: { email } });
    expect(missing.statusCode).toBe(400);
    const empty = await call(t, 'POST', '/performance/unsubscribe', { body: { email, token: '' } });
    expect(empty.statusCode).toBe(403);
    expect(empty.json()).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect(await stored(email)).toBe(false);
  });

  it("refuses another address's token, a tampered one and one of another instance", async () => {
    const victim = uniqueEmail('victim');
    const attacker = uniqueEmail('attacker');
    const tampered = links.token(victim).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const otherInstance = new UnsubscribeLinks('another-secret-of-32-characters-or-more', t.config.publicUrl);
    for (const token of [links.token(attacker), tampered, otherInstance.token(victim), 'x'.repeat(100)]) {
      const response = await call(t, 'POST', '/performance/unsubscribe', { body: { email: victim, token } });
      expect(response.statusCode, token).toBe(403);
      expect(response.json()).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    expect(await stored(victim)).toBe(false);
  });
});

describe('POST /performance/unsubscribe/one-click', () => {
  it("unsubscribes from a mail client's one-click form post with the signed link, and refuses a wrong token", async () => {
    const email = uniqueEmail('oneclick');
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: new URL(url).pathname + new URL(url).search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const wrong = await post(
      links.oneClickUrl(email).replace(/token=[^&]+/, `token=${links.token('x@y.example')}`),
    );
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(await stored(email)).toBe(false);
    const response = await post(links.oneClickUrl(email));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(email)).toBe(true);
    // The same as multipart/form-data, as some mail clients post it.
    const other = uniqueEmail('multipart');
    const multipart = await t.app.inject({
      method: 'POST',
      url: new URL(links.oneClickUrl(other)).pathname + new URL(links.oneClickUrl(other)).search,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await stored(other)).toBe(true);
  });
});
