import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AccountTokenResponse,
  ChangePasswordBody,
  LoginBody,
  PlanSignupBody,
  PreregisterBody,
  ResetPasswordBody,
  TrialSignupBody,
} from '@veracity/contracts/auth';
import { isBusinessEmail } from '@veracity/contracts/auth';
import { SIGNUPS_UNAVAILABLE } from '@veracity/contracts/billing';
import { ERROR_KEYS, HTTP_STATUS } from '@veracity/contracts/errors';
import { hashPassword, verifyPassword } from '../../accounts/secrets.js';
import { type AuthContext, DEMO_MESSAGE } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { mailBaseUrl } from '../../http/public-url.js';
import { addressKey } from '../../http/rate-limit.js';
import type { Services } from '../../services.js';
import { isUniqueViolation } from '../../storage/oltp/oltp-database.js';
import { audit } from '../account/audit.js';
import { acceptInvitation } from '../account/invitations.service.js';
import { ipInList, normaliseIp } from '../account/ip-lists.js';
import { addToIpList, readIpList } from '../account/ip-lists.repo.js';
import { setMembershipJoined } from '../account/memberships.repo.js';
import {
  adminsOf,
  belongsOnlyToDemoAccounts,
  findRelationship,
  relationshipsOfUser,
} from '../account/relationships.repo.js';
import { addMember, adminRoleId, createRelationship } from '../account/relationships.service.js';
import { newLoginIpMail, passwordResetMail, verificationMail } from '../email/templates.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  normaliseEmail,
  updateUser,
} from '../users/users.repo.js';
import { loginDelayMs } from './auth-limits.js';
import {
  consumeOneTimeToken,
  endUserTokens,
  issueOneTimeToken,
  pendingTokenPayloads,
} from './one-time-tokens.repo.js';
import { createSession, revokeSession, revokeUserSessions } from './sessions.repo.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The address the request came to, when its Host names the connection's own (http/public-url.ts). */
  connection?: string | null;
}

const INVALID_TOKEN = 'Your token is invalid or has expired';

/**
 * The links that open an account without its password: a verification link logs in too. A password
 * reset or change ends all of them, so a link read from an old mail or a log no longer works.
 */
const ACCOUNT_OPENING_LINKS = ['password_reset', 'email_verify'] as const;

