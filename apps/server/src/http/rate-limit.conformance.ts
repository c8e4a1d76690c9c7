import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import type { RateLimiter, RateRule } from './rate-limit.js';

export const conformanceRules = {
  perIp: { limit: 3, windowMs: 60_000 },
  perKey: { limit: 1, windowMs: 10_000 },
} satisfies Record<string, RateRule>;

type Rule = keyof typeof conformanceRules;

/** The status and Retry-After of an attempt: 200 when it passes. */
export async function attempt(limiter: RateLimiter<Rule>, ...attempts: [Rule, string][]) {
  try {
    await limiter.hit(...attempts);
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, retryAfter: error.headers['retry-after'] };
  }
}

/**
 * What every RateLimiter answers for the same attempts: the in-process one (`rate-limit.test.ts`) and
 * the one several servers share on Redis (`shared-rate-limiter.test.ts`). `open` gives a limiter of
 * {@link conformanceRules} on the clock, with keys no other case sees.
 */
export function describeRateLimiterConformance(
  name: string,
  open: (now: () => number) => Promise<RateLimiter<Rule>>,
): void {
  describe(`${name}: rate limits`, () => {
    it('counts each key in its own window per rule, and answers 429 with the seconds left', async () => {
      let now = 1_000_000;
      const limiter = await open(() => now);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(limiter, ['perIp', '81.33.1.1'])).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Another address, and the same one under another rule, count apart.
      expect((await attempt(limiter, ['perIp', '81.33.1.2'])).status).toBe(200);
      expect((await attempt(limiter, ['perKey', '81.33.1.1'])).status).toBe(200);
      now += 15_500;
      expect(await attempt(limiter, ['perIp', '81.33.1.1'])).toEqual({ status: 429, retryAfter: '45' });
    });

    it('opens a new window once the last one ends', async () => {
      let now = 1_000_000;
      const limiter = await open(() => now);
      expect((await attempt(limiter, ['perKey', 'vs_key'])).status).toBe(200);
      now += 9_999;
      expect((await attempt(limiter, ['perKey', 'vs_key'])).status).toBe(429);
      now += 1;
      expect((await attempt(limiter, ['perKey', 'vs_key'])).status).toBe(200);
      expect((await attempt(limiter, ['perKey', 'vs_key'])).status).toBe(429);
    });

    it('treats keys alike whatever their case', async () => {
      const limiter = await open(() => 0);
      expect((await attempt(limiter, ['perKey', 'Someone@Example.com'])).status).toBe(200);
      expect((await attempt(limiter, ['perKey', 'someone@example.com'])).status).toBe(429);
    });

    it('records without refusing, counts, and gives an attempt back within the window', async () => {
      let now = 0;
      const limiter = await open(() => now);
      expect(await limiter.record('perKey', 'acct')).toBe(1);
      expect(await limiter.record('perKey', 'acct')).toBe(2);
      expect(await limiter.count('perKey', 'acct')).toBe(2);
      await limiter.giveBack('perKey', 'acct');
      expect(await limiter.count('perKey', 'acct')).toBe(1);
      expect(await limiter.count('perKey', 'nobody')).toBe(0);
      now += 10_000;
      expect(await limiter.count('perKey', 'acct')).toBe(0);
      await limiter.giveBack('perKey', 'acct');
      expect(await limiter.record('perKey', 'acct')).toBe(1);
    });

    it('counts several attempts in turn, and stops counting at the first refused', async () => {
      const limiter = await open(() => 0);
      expect((await attempt(limiter, ['perKey', 'vs_key'], ['perIp', '81.33.1.1'])).status).toBe(200);
      // The key's window is full: refused there, the address is not counted again.
      expect(await attempt(limiter, ['perKey', 'vs_key'], ['perIp', '81.33.1.1'])).toEqual({
        status: 429,
        retryAfter: '10',
      });
      expect(await limiter.count('perIp', '81.33.1.1')).toBe(1);
      // A full address refuses before the key is counted.
      await limiter.record('perIp', '81.33.1.1');
      await limiter.record('perIp', '81.33.1.1');
      expect(await attempt(limiter, ['perIp', '81.33.1.1'], ['perKey', 'other_key'])).toEqual({
        status: 429,
        retryAfter: '60',
      });
      expect(await limiter.count('perKey', 'other_key')).toBe(0);
    });
  });
}
