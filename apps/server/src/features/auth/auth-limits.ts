import type { RateRule } from '../../http/rate-limit.js';

/**
 * The limits of the abuse-prone calls (OWASP ASVS V2.2). Sign-in failures are limited per (account,
 * address) and per address, answered 429 there; account-wide they only slow the answers down
 * (LOGIN_SLOWDOWN), so no one can lock the owner out from elsewhere. A successful sign-in gives its
 * attempt back. Reset mails are limited per (account, address) and per address; account-wide, past
 * `resetMailsPerAccount` the answer stays the same and no more mail is sent (the newest link works).
 */
export const RATE_LIMITS = {
  /** Sign-in attempts of one address on one account (counted as they start; a success gives back). */
  loginPerAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
  /** Sign-in attempts of one address on any accounts (password spraying). */
  loginPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  /** Failed sign-ins on one account from anywhere past which each answer waits (never a 429). */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signupPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerAccountAddress: { limit: 3, windowMs: 60 * 60_000 },
  /** Reset mails to one account from anywhere; past it, forgot answers the same and mails nothing. */
  resetMailsPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  publicFormPerIp: { limit: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, RateRule>;

/**
 * The account-wide slow-down of sign-ins: past `loginFailuresPerAccount.limit` failures in its window,
 * every attempt on the account waits `firstDelayMs`, doubling with each further failure, at most
 * `maxDelayMs`, before its password is checked. The owner is slowed, never refused.
 */
export const LOGIN_SLOWDOWN = { firstDelayMs: 500, maxDelayMs: 8_000 } as const;

/** The wait before a sign-in on an account with this many recent failures (0 below the threshold). */
export function loginDelayMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  const doublings = Math.min(failures - threshold, 16);
  return Math.min(LOGIN_SLOWDOWN.firstDelayMs * 2 ** doublings, LOGIN_SLOWDOWN.maxDelayMs);
}
export type RateLimits = Record<keyof typeof RATE_LIMITS, RateRule>;
