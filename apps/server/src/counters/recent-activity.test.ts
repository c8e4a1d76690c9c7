import { describe, expect, it } from 'vitest';
import { describeRecentActivityConformance, fakeClock } from './recent-activity.conformance.js';
import { InProcessRecentActivity, SlidingWindowCounter } from './recent-activity.js';

const MINUTE = 60_000;

describe('SlidingWindowCounter', () => {
  it('answers the hits before this one within the window', () => {
    const counter = new SlidingWindowCounter(10 * MINUTE, 10, 100);
    expect(counter.hit('a', 0)).toBe(0);
    expect(counter.hit('a', MINUTE)).toBe(1);
    expect(counter.hit('a', 2 * MINUTE)).toBe(2);
    expect(counter.hit('b', 2 * MINUTE)).toBe(0);
    expect(counter.count('a', 2 * MINUTE)).toBe(3);
  });

  it('forgets hits once they leave the window, bucket by bucket', () => {
    const counter = new SlidingWindowCounter(10 * MINUTE, 10, 100);
    counter.hit('a', 0);
    counter.hit('a', 5 * MINUTE);
    expect(counter.count('a', 9 * MINUTE)).toBe(2);
    expect(counter.count('a', 10 * MINUTE)).toBe(1);
    expect(counter.hit('a', 10 * MINUTE)).toBe(1);
    expect(counter.count('a', 30 * MINUTE)).toBe(0);
    expect(counter.hit('a', 30 * MINUTE)).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently seen', () => {
    const counter = new SlidingWindowCounter(10 * MINUTE, 10, 3);
    for (const key of ['a', 'b', 'c']) counter.hit(key, 0);
    counter.hit('a', 1);
    counter.hit('d', 2);
    expect(counter.size).toBe(3);
    expect(counter.count('b', 3)).toBe(0);
    expect(counter.count('a', 3)).toBe(2);
  });

  it('drops expired keys as new hits arrive, without a timer', () => {
    const counter = new SlidingWindowCounter(10 * MINUTE, 10, 1_000);
    for (let i = 0; i < 8; i++) counter.hit(`old-${i}`, 0);
    counter.hit('new', 60 * MINUTE);
    counter.hit('new', 60 * MINUTE);
    expect(counter.size).toBe(1);
  });
});

describeRecentActivityConformance('in process', async (clock) => new InProcessRecentActivity({ clock }));

describe('InProcessRecentActivity', () => {
  it('does not count hits without a device or click id under an empty key', async () => {
    const activity = new InProcessRecentActivity({ clock: fakeClock().now });
    await activity.record({ ip: '1.1.1.1', deviceId: null, clickId: null });
    expect(await activity.record({ ip: '2.2.2.2' })).toEqual({
      sameIp: 0,
      sameDevice: 0,
      sameClickId: 0,
      paidClicksSameIp: 0,
      paidClicksSameDevice: 0,
      paidClickGapsMs: [],
    });
    expect(activity.device.size).toBe(0);
    expect(activity.paidIp.size).toBe(0);
  });

  it('stays within its key budget under a flood of distinct addresses', () => {
    const clock = fakeClock();
    const activity = new InProcessRecentActivity({
      clock: clock.now,
      maxKeys: { ip: 1_000, device: 10, clickId: 10 },
    });
    for (let i = 0; i < 20_000; i++) activity.recordNow({ ip: `10.0.${i >> 8}.${i & 255}` });
    expect(activity.ip.size).toBe(1_000);
  });

  it('keeps the latest paid clicks only, and a bounded number of addresses', () => {
    const activity = new InProcessRecentActivity({ clock: fakeClock().now, maxPaidKeys: 100 });
    const at = Date.UTC(2026, 10, 21);
    let gaps: number[] = [];
    for (let i = 0; i < 40; i++)
      gaps = activity.recordNow({ ip: '9.9.9.9', clickId: `c${i}`, at: at + i * 1_000 }).paidClickGapsMs;
    expect(gaps).toHaveLength(activity.paidIpTimes.depth - 1);
    for (let i = 0; i < 1_000; i++)
      activity.recordNow({ ip: `10.1.${i >> 8}.${i & 255}`, clickId: `x${i}`, at });
    expect(activity.paidIp.size).toBe(100);
    expect(activity.paidIpTimes.size).toBe(100);
  });
});
