import { describe, expect, it } from 'vitest';
import {
  attempt,
  describeRateLimiterConformance,
  conformanceRules as rules,
} from '../http/rate-limit.conformance.js';
import { SharedRateLimiter } from './shared-rate-limiter.js';
import { openSharedState } from './shared-state.js';
import { another, TEST_REDIS_URL, testSharedState, unreachableSharedState } from './shared-test-support.js';

if (TEST_REDIS_URL) {
  const shared = await testSharedState();
  describeRateLimiterConformance(
    'on Redis',
    async (now) => new SharedRateLimiter(another(shared), 'test', rules, { clock: now }),
  );

  describe('SharedRateLimiter on Redis', () => {
    it('counts the attempts of two servers in one window: a limit is not multiplied by the servers', async () => {
      const now = () => 1_000_000;
      const keys = another(shared);
      const first = new SharedRateLimiter(keys, 'test', rules, { clock: now });
      // Another server: its own connection to the same Redis, under the same keys.
      const other = await openSharedState(TEST_REDIS_URL ?? '', { prefix: keys.prefix });
      try {
        const second = new SharedRateLimiter(other, 'test', rules, { clock: now });
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const server = i % 2 === 0 ? first : second;
          statuses.push((await attempt(server, ['perIp', '81.33.1.1'])).status);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
        await first.giveBack('perIp', '81.33.1.1');
        expect(await second.count('perIp', '81.33.1.1')).toBe(3);
        expect(await second.record('perKey', 'vs_key')).toBe(1);
        expect(await first.record('perKey', 'VS_KEY')).toBe(2);
      } finally {
        await other.close();
      }
    });

    it('keeps its windows under the shared prefix, each ending on its own', async () => {
      const keys = another(shared);
      const limiter = new SharedRateLimiter(keys, 'test', rules, { clock: () => 1_000_000 });
      await limiter.hit(['perKey', 'VS_Key']);
      const stored = await shared.redis.keys(`${keys.prefix}*`);
      expect(stored).toEqual([`${keys.prefix}rate:test:perKey:vs_key`]);
      const ttl = await shared.redis.pttl(stored[0] ?? '');
      expect(ttl).toBeGreaterThan(9_000);
      expect(ttl).toBeLessThanOrEqual(10_000);
    });
  });
}

describe('SharedRateLimiter without its store', () => {
  it('counts in its own process while Redis does not answer, and says so in the log once', async () => {
    const { shared, warnings } = await unreachableSharedState();
    try {
      const limiter = new SharedRateLimiter(shared, 'test', rules, { clock: () => 0 });
      expect((await attempt(limiter, ['perKey', 'vs_key'])).status).toBe(200);
      expect(await attempt(limiter, ['perKey', 'vs_key'])).toEqual({ status: 429, retryAfter: '10' });
      expect(await limiter.record('perIp', '81.33.1.1')).toBe(1);
      await limiter.giveBack('perIp', '81.33.1.1');
      expect(await limiter.count('perIp', '81.33.1.1')).toBe(0);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2);
    } finally {
      await shared.close();
    }
  });
});
