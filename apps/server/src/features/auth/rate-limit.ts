import { HTTP_STATUS } from '@veracity/contracts/errors';
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

/** Expired windows dropped, at most, each time a window opens. */
const SWEEP_STEPS = 8;

/**
 * Fixed-window counters in memory, per process. Behind several processes each counts alone, which
 * multiplies a limit by the number of processes: acceptable for abuse control (docs/decisions.md).
 */
export class RateLimiter<Rule extends string = keyof RateLimits> {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly rules: Record<Rule, RateRule> = RATE_LIMITS as Record<Rule, RateRule>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt; throws a 429 with Retry-After when the window is full. */
  hit(rule: Rule, key: string): void {
    const { limit, windowMs } = this.rules[rule];
    const id = `${rule}:${key.toLowerCase()}`;
    const now = this.now();
    const window = this.windows.get(id);
    if (!window || window.resetAt <= now) {
      // Deleted first so that a reopened window moves to the newest end of the map.
      this.windows.delete(id);
      this.windows.set(id, { count: 1, resetAt: now + windowMs });
      this.sweep(now);
      return;
    }
    window.count += 1;
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new ApiError(
        HTTP_STATUS.TOO_MANY_REQUESTS,
        'Too many requests, please try again in a few seconds',
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  /**
   * Forgets expired windows from the oldest end. A window is (re)inserted when it opens, so the map
   * is in opening order: a few steps per new window keep it small without ever walking all of it.
   */
  private sweep(now: number): void {
    let steps = 0;
    for (const [id, window] of this.windows) {
      if (steps++ >= SWEEP_STEPS || window.resetAt > now) break;
      this.windows.delete(id);
    }
  }
}
