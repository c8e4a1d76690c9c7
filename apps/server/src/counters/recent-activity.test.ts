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
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toMatchObject({
      sameIp: 0,
      sameDevice: 0,
      sameClickId: 0,
    });
    clock.advance(MINUTE);
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toMatchObject({
      sameIp: 1,
      sameDevice: 1,
      sameClickId: 1,
    });
    clock.advance(30 * MINUTE);
    // Past the 10-minute IP window, inside the hour of the device and the day of the click id.
    expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).toMatchObject({
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

  it('counts new click ids per account from one address and one device over a minute, a reload once', () => {
    const clock = fakeClock();
    const activity = new InProcessRecentActivity({ clock: clock.now });
    const click = (clickId: string, deviceId = 'd1', account = 7) =>
      activity.recordNow({ ip: '81.33.20.7', deviceId, clickId, account });
    expect(click('g1')).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
    clock.advance(2_000);
    // A reload of the same click id is answered but not counted again.
    expect(click('g1')).toMatchObject({ paidClicksSameIp: 1, paidClicksSameDevice: 1, sameClickId: 1 });
    clock.advance(2_000);
    expect(click('g2', 'd2')).toMatchObject({ paidClicksSameIp: 1, paidClicksSameDevice: 0 });
    clock.advance(2_000);
    expect(click('g3')).toMatchObject({ paidClicksSameIp: 2, paidClicksSameDevice: 1 });
    // Another account's ads clicked from the same address are its own.
    expect(click('g4', 'd1', 8)).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
    // A page view without a click id is not a paid click and is not told about them.
    expect(activity.recordNow({ ip: '81.33.20.7', deviceId: 'd1', account: 7 })).toMatchObject({
      paidClicksSameIp: 0,
      paidClickGapsMs: [],
    });
    clock.advance(2 * MINUTE);
    expect(click('g5')).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
  });

  it('answers the gaps between the latest paid clicks of an address, in time order, within the window', () => {
    const activity = new InProcessRecentActivity({ clock: fakeClock().now });
    const at = Date.UTC(2026, 10, 21);
    const click = (clickId: string, ms: number) =>
      activity.recordNow({ ip: '81.33.20.7', clickId, account: 7, at: at + ms });
    expect(click('a', 0).paidClickGapsMs).toEqual([]);
    expect(click('b', 1_200).paidClickGapsMs).toEqual([1_200]);
    // A dated click forwarded late lands in its place; the clicks after it are not before it.
    expect(click('c', 600).paidClickGapsMs).toEqual([600]);
    expect(click('d', 2_400).paidClickGapsMs).toEqual([600, 600, 1_200]);
    // Far beyond the cadence window, the old clicks no longer count.
    expect(click('e', 60 * MINUTE).paidClickGapsMs).toEqual([]);
    expect(click('f', 60 * MINUTE + 5_000).paidClickGapsMs).toEqual([5_000]);
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
