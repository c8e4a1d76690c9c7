import { z } from 'zod';
import { FREE_MAIL_DOMAINS } from './free-mail-domains.js';
import { zPlanType } from './plans.js';
import { zTimeZone } from './time-zone.js';

/** Spec 02 §5 e-mail pattern: something@domain with a top-level domain of at least 2 characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** Minimum password lengths: 6 on reset (spec 01 §9), 8 on sign-up and invitation. */
export const RESET_PASSWORD_MIN_LENGTH = 6;
export const SIGNUP_PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** Sign-up needs a business address: free-mail providers are refused (spec 01 §5). */
export function isBusinessEmail(email: string): boolean {
  const domain = emailDomain(email);
  return !FREE_MAIL_DOMAINS.some((free) => domain === free || domain.endsWith(`.${free}`));
}

const zEmail = z.string().trim().min(1).max(254).regex(EMAIL_PATTERN);
const zPassword = (min: number) => z.string().min(min).max(PASSWORD_MAX_LENGTH);

/** A session token: the hash the dashboard stores as its token (spec 01 §3). */
export const zTokenResponse = z.object({ hash: z.string() });
export type TokenResponse = z.infer<typeof zTokenResponse>;

/** `invitation`: the token of an invitation link to an existing login, accepted by logging in. */
export const zLoginBody = z.object({
  email: zEmail,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  invitation: z.string().min(1).max(200).optional(),
});
export type LoginBody = z.infer<typeof zLoginBody>;

export const zPreregisterBody = z.object({
  name: z.string().trim().min(1).max(120),
  password: zPassword(SIGNUP_PASSWORD_MIN_LENGTH),
  terms: z.literal(true),
  token: z.string().min(1).max(200),
});
export type PreregisterBody = z.infer<typeof zPreregisterBody>;

export const zSignupContext = z.object({
  pageUri: z.string().max(2000).optional(),
  pageName: z.string().max(200).optional(),
});

/** Trial sign-up (spec 01 §3): the plan form sends the same fields without jobTitle. */
export const zTrialSignupBody = z.object({
  email: zEmail,
  firstName: z.string().trim().min(1).max(120),
  companyName: z.string().trim().min(1).max(160),
  jobTitle: z.string().trim().min(1).max(120),
  password: zPassword(SIGNUP_PASSWORD_MIN_LENGTH),
  terms: z.literal(true),
  timezone: zTimeZone.optional(),
  context: zSignupContext.optional(),
});
export type TrialSignupBody = z.infer<typeof zTrialSignupBody>;

export const zPlanSignupBody = zTrialSignupBody.omit({ jobTitle: true }).extend({
  plan: zPlanType.optional(),
});
export type PlanSignupBody = z.infer<typeof zPlanSignupBody>;

export const zTrialSignupResponse = z.object({ loginToken: zTokenResponse });
export type TrialSignupResponse = z.infer<typeof zTrialSignupResponse>;

export const zValidateSignupResponse = z.object({ valid: z.literal(true) });

export const zForgotPasswordBody = z.object({ email: zEmail });
export const zResetPasswordBody = z.object({
  newPassword: zPassword(RESET_PASSWORD_MIN_LENGTH),
  email: zEmail,
  hash: z.string().min(1).max(200),
});
export type ResetPasswordBody = z.infer<typeof zResetPasswordBody>;

export const zChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: zPassword(SIGNUP_PASSWORD_MIN_LENGTH),
});
export type ChangePasswordBody = z.infer<typeof zChangePasswordBody>;

/** POST /api/me/invitations/accept: a signed-in person accepts an invitation to another account. */
export const zAcceptInvitationBody = z.object({ token: z.string().min(1).max(200) });

/** The query parameter of the invitation link to an existing login (`/auth/login?invitation=`). */
export const INVITATION_QUERY_PARAM = 'invitation';

export const zVerifyEmailBody = z.object({ email: zEmail, hash: z.string().min(1).max(200) });

/** GET /api/auth/account/{id}: an account-bound token, or the unrecognised-IP answer. */
export const ACCOUNT_TOKEN_STATUSES = ['OK', 'VALIDATION_REQUIRED'] as const;
export const zAccountTokenResponse = z.object({
  status: z.enum(ACCOUNT_TOKEN_STATUSES),
  token: zTokenResponse.optional(),
});
export type AccountTokenResponse = z.infer<typeof zAccountTokenResponse>;

/** Support impersonation: the link to /auth/login-as (spec 01 §2: t, r, g, h). */
export const HOME_MODES = ['enabled_and_default_landing', 'enabled_only', 'disabled'] as const;
export const zLoginAsBody = z.object({
  relationshipId: z.number().int().positive(),
  role: z.string().trim().min(1).max(60).default('Support'),
});
export const zLoginAsResponse = z.object({
  url: z.string(),
  token: z.string(),
  relationshipId: z.number().int(),
  ghostRole: z.string(),
  homeMode: z.enum(HOME_MODES),
});
export type LoginAsResponse = z.infer<typeof zLoginAsResponse>;

/**
 * The unsubscribe link of a performance mail carries the address and its signature (`token`, made by
 * the server from the instance secret); a missing or wrong token is refused with
 * UNSUBSCRIBE_LINK_INVALID and nothing is stored.
 */
export const zUnsubscribeBody = z.object({ email: zEmail, token: z.string().trim().max(100) });
export type UnsubscribeBody = z.infer<typeof zUnsubscribeBody>;
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Please open the link from your latest performance e-mail again.';
export const zOkResponse = z.object({ ok: z.literal(true) });
