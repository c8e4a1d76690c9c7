import { isIPv6 } from 'node:net';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { LruSlots, NO_SLOT } from '../counters/lru-slots.js';
import { ApiError } from './api-error.js';

export interface RateRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

/**
 * The key of a client address for the per-address limits: an IPv4 address as is, an IPv6 address by
 * its /64 (one subscriber's network: its own addresses are free to pick).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

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

  /** The key's count in its live window, without counting (0 when none). */
  peek(key: string, now: number): number {
    const slot = this.#slots.find(key);
    if (slot === NO_SLOT || (this.#resetAt[slot] ?? 0) <= now) return 0;
    return this.#counts[slot] ?? 0;
  }

  /** Takes one attempt back from the key's live window (a sign-in that succeeded). */
  giveBack(key: string, now: number): void {
    const slot = this.#slots.find(key);
    if (slot === NO_SLOT || (this.#resetAt[slot] ?? 0) <= now) return;
    this.#counts[slot] = Math.max(0, (this.#counts[slot] ?? 0) - 1);
  }
}

/** One attempt: the rule it counts under and its key (compared whatever its case). */
export type Attempt<Rule extends string> = readonly [rule: Rule, key: string];

/**
 * Fixed-window limits: a key's window opens at its first attempt and lasts the rule's `windowMs`.
 * {@link InProcessRateLimiter} counts in this process and answers synchronously; `SharedRateLimiter`
 * (shared-state/) counts in the store several servers share and answers with a promise. Callers
 * `await` the answer either way; the same conformance suite runs on both (`rate-limit.conformance.ts`).
 */
export interface RateLimiter<Rule extends string> {
  readonly rules: Record<Rule, RateRule>;
  /** Counts an attempt without refusing it; answers the count in the window, this one included. */
  record(rule: Rule, key: string): number | Promise<number>;
  /** The attempts counted for the key in its live window. */
  count(rule: Rule, key: string): number | Promise<number>;
  /** Gives one counted attempt back (it succeeded): only failures use up a failure limit. */
  giveBack(rule: Rule, key: string): void | Promise<void>;
  /**
   * Counts an attempt under each rule in turn; throws a 429 with Retry-After at the first whose window
   * is full, and the attempts after it are not counted. Several at once cost one round trip when shared.
   */
  hit(...attempts: readonly Attempt<Rule>[]): void | Promise<void>;
}

/** The answer past a limit: 429 with Retry-After, the seconds until the key's window ends. */
export function tooManyRequests(msLeft: number): ApiError {
  return new ApiError(HTTP_STATUS.TOO_MANY_REQUESTS, 'Too many requests, please try again in a few seconds', {
    'retry-after': String(Math.max(1, Math.ceil(msLeft / 1000))),
  });
}

/**
 * The windows in memory, per process: right for one server. Behind several, each would count alone and
 * multiply every limit by their number; they share `SharedRateLimiter` instead (docs/decisions.md,
 * "Rate limits are shared on Redis"). It answers synchronously, so a caller without a shared store
 * waits for no promise; it is also the shared limiter's fallback while Redis does not answer.
 */
export class InProcessRateLimiter<Rule extends string> implements RateLimiter<Rule> {
  readonly #windows = new Map<Rule, Windows>();

  constructor(
    readonly rules: Record<Rule, RateRule>,
    private readonly now: () => number = Date.now,
    /** Keys each rule remembers at most. */
    private readonly maxKeys: number = DEFAULT_MAX_KEYS,
  ) {}

  #windowsOf(rule: Rule): Windows {
    let windows = this.#windows.get(rule);
    if (!windows) {
      windows = new Windows(this.maxKeys);
      this.#windows.set(rule, windows);
    }
    return windows;
  }

  record(rule: Rule, key: string): number {
    return this.#windowsOf(rule).hit(key.toLowerCase(), this.now(), this.rules[rule].windowMs).count;
  }

  count(rule: Rule, key: string): number {
    return this.#windowsOf(rule).peek(key.toLowerCase(), this.now());
  }

  giveBack(rule: Rule, key: string): void {
    this.#windowsOf(rule).giveBack(key.toLowerCase(), this.now());
  }

  hit(...attempts: readonly Attempt<Rule>[]): void {
    const now = this.now();
    for (const [rule, key] of attempts) {
      const { limit, windowMs } = this.rules[rule];
      const { count, resetAt } = this.#windowsOf(rule).hit(key.toLowerCase(), now, windowMs);
      if (count > limit) throw tooManyRequests(resetAt - now);
    }
  }
}
