import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../shared-state/shared-test-support.js';
import { trialSignupBody } from '../../test-support/auth-fixtures.js';
import { call, createTenant, lastMail, mailsTo, PASSWORD, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { RATE_LIMITS } from './auth-limits.js';

/**
 * The limits of sign-in and reset requests (OWASP ASVS V2.2): refused per account and address and per
 * address, only slowed account-wide, so that no one locks the owner out from elsewhere.
 */

describe('rate limits', () => {
  it('answers 429 with Retry-After past the login limit per account and address', async () => {
    const tight = await startTestApp(
      {},
      {
        rateLimits: {
          loginPerAccountAddress: { limit: 3, windowMs: 60_000 },
          loginPerAddress: { limit: 100, windowMs: 60_000 },
          loginFailuresPerAccount: { limit: 100, windowMs: 60_000 },
          signupPerIp: { limit: 1, windowMs: 60_000 },
          forgotPerIp: { limit: 100, windowMs: 60_000 },
          forgotPerAccountAddress: { limit: 1, windowMs: 60_000 },
          resetMailsPerAccount: { limit: 100, windowMs: 60_000 },
          publicFormPerIp: { limit: 100, windowMs: 60_000 },
        },
      },
    );
    try {
      const tenant = await createTenant(tight);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await call(tight, 'POST', '/auth/login', { body: { email: tenant.email, password: 'x' } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await call(tight, 'POST', '/auth/login', {
        body: { email: tenant.email, password: PASSWORD },
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toBe('Too many requests, please try again in a few seconds');

      await call(tight, 'POST', '/auth/password/forgot', { body: { email: tenant.email } });
      expect(
        (await call(tight, 'POST', '/auth/password/forgot', { body: { email: tenant.email } })).statusCode,
      ).toBe(429);
      await call(tight, 'POST', '/auth/trial-signup', { body: trialSignupBody(uniqueEmail('a')) });
      expect(
        (await call(tight, 'POST', '/auth/trial-signup', { body: trialSignupBody(uniqueEmail('b')) }))
          .statusCode,
      ).toBe(429);
    } finally {
      await tight.close();
    }
  });

  it('never locks the owner out: wrong passwords from elsewhere are refused there, and only slow the account', async () => {
    const real = await startTestApp({}, { rateLimits: RATE_LIMITS });
    try {
      const owner = await createTenant(real);
      const attempt = (password: string, ip: string) =>
        call(real, 'POST', '/auth/login', { body: { email: owner.email, password }, ip });

      // One address guessing: refused from that address after a few tries, the owner's stays open.
      const fromAttacker: number[] = [];
      for (let i = 0; i < 8; i++) fromAttacker.push((await attempt(`guess-${i}`, '203.0.113.9')).statusCode);
      expect(fromAttacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(fromAttacker.slice(5)).toEqual([429, 429, 429]);
      expect((await attempt(PASSWORD, '203.0.113.9')).statusCode, 'that address stays refused').toBe(429);
      expect((await attempt(PASSWORD, '198.51.100.20')).statusCode, 'the owner gets in').toBe(200);

      // Many addresses guessing: every answer on the account slows down, none locks the owner out.
      for (let i = 0; i < 8; i++) await attempt(`spread-${i}`, `192.0.2.${10 + i}`);
      const started = Date.now();
      expect((await attempt(PASSWORD, '198.51.100.20')).statusCode).toBe(200);
      expect(Date.now() - started, 'answered after the progressive delay').toBeGreaterThanOrEqual(1000);
    } finally {
      await real.close();
    }
  }, 60_000);

  it('refuses one address that tries many accounts', async () => {
    const real = await startTestApp({}, { rateLimits: RATE_LIMITS });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMITS.loginPerAddress.limit + 1; i++) {
        const body = { email: uniqueEmail('sprayed'), password: 'Winter2026!' };
        statuses.push((await call(real, 'POST', '/auth/login', { body, ip: '203.0.113.77' })).statusCode);
      }
      expect(statuses.at(-2)).toBe(401);
      expect(statuses.at(-1)).toBe(429);
      const elsewhere = await call(real, 'POST', '/auth/login', {
        body: { email: uniqueEmail('sprayed'), password: 'x' },
        ip: '203.0.113.78',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await real.close();
    }
  }, 120_000);

  it('keeps the reset link within reach of the owner when others ask for it many times', async () => {
    const real = await startTestApp({}, { rateLimits: RATE_LIMITS });
    try {
      const owner = await createTenant(real);
      const forgot = (ip: string) =>
        call(real, 'POST', '/auth/password/forgot', { body: { email: owner.email }, ip });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await forgot('203.0.113.9')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      for (let i = 0; i < 6; i++) expect((await forgot(`192.0.2.${30 + i}`)).statusCode).toBe(200);
      // The owner is answered as usual; the mail count to one address stays bounded.
      expect((await forgot('198.51.100.20')).statusCode).toBe(200);
      const mails = (await mailsTo(real, owner.email)).filter((mail) => mail.kind === 'password_reset');
      expect(mails.length).toBeLessThanOrEqual(RATE_LIMITS.resetMailsPerAccount.limit);
      // The newest mailed link works.
      const hash = new URL((await lastMail(real, owner.email)).link).searchParams.get('hash') ?? '';
      const reset = await call(real, 'POST', '/auth/password/reset', {
        body: { email: owner.email, hash, newPassword: 'owner-new-password' },
        ip: '198.51.100.20',
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await real.close();
    }
  }, 60_000);
});

if (TEST_REDIS_URL) {
  describe('rate limits of two servers on one Redis', () => {
    it('refuses a guesser spreading sign-ins and reset requests over both at the limit of one', async () => {
      const rateLimits = {
        ...RATE_LIMITS,
        loginPerAddress: { limit: 4, windowMs: 60_000 },
        forgotPerIp: { limit: 1, windowMs: 60_000 },
      };
      const env = { SHARED_STATE_URL: TEST_REDIS_URL ?? '' };
      const first = await startTestApp(env, { rateLimits });
      const second = await startTestApp(env, { rateLimits });
      // An address of this run's own: the servers use the default key prefix.
      const ip = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const body = { email: uniqueEmail('spread'), password: 'Winter2026!' };
          const server = i % 2 === 0 ? first : second;
          statuses.push((await call(server, 'POST', '/auth/login', { body, ip })).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 429]);
        const forgot = (server: TestApp) =>
          call(server, 'POST', '/auth/password/forgot', {
            body: { email: uniqueEmail('forgot') },
            ip,
          });
        expect((await forgot(first)).statusCode).toBe(200);
        expect((await forgot(second)).statusCode).toBe(429);
      } finally {
        await Promise.all([first.close(), second.close()]);
        const redis = new Redis(TEST_REDIS_URL ?? '');
        const keys = await redis.keys(`veracity:rate:*${ip}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    }, 60_000);
  });
}
