import { ACTIVITY_WINDOWS_MS, CADENCE, PAID_CLICK_WINDOWS_MS } from '@veracity/detection/policy';
import { LruSlots, NO_SLOT } from './lru-slots.js';
import { PaidClickTimes } from './paid-click-times.js';

/**
 * Recent activity: how many hits came before this one, within the policy's windows, from the same IP,
 * the same device and with the same ad click id; and for a paid click (a hit with an ad click id), how
 * many new click ids the same account had from the same IP and device within the last minute, and the
 * gaps between the account's latest paid clicks from the IP. The engine reads the answer as `history`.
 *
 * The interface is asynchronous so that a shared implementation (the database, or a cache several
 * servers write to) can replace the in-process one without changing its callers.
 */
export interface ActivityEvent {
  ip: string;
  /**
   * When the hit happened (epoch ms); the clock when absent. Dated events (server-to-server traffic
   * forwarded late, a replayed history) count at their own time, so a backfill is not one burst.
   */
  at?: number;
  deviceId?: string | null;
  clickId?: string | null;
  /** The account the hit belongs to: paid clicks are counted per account (one advertiser's ads). */
  account?: string | number | null;
}

export interface RecentCounts {
  sameIp: number;
  sameDevice: number;
  sameClickId: number;
  /** New ad click ids on the account from the same IP, and device, in the velocity window before this. */
  paidClicksSameIp: number;
  paidClicksSameDevice: number;
  /** Gaps between the account's latest paid clicks from the IP (this one included when new). */
  paidClickGapsMs: number[];
}

export interface RecentActivity {
  /** Counts the hit and answers how many hits with its IP, device and click id came before it. */
  record(event: ActivityEvent): Promise<RecentCounts>;
}

export interface InProcessRecentActivityOptions {
  windowsMs?: { ip: number; device: number; clickId: number };
  /** Each window is cut into this many buckets; counts are exact to one bucket's width. */
  buckets?: number;
  /** Keys remembered per kind; the least recently seen are forgotten first. */
  maxKeys?: { ip: number; device: number; clickId: number };
  /** Paid-click keys remembered (an account's IP, an account's device), least recently seen forgotten. */
  maxPaidKeys?: number;
  /** Milliseconds since the epoch; a fake clock in tests. */
  clock?: () => number;
}

export const DEFAULT_MAX_KEYS = { ip: 100_000, device: 100_000, clickId: 200_000 } as const;
export const DEFAULT_MAX_PAID_KEYS = 50_000;
const MAX_BUCKET_COUNT = 0xffff;
/** Expired keys dropped from the old end at each hit, so idle keys leave without a timer. */
const EXPIRED_SWEEP_PER_HIT = 4;

/**
 * A sliding window of hit counts per key. Every key owns a slot in one preallocated table: a ring of
 * `buckets` counts and the index of its newest bucket, so a key costs its entry in the slots' Map
 * plus 2 bytes a bucket. Keys are kept in least-recently-seen order ({@link LruSlots}, refreshed on
 * every hit) and bounded by `maxKeys`.
 */
export class SlidingWindowCounter {
  readonly #slots: LruSlots<string>;
  readonly #counts: Uint16Array;
  /** Absolute index (time / bucket width) of each slot's newest bucket. */
  readonly #newest: Float64Array;
  readonly #width: number;

