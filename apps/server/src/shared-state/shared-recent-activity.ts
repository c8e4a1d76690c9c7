import { ACTIVITY_WINDOWS_MS, CADENCE, PAID_CLICK_WINDOWS_MS } from '@veracity/detection/policy';
import type { Result } from 'ioredis';
import {
  type ActivityEvent,
  InProcessRecentActivity,
  type RecentActivity,
  type RecentCounts,
} from '../counters/recent-activity.js';
import type { SharedState } from './shared-state.js';

/**
 * One hit counted in every window at once, in one script (one round trip, atomic): each key is a hash
 * of bucket → hits, as the in-process `SlidingWindowCounter` keeps a ring of buckets. A hit answers
 * the hits of the buckets within the window (this one's bucket and the `buckets - 1` before it, and
 * any later ones a dated event finds), drops the buckets that left it, adds itself, and renews the
 * key's expiry so an idle key leaves on its own. A paid click (a new ad click id) is counted per
 * account and IP, and device, and its time pushed on the account and IP's list of latest paid clicks;
 * a repeat of a known click id only reads them.
 *
 * KEYS: ip, device, click id, paid per IP, paid per device, paid click times per IP.
 * ARGV: now, buckets, the windows of ip, device, click id and velocity, the cadence window, the
 * cadence depth, whether the hit has a device, a click id.
 */
const RECORD_SCRIPT = `
local now = tonumber(ARGV[1])
local buckets = tonumber(ARGV[2])
local function window(key, windowMs, add)
  local width = windowMs / buckets
  local bucket = math.floor(now / width)
  local fields = redis.call('HGETALL', key)
  local before = 0
  for i = 1, #fields, 2 do
    local at = tonumber(fields[i])
    if bucket - at >= buckets then
      redis.call('HDEL', key, fields[i])
    else
      before = before + tonumber(fields[i + 1])
    end
  end
  if add then
    redis.call('HINCRBY', key, string.format('%d', bucket), 1)
    redis.call('PEXPIRE', key, math.ceil(windowMs + width))
  end
  return before
end
local hasDevice = ARGV[9] == '1'
local hasClick = ARGV[10] == '1'
local sameIp = window(KEYS[1], tonumber(ARGV[3]), true)
local sameDevice = 0
if hasDevice then sameDevice = window(KEYS[2], tonumber(ARGV[4]), true) end
local sameClick = 0
local paidIp = 0
local paidDevice = 0
local times = {}
if hasClick then
  sameClick = window(KEYS[3], tonumber(ARGV[5]), true)
  local isNew = sameClick == 0
  paidIp = window(KEYS[4], tonumber(ARGV[6]), isNew)
  if hasDevice then paidDevice = window(KEYS[5], tonumber(ARGV[6]), isNew) end
  if isNew then
    redis.call('LPUSH', KEYS[6], ARGV[1])
    redis.call('LTRIM', KEYS[6], 0, tonumber(ARGV[8]) - 1)
    redis.call('PEXPIRE', KEYS[6], tonumber(ARGV[7]))
  end
  times = redis.call('LRANGE', KEYS[6], 0, -1)
end
return {sameIp, sameDevice, sameClick, paidIp, paidDevice, times}
`;

type ScriptAnswer = [number, number, number, number, number, string[]];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    veracityRecordActivity(...args: (string | number)[]): Result<ScriptAnswer, Context>;
  }
}

const BUCKETS = 12;

/**
 * RecentActivity shared by every server on one Redis: a burst split across servers behind a load
 * balancer counts as one. It answers what {@link InProcessRecentActivity} answers for the same hits
 * (`recent-activity.test.ts` runs the same cases on both). While Redis does not answer, hits are
 * counted in this process alone (the fallback), and the failure is logged.
 */
export class SharedRecentActivity implements RecentActivity {
  readonly #shared: SharedState;
  readonly #fallback: InProcessRecentActivity;
  readonly #clock: () => number;
  readonly #keys: (kind: string, key: string) => string;

  constructor(shared: SharedState, options: { clock?: () => number } = {}) {
    this.#shared = shared;
    this.#clock = options.clock ?? Date.now;
    this.#fallback = new InProcessRecentActivity({ clock: this.#clock });
    this.#keys = (kind, key) => `${shared.prefix}activity:${kind}:${key}`;
    // Sent by its digest (EVALSHA), loaded again when the server lost it.
    shared.redis.defineCommand('veracityRecordActivity', { numberOfKeys: 6, lua: RECORD_SCRIPT });
  }

  async record(event: ActivityEvent): Promise<RecentCounts> {
    const now = event.at ?? this.#clock();
    const account = event.account ?? '';
    const key = this.#keys;
    try {
      const [sameIp, sameDevice, sameClickId, paidIp, paidDevice, times] =
        await this.#shared.redis.veracityRecordActivity(
          key('ip', event.ip),
          key('device', event.deviceId ?? ''),
          key('click', event.clickId ?? ''),
          key('paid-ip', `${account}\u0000${event.ip}`),
          key('paid-device', `${account}\u0000${event.deviceId ?? ''}`),
          key('paid-times', `${account}\u0000${event.ip}`),
          now,
          BUCKETS,
          ACTIVITY_WINDOWS_MS.ip,
          ACTIVITY_WINDOWS_MS.device,
          ACTIVITY_WINDOWS_MS.clickId,
          PAID_CLICK_WINDOWS_MS.velocity,
          PAID_CLICK_WINDOWS_MS.cadence,
          CADENCE.maxGaps + 1,
          event.deviceId ? '1' : '0',
          event.clickId ? '1' : '0',
        );
      return {
        sameIp: Number(sameIp),
        sameDevice: Number(sameDevice),
        sameClickId: Number(sameClickId),
        paidClicksSameIp: Number(paidIp),
        paidClicksSameDevice: Number(paidDevice),
        paidClickGapsMs: gapsWithin(times.map(Number), now, PAID_CLICK_WINDOWS_MS.cadence),
      };
    } catch (error) {
      this.#shared.failed('recent activity', error);
      return this.#fallback.recordNow(event);
    }
  }
}

/** Gaps between the times in (now - window, now], in time order (as `PaidClickTimes` answers them). */
function gapsWithin(times: readonly number[], now: number, windowMs: number): number[] {
  const held = times.filter((at) => at > now - windowMs && at <= now).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < held.length; i++) gaps.push((held[i] ?? 0) - (held[i - 1] ?? 0));
  return gaps;
}
