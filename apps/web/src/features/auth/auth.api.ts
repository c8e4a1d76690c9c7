import { zRelationship } from '@veracity/contracts/account';
import {
  type LoginBody,
  type PlanSignupBody,
  type PreregisterBody,
  type ResetPasswordBody,
  type TrialSignupBody,
  type UnsubscribeBody,
  zAccountTokenResponse,
  zOkResponse,
  zTokenResponse,
  zTrialSignupResponse,
  zValidateSignupResponse,
} from '@veracity/contracts/auth';
import type { PlanType } from '@veracity/contracts/plans';
import { canonicalTimeZone } from '@veracity/contracts/time-zone';
import { api, type ResponseSchema } from '../../lib/api-client';

/** The calls of the public screens (spec 01 §7). Each answer is parsed with its contract schema. */
export const authApi = {
  login: (body: LoginBody) => api.post('/auth/login', body, { schema: zTokenResponse }),
  /** A signed-in person accepts an invitation to another account (the link of the invitation mail). */
  acceptInvitation: (token: string) =>
    api.post('/me/invitations/accept', { token }, { schema: zRelationship }),
  preregister: (body: PreregisterBody) => api.post('/auth/preregister', body, { schema: zOkResponse }),
  trialSignup: (body: TrialSignupBody) =>
    api.post('/auth/trial-signup', body, { schema: zTrialSignupResponse }),
  validateSignup: (body: PlanSignupBody) =>
    api.post('/auth/validate-signup', body, { schema: zValidateSignupResponse }),
  forgotPassword: (email: string) => api.post('/auth/password/forgot', { email }),
  resetPassword: (body: ResetPasswordBody) =>
    api.post('/auth/password/reset', body, { schema: zTokenResponse }),
  verifyEmail: (body: { email: string; hash: string }) =>
    api.post('/auth/email/verify', body, { schema: zTokenResponse }),
  accountToken: (relationshipId: number) =>
    api.get(`/auth/account/${relationshipId}`, { schema: zAccountTokenResponse }),
  unsubscribe: (body: UnsubscribeBody) => api.post('/performance/unsubscribe', body, { schema: zOkResponse }),
};

export interface CheckoutBody {
  plan: PlanType;
  currency: string;
  frequency: string;
  numVisitsAddons: number;
  signupFields: PlanSignupBody;
}

/**
 * The hosted checkout page (spec 01 §7: POST /billing/guest-checkout). Its contract arrives with the
 * billing issue; until then the answer is read for the one field the dashboard needs, the page URL.
 */
const hostedPage: ResponseSchema<{ url: string }> = {
  parse(input) {
    const url = typeof input === 'object' && input !== null && 'url' in input ? input.url : undefined;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('No hosted page URL');
    return { url };
  },
};

export function openGuestCheckout(body: CheckoutBody) {
  return api.post('/billing/guest-checkout', body, { schema: hostedPage });
}

/** Sign-up context the server records with the account (spec 01 §3). */
export function signupContext() {
  // A browser zone the server's IANA rule does not know is left out (the account starts in UTC)
  // rather than refusing the sign-up over a field the person never saw.
  const timezone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return {
    ...(timezone ? { timezone } : {}),
    context: { pageUri: window.location.href.slice(0, 2000), pageName: document.title.slice(0, 200) },
  };
}
