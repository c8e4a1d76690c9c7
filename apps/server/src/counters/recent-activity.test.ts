import { describe, expect, it } from 'vitest';
import { InProcessRecentActivity, SlidingWindowCounter } from './recent-activity.js';

function fakeClock(start = Date.UTC(2026, 10, 21)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

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

describe('InProcessRecentActivity', () => {
  it('counts the same IP, device and click id over their own windows', async () => {
    const clock = fakeClock();
    const activity = new InProcessRecentActivity({ clock: clock.now });
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toEqual({
      sameIp: 0,
      sameDevice: 0,
      sameClickId: 0,
    });
    clock.advance(MINUTE);
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toEqual({
      sameIp: 1,
      sameDevice: 1,
      sameClickId: 1,
    });
    clock.advance(30 * MINUTE);
    // Past the 10-minute IP window, inside the hour of the device and the day of the click id.
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toEqual({
      sameIp: 0,
      sameDevice: 2,
      sameClickId: 2,
    });
    clock.advance(24 * 60 * MINUTE);
    expect((await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).sameClickId).toBe(0);
  });

  it('counts a dated event at its own time, not the clock', async () => {
    const activity = new InProcessRecentActivity({ clock: fakeClock().now });
    const day = 24 * 60 * MINUTE;
    // A day of history replayed at once: one hit an hour from one address is no burst.
    for (let hour = 0; hour < 24; hour++) {
      expect((await activity.record({ ip: '81.33.20.7', at: hour * 60 * MINUTE })).sameIp).toBe(0);
    }
    await activity.record({ ip: '81.33.20.7', at: day + MINUTE });
    expect((await activity.record({ ip: '81.33.20.7', at: day + 2 * MINUTE })).sameIp).toBe(1);
  });

  it('does not count hits without a device or click id under an empty key', async () => {
    const activity = new InProcessRecentActivity({ clock: fakeClock().now });
    await activity.record({ ip: '1.1.1.1', deviceId: null, clickId: null });
    expect(await activity.record({ ip: '2.2.2.2' })).toEqual({ sameIp: 0, sameDevice: 0, sameClickId: 0 });
    expect(activity.device.size).toBe(0);
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
});
