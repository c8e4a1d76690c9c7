import { describe, expect, it } from 'vitest';
import type { RecentActivity } from './recent-activity.js';

export function fakeClock(start = Date.UTC(2026, 10, 21)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;

/**
 * What every RecentActivity answers for the same hits: the in-process one (`recent-activity.test.ts`)
 * and the one several servers share on Redis (`shared-recent-activity.test.ts`).
 */
export function describeRecentActivityConformance(
  name: string,
  open: (clock: () => number) => Promise<RecentActivity>,
): void {
  describe(`${name}: recent activity`, () => {
    it('counts the same IP, device and click id over their own windows', async () => {
      const clock = fakeClock();
      const activity = await open(clock.now);
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
      expect((await activity.record({ ip: '81.33.20.7', deviceId: 'd1', clickId: 'g1' })).sameClickId).toBe(
        0,
      );
    });

    it('counts a dated event at its own time, not the clock', async () => {
      const activity = await open(fakeClock().now);
      const day = 24 * 60 * MINUTE;
      // A day of history replayed at once: one hit an hour from one address is no burst.
      for (let hour = 0; hour < 24; hour++) {
        expect((await activity.record({ ip: '81.33.20.7', at: hour * 60 * MINUTE })).sameIp).toBe(0);
      }
      await activity.record({ ip: '81.33.20.7', at: day + MINUTE });
      expect((await activity.record({ ip: '81.33.20.7', at: day + 2 * MINUTE })).sameIp).toBe(1);
    });

    it('counts new click ids per account from one address and one device over a minute, a reload once', async () => {
      const clock = fakeClock();
      const activity = await open(clock.now);
      const click = (clickId: string, deviceId = 'd1', account = 7) =>
        activity.record({ ip: '81.33.20.7', deviceId, clickId, account });
      expect(await click('g1')).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
      clock.advance(2_000);
      // A reload of the same click id is answered but not counted again.
      expect(await click('g1')).toMatchObject({
        paidClicksSameIp: 1,
        paidClicksSameDevice: 1,
        sameClickId: 1,
      });
      clock.advance(2_000);
      expect(await click('g2', 'd2')).toMatchObject({ paidClicksSameIp: 1, paidClicksSameDevice: 0 });
      clock.advance(2_000);
      expect(await click('g3')).toMatchObject({ paidClicksSameIp: 2, paidClicksSameDevice: 1 });
      // Another account's ads clicked from the same address are its own.
      expect(await click('g4', 'd1', 8)).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
      // A page view without a click id is not a paid click and is not told about them.
      expect(await activity.record({ ip: '81.33.20.7', deviceId: 'd1', account: 7 })).toMatchObject({
        paidClicksSameIp: 0,
        paidClickGapsMs: [],
      });
      clock.advance(2 * MINUTE);
      expect(await click('g5')).toMatchObject({ paidClicksSameIp: 0, paidClicksSameDevice: 0 });
    });

    it('answers the gaps between the latest paid clicks of an address, in time order, within the window', async () => {
      const activity = await open(fakeClock().now);
      const at = Date.UTC(2026, 10, 21);
      const click = (clickId: string, ms: number) =>
        activity.record({ ip: '81.33.20.7', clickId, account: 7, at: at + ms });
      expect((await click('a', 0)).paidClickGapsMs).toEqual([]);
      expect((await click('b', 1_200)).paidClickGapsMs).toEqual([1_200]);
      // A dated click forwarded late lands in its place; the clicks after it are not before it.
      expect((await click('c', 600)).paidClickGapsMs).toEqual([600]);
      expect((await click('d', 2_400)).paidClickGapsMs).toEqual([600, 600, 1_200]);
      // Far beyond the cadence window, the old clicks no longer count.
      expect((await click('e', 60 * MINUTE)).paidClickGapsMs).toEqual([]);
      expect((await click('f', 60 * MINUTE + 5_000)).paidClickGapsMs).toEqual([5_000]);
    });
  });
}
