import type { FastifyRequest } from 'fastify';
import { addressKey } from '../../http/rate-limit.js';
import { type RequestLimit, requestLimit } from '../../http/request-limits.js';
import type { SharedState } from '../../shared-state/shared-state.js';
import { normaliseEmail } from '../users/users.repo.js';
import type { RateLimits } from './auth-limits.js';

/**
 * The dashboard's limits that refuse a request outright (`requestLimit`, shared by the servers when
 * they share a store): the public forms (sign-up, forgot password, reset, verification, invitations,
 * unsubscribe) per address, and forgot password per (account, address). Routes call them after the
 * body is validated, before any work. The sign-in limits, which count only failures (a success gives
 * its attempt back), and the account-wide counts that slow or stay silent instead of refusing are
 * `services.rateLimiter`'s.
 */
export interface AuthRequestLimits {
  publicFormPerIp: RequestLimit;
  signupPerIp: RequestLimit;
  forgotPerIp: RequestLimit;
  forgotPerAccountAddress: RequestLimit;
}

const byAddress = (request: FastifyRequest) => addressKey(request.ip);

export function authRequestLimits(shared: SharedState | undefined, rules: RateLimits): AuthRequestLimits {
  return {
    publicFormPerIp: requestLimit(shared, 'publicFormPerIp', rules.publicFormPerIp, byAddress),
    signupPerIp: requestLimit(shared, 'signupPerIp', rules.signupPerIp, byAddress),
    forgotPerIp: requestLimit(shared, 'forgotPerIp', rules.forgotPerIp, byAddress),
    forgotPerAccountAddress: requestLimit(
      shared,
      'forgotPerAccountAddress',
      rules.forgotPerAccountAddress,
      (request) => `${normaliseEmail((request.body as { email: string }).email)} ${addressKey(request.ip)}`,
    ),
  };
}
