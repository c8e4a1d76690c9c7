import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { UnsubscribeLinks } from '../email/unsubscribe-link.js';
import { RATE_LIMITS } from './auth-limits.js';

/**
 * The public forms that need no session (unsubscribe, e-mail verification, password reset, invitation
 * sign-up, the unrecognised-IP link) share one window per address: a bot trying tokens on one form
 * and then another is counted once.
 */
describe('the public forms limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {},
      { rateLimits: { ...RATE_LIMITS, publicFormPerIp: { limit: 3, windowMs: 60_000 } } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const email = 'someone@acme-corp.com';
  const forms = [
    (ip: string) => {
      const token = new UnsubscribeLinks(t.config.secretKey, t.config.publicUrl).token(email);
      return call(t, 'POST', '/performance/unsubscribe', { body: { email, token }, ip });
    },
    (ip: string) => call(t, 'POST', '/auth/email/verify', { body: { email, hash: 'not-a-hash' }, ip }),
    (ip: string) =>
      call(t, 'POST', '/auth/password/reset', {
        body: { email, hash: 'not-a-hash', newPassword: 'a-long-new-password' },
        ip,
      }),
  ];

  it('counts the forms of one address in one window, and answers 429 with Retry-After past it', async () => {
    const ip = '198.51.100.77';
    const answers = [];
    for (const form of forms) answers.push(await form(ip));
    expect(answers.map((answer) => answer.statusCode)).not.toContain(429);
    const limited = await forms[0]?.(ip);
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toBe('Too many requests, please try again in a few seconds');
    const retryAfter = Number(limited?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Object.keys(limited?.headers ?? {}).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    expect((await forms[1]?.('198.51.100.78'))?.statusCode, 'another address').not.toBe(429);
  });

  it('counts an IPv6 address by its /64, and a form checks its body before it counts', async () => {
    const invalid = await call(t, 'POST', '/performance/unsubscribe', {
      body: { email: 'no', token: 'x' },
      ip: '2001:db8:7:7::1',
    });
    expect(invalid.statusCode).toBe(400);
    for (const [i, form] of forms.entries()) {
      expect((await form(`2001:db8:7:7::${i + 2}`)).statusCode).not.toBe(429);
    }
    expect((await forms[2]?.('2001:db8:7:7:aaaa::9'))?.statusCode).toBe(429);
    expect((await forms[2]?.('2001:db8:7:8::9'))?.statusCode).not.toBe(429);
  });
});
