import type { FastifyRequest } from 'fastify';
import { createRateLimiter } from '../shared-state/shared-rate-limiter.js';
import type { SharedState } from '../shared-state/shared-state.js';
import type { RateRule } from './rate-limit.js';

/** A limit on requests: how many one key may make in a window that opens at its first. */
export type RequestRule = RateRule;

/** Counts the request against its key; throws a 429 with Retry-After once the key's window is full. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;

/** Keys a limit remembers in process; beyond, the least recently seen key's window is forgotten. */
export const REQUEST_LIMIT_KEYS = 10_000;

/**
 * A fixed-window limit that refuses a request outright, counted by a `RateLimiter` of its own: in the
 * store the servers share when they do (`stores.shared`), else in this process. One limit made once and
 * called from several routes counts them in one window; `name` keeps its keys apart from other limits'.
 * The key (an address, or an account and an address) is compared whatever its case. The answer past
 * the limit is the API's: 429 "Too many requests, please try again in a few seconds" with Retry-After,
 * the seconds until the key's window ends.
 */
export function requestLimit(
  shared: SharedState | undefined,
  name: string,
  rule: RequestRule,
  key: (request: FastifyRequest) => string,
): RequestLimit {
  const limiter = createRateLimiter(
    shared,
    `request:${name}`,
    { limit: rule },
    { maxKeys: REQUEST_LIMIT_KEYS },
  );
  return async (request) => limiter.hit(['limit', key(request)]);
}
