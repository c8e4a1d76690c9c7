import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** A limit on requests: how many one key may make in a window that opens at its first. */
export interface RequestRule {
  limit: number;
  windowMs: number;
}

/** Counts the request against its key; throws a 429 with Retry-After once the key's window is full. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;

/** Keys a limit remembers; beyond, @fastify/rate-limit forgets the least recently seen key's window. */
export const REQUEST_LIMIT_KEYS = 10_000;

/**
 * Registers @fastify/rate-limit for limits the routes call themselves ({@link requestLimit}): no route
 * is limited unless it asks, and none answers with the plugin's own headers or message.
 */
export async function registerRequestLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
}

/**
 * A fixed-window limit of @fastify/rate-limit's in-memory store (per process: behind N processes a
 * limit is N times higher, docs/decisions.md). One limit made once and called from several routes
 * counts them in one window. The key (an address, or an account and an address) is compared whatever
 * its case. The answer past the limit is the API's: 429 "Too many requests, please try again in a few
 * seconds" with Retry-After, the seconds until the key's window ends.
 */
export function requestLimit(
  app: FastifyInstance,
  rule: RequestRule,
  key: (request: FastifyRequest) => string,
): RequestLimit {
  // `cache`, the store's key bound, is read by the plugin for each limit but missing from its types.
  const options: CreateRateLimitOptions & { cache: number } = {
    max: rule.limit,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => key(request).toLowerCase(),
    cache: REQUEST_LIMIT_KEYS,
  };
  const check = app.createRateLimit(options);
  return async (request) => {
    const counted = await check(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    throw new ApiError(
      HTTP_STATUS.TOO_MANY_REQUESTS,
      'Too many requests, please try again in a few seconds',
      {
        'retry-after': String(Math.max(1, counted.ttlInSeconds)),
      },
    );
  };
}
