import { HTTP_STATUS } from '@veracity/contracts/errors';
import { LruSlots, NO_SLOT } from '@veracity/detection/lru-cache';
import { ApiError } from '../../http/api-error.js';

export interface RateRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

/** The limits of the abuse-prone calls, per client IP and per account (the e-mail address). */
export const RATE_LIMITS = {
  loginPerIp: { limit: 20, windowMs: 10 * 60_000 },
  loginPerAccount: { limit: 8, windowMs: 10 * 60_000 },
  signupPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  publicFormPerIp: { limit: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, RateRule>;
export type RateLimits = Record<keyof typeof RATE_LIMITS, RateRule>;

/** Keys a rule remembers by default; beyond, the least recently seen key's window is forgotten. */
export const DEFAULT_MAX_KEYS = 10_000;

/**
 * The windows of one rule. A key's count and the end of its window live in typed arrays, at the slot
 * that {@link LruSlots} gives the key, so a window costs no object of its own and the table never
 * grows past `maxKeys`: when full, the least recently seen key gives up its slot. That key was the
 * least active, so forgetting its count loses the least. (Windows were objects in a Map, swept once
 * expired: under a flood of new addresses they filled the heap, and V8 promoted them to its old
 * generation; docs/decisions.md, "Rate limits live in the process".)
 */
class Windows {
  readonly #slots: LruSlots<string>;
  readonly #counts: Uint32Array;
  readonly #resetAt: Float64Array;

  constructor(readonly maxKeys: number) {
    this.#slots = new LruSlots(maxKeys);
    this.#counts = new Uint32Array(maxKeys);
    this.#resetAt = new Float64Array(maxKeys);
  }

  /** Counts an attempt for the key; answers its count in the window and when the window ends. */
  hit(key: string, now: number, windowMs: number): { count: number; resetAt: number } {
    let slot = this.#slots.find(key);
    if (slot === NO_SLOT) {
      slot = this.#slots.claim(key);
      this.#resetAt[slot] = 0;
    }
    let resetAt = this.#resetAt[slot] ?? 0;
    if (resetAt <= now) {
      resetAt = now + windowMs;
      this.#resetAt[slot] = resetAt;
      this.#counts[slot] = 0;
    }
    const count = Math.min((this.#counts[slot] ?? 0) + 1, 0xffffffff);
    this.#counts[slot] = count;
    return { count, resetAt };
  }
}

/**
 * Fixed-window counters in memory, per process: a key's window opens at its first attempt and lasts
 * the rule's `windowMs`. Behind several processes each counts alone, which multiplies a limit by the
 * number of processes: acceptable for abuse control (docs/decisions.md).
 */
export class RateLimiter<Rule extends string = keyof RateLimits> {
  readonly #windows = new Map<Rule, Windows>();

  constructor(
    readonly rules: Record<Rule, RateRule> = RATE_LIMITS as Record<Rule, RateRule>,
    private readonly now: () => number = Date.now,
    /** Keys each rule remembers at most. */
    private readonly maxKeys: number = DEFAULT_MAX_KEYS,
  ) {}

  /** Counts an attempt; throws a 429 with Retry-After when the window is full. */
  hit(rule: Rule, key: string): void {
    const { limit, windowMs } = this.rules[rule];
    let windows = this.#windows.get(rule);
    if (!windows) {
      windows = new Windows(this.maxKeys);
      this.#windows.set(rule, windows);
    }
    const now = this.now();
    const { count, resetAt } = windows.hit(key.toLowerCase(), now, windowMs);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new ApiError(
        HTTP_STATUS.TOO_MANY_REQUESTS,
        'Too many requests, please try again in a few seconds',
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}