/** POST /auth/login: credentials to an unbound session token (the user picks an account next). */
export async function login(services: Services, body: LoginBody, client: ClientInfo): Promise<string> {
  const { db, rateLimiter } = services;
  const account = normaliseEmail(body.email);
  const address = addressKey(client.ip);
  const pair = `${account} ${address}`;
  // Counted as they start (parallel guesses count too); a success gives its attempt back below.
  await rateLimiter.hit(['loginPerAddress', address], ['loginPerAccountAddress', pair]);
  // Account-wide, failures from anywhere slow every answer down but never refuse: no lock-out.
  const delay = loginDelayMs(
    await rateLimiter.count('loginFailuresPerAccount', account),
    rateLimiter.rules.loginFailuresPerAccount.limit,
  );
  if (delay > 0) await sleep(delay);
  const user = await findUserByEmail(db, body.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !passwordOk) {
    await rateLimiter.record('loginFailuresPerAccount', account);
    throw ApiError.unauthorized('E-Mail or password not valid');
  }
  await Promise.all([
    rateLimiter.giveBack('loginPerAddress', address),
    rateLimiter.giveBack('loginPerAccountAddress', pair),
  ]);
  if (!user.active) throw userInactive();
  if (!user.emailVerified) {
    throw new ApiError(HTTP_STATUS.EMAIL_VERIFICATION_PENDING, 'Please verify your email first');
  }
  // Logging in from an invitation link accepts it (it may be the person's first account).
  if (body.invitation) await acceptInvitation(db, user, body.invitation);
  if (!user.isSupport) {
    const relationships = await relationshipsOfUser(db, user.id);
    if (relationships.length === 0) throw ApiError.forbidden(ERROR_KEYS.NO_ACCOUNT);
    // An account closed for a failed payment still lets its users in, at user level only: the account
    // list carries its payment link, which the dashboard stores before showing /account-inactive
    // (spec 01 §4). Every account-level call stays refused to it (http/access.ts).
    const reachable = relationships.some((relationship) => relationship.active || relationship.paymentUrl);
    if (!reachable) throw ApiError.forbidden(ERROR_KEYS.NO_ACTIVE_ACCOUNT);
  }
  await updateUser(db, user.id, { last_login_at: new Date().toISOString() });
  return createSession(db, {
    userId: user.id,
    relationshipId: null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/** POST /auth/logout: ends this session only; the person's other devices stay signed in. */
export async function logout(services: Services, auth: AuthContext): Promise<void> {
  await revokeSession(services.db, auth.session.token_hash);
}

/**
 * POST /auth/logout-everywhere: ends every session of the person, this one included. Refused (418) to
 * the demo login, shared by every visitor of the demo: one of them would log out all the others.
 */
export async function logoutEverywhere(services: Services, auth: AuthContext): Promise<void> {
  const accounts = auth.relationship
    ? [auth.relationship]
    : await relationshipsOfUser(services.db, auth.user.id);
  if (accounts.length > 0 && accounts.every((account) => account.planType === 'demo')) {
    throw new ApiError(HTTP_STATUS.DEMO_ACCOUNT, DEMO_MESSAGE);
  }
  await revokeUserSessions(services.db, auth.user.id);
}

/** Sign-up checks shared by trial sign-up and plan sign-up validation. */
async function checkSignup(services: Services, email: string): Promise<void> {
  // BILLING_SIGNUPS=closed closes every sign-up, the trial's too (docs/billing.md).
  if (!services.config.billing.signupsOpen) {
    throw new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, SIGNUPS_UNAVAILABLE);
  }
  if (!isBusinessEmail(email)) {
    throw ApiError.badRequest([{ code: 'BUSINESS_EMAIL_REQUIRED', field: 'email' }]);
  }
  if (await findUserByEmail(services.db, email)) {
    throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  }
}

export async function validateSignup(services: Services, body: PlanSignupBody): Promise<void> {
  await checkSignup(services, body.email);
}

/**
 * POST /auth/trial-signup: a free_trial relationship (14 days), its admin, and the verification mail.
 * Answers the login token; the account opens once the email is verified.
 */
export async function trialSignup(
  services: Services,
  body: TrialSignupBody,
  client: ClientInfo,
): Promise<string> {
  const { db } = services;
  await checkSignup(services, body.email);
  const passwordHash = await hashPassword(body.password);
  let userId: number;
  try {
    userId = await db.transaction().execute(async (trx) => {
      const relationshipId = await createRelationship(trx, {
        companyName: body.companyName,
        planType: 'free_trial',
        timezone: body.timezone ?? 'UTC',
      });
      const id = await insertUser(trx, {
        email: body.email,
        firstName: body.firstName,
        jobTitle: body.jobTitle,
        passwordHash,
        emailVerified: false,
        timezone: body.timezone ?? 'UTC',
      });
      await addMember(trx, { userId: id, relationshipId, roleIds: [await adminRoleId(trx)], joined: true });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
    throw error;
  }
  await sendVerification(services, userId, client);
  return createSession(db, { userId, relationshipId: null, ip: client.ip, userAgent: client.userAgent });
}

async function sendVerification(services: Services, userId: number, client: ClientInfo): Promise<void> {
  const user = await findUserById(services.db, userId);
  if (!user) return;
  const hash = await issueOneTimeToken(services.db, 'email_verify', { userId, email: user.email });
  const url = `${mailBaseUrl(services.config, client.connection)}/email-verification?${new URLSearchParams({ email: user.email, hash })}`;
  await services.mailer.send(verificationMail(user.email, user.firstName, url));
}

/** POST /auth/email/verify: marks the address verified and logs the user in. */
export async function verifyEmail(
  services: Services,
  email: string,
  hash: string,
  client: ClientInfo,
): Promise<string> {
  const token = await consumeOneTimeToken(services.db, 'email_verify', hash, email);
  if (!token?.userId) throw ApiError.badRequest('The verification link is invalid or has expired');
  await requireActiveUser(services, token.userId);
  await updateUser(services.db, token.userId, { email_verified_at: new Date().toISOString() });
  return createSession(services.db, { userId: token.userId, relationshipId: null, ...clientSession(client) });
}

function userInactive(): ApiError {
  return ApiError.badRequest([{ code: 'USER_INACTIVE', field: 'email' }]);
}

/**
 * A link mailed while the user was active (reset, verification, invitation) opens nothing once the
 * user is deactivated: the link is spent, and the answer is the login's USER_INACTIVE.
 */
async function requireActiveUser(services: Services, userId: number): Promise<void> {
  const user = await findUserById(services.db, userId);
  if (!user?.active) throw userInactive();
}

function clientSession(client: ClientInfo) {
  return { ip: client.ip, userAgent: client.userAgent };
}

/** POST /auth/password/forgot: always answers the same; mails a reset link when the account exists. */
export async function forgotPassword(services: Services, email: string, client: ClientInfo): Promise<void> {
  const { rateLimiter } = services;
  const account = normaliseEmail(email);
  const user = await findUserByEmail(services.db, email);
  if (!user?.active) return;
  // The shared demo login's password is published and is no one's to reset.
  if (await belongsOnlyToDemoAccounts(services.db, user.id)) return;
  // Past the account-wide count the answer stays the same and no mail goes out: the newest link
  // mailed still works, and no one can flood the owner's mailbox or keep ending the owner's link.
  const mails = await rateLimiter.record('resetMailsPerAccount', account);
  if (mails > rateLimiter.rules.resetMailsPerAccount.limit) return;
  // Only the newest link works: asking again ends the links mailed before.
  await endUserTokens(services.db, user.id, ['password_reset']);
  const hash = await issueOneTimeToken(services.db, 'password_reset', { userId: user.id, email: user.email });
  const url = `${mailBaseUrl(services.config, client.connection)}/auth/reset-password?${new URLSearchParams({ email: user.email, hash })}`;
  await services.mailer.send(passwordResetMail(user.email, user.firstName, url));
}

/**
 * POST /auth/password/reset: sets the password, ends every session and every other reset or
 * verification link of the user, logs in anew.
 */
export async function resetPassword(
  services: Services,
  body: ResetPasswordBody,
  client: ClientInfo,
): Promise<string> {
  const token = await consumeOneTimeToken(services.db, 'password_reset', body.hash, body.email);
  if (!token?.userId) throw ApiError.badRequest('The reset link is invalid or has expired');
  await requireActiveUser(services, token.userId);
  const passwordHash = await hashPassword(body.newPassword);
  // Following a link from the mailbox also proves the address.
  await updateUser(services.db, token.userId, {
    password_hash: passwordHash,
    email_verified_at: new Date().toISOString(),
  });
  await endUserTokens(services.db, token.userId, ACCOUNT_OPENING_LINKS);
  await revokeUserSessions(services.db, token.userId);
  return createSession(services.db, { userId: token.userId, relationshipId: null, ...clientSession(client) });
}

/**
 * POST /auth/password/change: checks the current password; other sessions and every outstanding reset
 * or verification link end; a new token replaces this one.
 */
export async function changePassword(
  services: Services,
  auth: AuthContext,
  body: ChangePasswordBody,
  client: ClientInfo,
): Promise<string> {
  if (!(await verifyPassword(auth.user.passwordHash, body.currentPassword))) {
    throw ApiError.badRequest([{ code: 'CURRENT_PASSWORD_NOT_MATCH', field: 'currentPassword' }]);
  }
  await updateUser(services.db, auth.user.id, { password_hash: await hashPassword(body.newPassword) });
  await endUserTokens(services.db, auth.user.id, ACCOUNT_OPENING_LINKS);
  await revokeUserSessions(services.db, auth.user.id);
  return createSession(services.db, {
    userId: auth.user.id,
    relationshipId: auth.session.relationship_id,
    ...clientSession(client),
  });
}

/** POST /auth/preregister: an invited person sets name and password and joins the account. */
export async function preregister(services: Services, body: PreregisterBody): Promise<void> {
  const token = await consumeOneTimeToken(services.db, 'invitation', body.token);
  if (!token?.userId || !token.relationshipId) throw ApiError.unauthorized(INVALID_TOKEN);
  const { userId, relationshipId } = token;
  await requireActiveUser(services, userId);
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(body.password);
  await services.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, {
      first_name: body.name,
      password_hash: passwordHash,
      email_verified_at: now,
      invited: 1,
    });
    // The invitation was withdrawn (roles revoked) after it was sent.
    if (!(await setMembershipJoined(trx, userId, relationshipId, now))) {
      throw ApiError.unauthorized(INVALID_TOKEN);
    }
    await audit(trx, {
      actorUserId: userId,
      relationshipId,
      action: 'user.invitation_accepted',
      detail: { userId, email: token.email ?? null },
    });
  });
  // The invitation set the password: links mailed before no longer open the account.
  await endUserTokens(services.db, userId, ACCOUNT_OPENING_LINKS);
}

/**
 * GET /auth/account/{id}: a token bound to one relationship. With the login IP allow-list on and the
 * caller's IP not on it, answers VALIDATION_REQUIRED and mails the admins a one-click approval link.
 */
export async function accountToken(
  services: Services,
  auth: AuthContext,
  relationshipId: number,
  client: ClientInfo,
): Promise<AccountTokenResponse> {
  const { db } = services;
  if (auth.ghost && auth.session.relationship_id !== relationshipId) {
    throw ApiError.forbidden('A support session is bound to one account');
  }
  const relationship = await findRelationship(db, relationshipId);
  const member =
    auth.ghost || (await relationshipsOfUser(db, auth.user.id)).some((r) => r.id === relationshipId);
  if (!relationship || !member) throw ApiError.forbidden(ERROR_KEYS.NO_ACCOUNT);
  if (!relationship.active) throw ApiError.forbidden(ERROR_KEYS.NO_ACTIVE_ACCOUNT);

  if (relationship.loginIpCheck && !auth.ghost) {
    const allowed = await readIpList(db, relationshipId, 'login_allow');
    if (
      !ipInList(
        client.ip,
        allowed.map((entry) => entry.value),
      )
    ) {
      await requestIpApproval(
        services,
        relationship.id,
        relationship.companyName,
        auth,
        normaliseIp(client.ip),
        mailBaseUrl(services.config, client.connection),
      );
      return { status: 'VALIDATION_REQUIRED' };
    }
  }
  const token = await createSession(db, {
    userId: auth.user.id,
    relationshipId,
    ...(auth.ghost && auth.session.support_user_id
      ? { ghost: { role: auth.session.ghost_role ?? 'Support', supportUserId: auth.session.support_user_id } }
      : {}),
    ...clientSession(client),
  });
  await revokeSession(db, auth.session.token_hash);
  return { status: 'OK', token: { hash: token } };
}

async function requestIpApproval(
  services: Services,
  relationshipId: number,
  companyName: string,
  auth: AuthContext,
  ip: string,
  linkBase: string,
): Promise<void> {
  const { db } = services;
  const pending = await pendingTokenPayloads(db, 'login_ip', relationshipId);
  if (pending.some((payload) => payload.ip === ip)) return;
  const adminEmails = (await adminsOf(db, relationshipId)).map((admin) => admin.email);
  for (const email of adminEmails) {
    const token = await issueOneTimeToken(db, 'login_ip', {
      relationshipId,
      userId: auth.user.id,
      email,
      payload: { ip },
    });
    const approveUrl = `${linkBase}/api/auth/login-ip/approve?${new URLSearchParams({ token })}`;
    await services.mailer.send(
      newLoginIpMail(email, { companyName, userEmail: auth.user.email, ip, approveUrl }),
    );
  }
}

/** GET /auth/login-ip/approve: the admin's one-click link adds the IP to the account's allow-list. */
export async function approveLoginIp(services: Services, token: string): Promise<boolean> {
  const consumed = await consumeOneTimeToken(services.db, 'login_ip', token);
  const ip = consumed?.payload.ip;
  if (!consumed?.relationshipId || typeof ip !== 'string') return false;
  const relationshipId = consumed.relationshipId;
  await services.db.transaction().execute(async (trx) => {
    await addToIpList(trx, relationshipId, 'login_allow', ip, `Approved by ${consumed.email ?? 'an admin'}`);
    await audit(trx, {
      actorUserId: null,
      relationshipId,
      action: 'login_ip.approved',
      detail: { ip, approvedBy: consumed.email },
    });
  });
  return true;
}
