import { describe, expect, it } from 'vitest';
import { describeRecentActivityConformance, fakeClock } from '../counters/recent-activity.conformance.js';
import { SharedRecentActivity } from './shared-recent-activity.js';
import { openSharedState } from './shared-state.js';
import { another, TEST_REDIS_URL, testSharedState, unreachableSharedState } from './shared-test-support.js';

if (TEST_REDIS_URL) {
  const shared = await testSharedState();
  describeRecentActivityConformance(
    'on Redis',
    async (clock) => new SharedRecentActivity(another(shared), { clock }),
  );

  describe('SharedRecentActivity on Redis', () => {
    it('counts the hits of two servers together: a burst split between them is one burst', async () => {
      const clock = fakeClock();
      const keys = another(shared);
      const first = new SharedRecentActivity(keys, { clock: clock.now });
      // Another server: its own connection to the same Redis, under the same keys.
      const other = await openSharedState(TEST_REDIS_URL ?? '', { prefix: keys.prefix });
      const second = new SharedRecentActivity(other, { clock: clock.now });
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 === 0 ? first : second;
        answers.push((await server.record({ ip: '203.0.113.9', deviceId: 'burst-device' })).sameIp);
        clock.advance(1_000);
      }
      await other.close();
      expect(answers).toEqual([0, 1, 2, 3, 4, 5]);
    });
  });
}

describe('SharedRecentActivity without its store', () => {
  it('counts in its own process while Redis does not answer, and says so in the log once', async () => {
    const { shared, warnings } = await unreachableSharedState();
    try {
      const activity = new SharedRecentActivity(shared, { clock: fakeClock().now });
      expect((await activity.record({ ip: '198.51.100.4' })).sameIp).toBe(0);
      expect((await activity.record({ ip: '198.51.100.4' })).sameIp).toBe(1);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2);
    } finally {
      await shared.close();
    }
  });
});