  constructor(
    readonly windowMs: number,
    readonly buckets: number,
    readonly maxKeys: number,
  ) {
    if (
      !(windowMs > 0) ||
      !Number.isInteger(buckets) ||
      buckets < 1 ||
      !Number.isInteger(maxKeys) ||
      maxKeys < 1
    ) {
      throw new RangeError('window, buckets and maxKeys must be positive');
    }
    this.#slots = new LruSlots(maxKeys);
    this.#width = windowMs / buckets;
    this.#counts = new Uint16Array(maxKeys * buckets);
    this.#newest = new Float64Array(maxKeys);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Adds one hit for the key at `now` and returns the hits before it within the window. */
  hit(key: string, now: number): number {
    const bucket = Math.floor(now / this.#width);
    this.#sweep(bucket);
    let slot = this.#slots.find(key);
    if (slot === NO_SLOT) {
      slot = this.#slots.claim(key);
      this.#counts.fill(0, slot * this.buckets, (slot + 1) * this.buckets);
      this.#newest[slot] = bucket;
    } else {
      this.#advance(slot, bucket);
    }
    const base = slot * this.buckets;
    let before = 0;
    for (let i = base; i < base + this.buckets; i++) before += this.#counts[i] ?? 0;
    const index = base + (bucket % this.buckets);
    const current = this.#counts[index] ?? 0;
    if (current < MAX_BUCKET_COUNT) this.#counts[index] = current + 1;
    return before;
  }

  /** Hits within the window for the key at `now`, without counting one (nor refreshing the key). */
  count(key: string, now: number): number {
    const slot = this.#slots.peek(key);
    if (slot === NO_SLOT) return 0;
    const bucket = Math.floor(now / this.#width);
    const newest = this.#newest[slot] ?? 0;
    let total = 0;
    for (let age = 0; age < this.buckets; age++) {
      const at = newest - age;
      if (at >= 0 && bucket - at < this.buckets)
        total += this.#counts[slot * this.buckets + (at % this.buckets)] ?? 0;
    }
    return total;
  }

  /** Clears the buckets that fell out of the window since the slot was last written. */
  #advance(slot: number, bucket: number): void {
    const newest = this.#newest[slot] ?? 0;
    if (bucket <= newest) return;
    const base = slot * this.buckets;
    if (bucket - newest >= this.buckets) this.#counts.fill(0, base, base + this.buckets);
    else for (let at = newest + 1; at <= bucket; at++) this.#counts[base + (at % this.buckets)] = 0;
    this.#newest[slot] = bucket;
  }

  #sweep(bucket: number): void {
    for (let dropped = 0; dropped < EXPIRED_SWEEP_PER_HIT; dropped++) {
      const oldest = this.#slots.oldest();
      if (oldest === NO_SLOT || bucket - (this.#newest[oldest] ?? 0) < this.buckets) return;
      this.#slots.release(oldest);
    }
  }
}

/** RecentActivity for one server: counts live in this process and vanish with it. */
export class InProcessRecentActivity implements RecentActivity {
  readonly ip: SlidingWindowCounter;
  readonly device: SlidingWindowCounter;
  readonly clickId: SlidingWindowCounter;
  /** New click ids per account and IP, and per account and device, over the velocity window. */
  readonly paidIp: SlidingWindowCounter;
  readonly paidDevice: SlidingWindowCounter;
  /** The latest paid clicks' times per account and IP, for their cadence. */
  readonly paidIpTimes: PaidClickTimes;
  readonly #clock: () => number;

  constructor(options: InProcessRecentActivityOptions = {}) {
    const windows = options.windowsMs ?? ACTIVITY_WINDOWS_MS;
    const buckets = options.buckets ?? 12;
    const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    const maxPaidKeys = options.maxPaidKeys ?? DEFAULT_MAX_PAID_KEYS;
    this.ip = new SlidingWindowCounter(windows.ip, buckets, maxKeys.ip);
    this.device = new SlidingWindowCounter(windows.device, buckets, maxKeys.device);
    this.clickId = new SlidingWindowCounter(windows.clickId, buckets, maxKeys.clickId);
    this.paidIp = new SlidingWindowCounter(PAID_CLICK_WINDOWS_MS.velocity, buckets, maxPaidKeys);
    this.paidDevice = new SlidingWindowCounter(PAID_CLICK_WINDOWS_MS.velocity, buckets, maxPaidKeys);
    this.paidIpTimes = new PaidClickTimes(CADENCE.maxGaps + 1, PAID_CLICK_WINDOWS_MS.cadence, maxPaidKeys);
    this.#clock = options.clock ?? Date.now;
  }

  /** The synchronous answer, for callers in the same process (the benchmark, the firewall). */
  recordNow(event: ActivityEvent): RecentCounts {
    const now = event.at ?? this.#clock();
    const sameClickId = event.clickId ? this.clickId.hit(event.clickId, now) : 0;
    const counts: RecentCounts = {
      sameIp: this.ip.hit(event.ip, now),
      sameDevice: event.deviceId ? this.device.hit(event.deviceId, now) : 0,
      sameClickId,
      paidClicksSameIp: 0,
      paidClicksSameDevice: 0,
      paidClickGapsMs: [],
    };
    if (event.clickId) this.#paidClick(event, now, sameClickId === 0, counts);
    return counts;
  }

  async record(event: ActivityEvent): Promise<RecentCounts> {
    return this.recordNow(event);
  }

  /**
   * A paid click: counted when its click id is new (a reload or Back reuses it and is one click), and
   * answered either way, since the engine judges every hit that carries a click id.
   */
  #paidClick(event: ActivityEvent, now: number, isNew: boolean, counts: RecentCounts): void {
    const account = event.account ?? '';
    const ipKey = `${account}\u0000${event.ip}`;
    const deviceKey = event.deviceId ? `${account}\u0000${event.deviceId}` : null;
    if (isNew) {
      counts.paidClicksSameIp = this.paidIp.hit(ipKey, now);
      counts.paidClicksSameDevice = deviceKey ? this.paidDevice.hit(deviceKey, now) : 0;
      counts.paidClickGapsMs = this.paidIpTimes.add(ipKey, now);
    } else {
      counts.paidClicksSameIp = this.paidIp.count(ipKey, now);
      counts.paidClicksSameDevice = deviceKey ? this.paidDevice.count(deviceKey, now) : 0;
      counts.paidClickGapsMs = this.paidIpTimes.gaps(ipKey, now);
    }
  }
}
