import { HTTP_STATUS } from '@veracity/contracts/errors';
import { isViewVisible, PERMISSION_KEYS, type PermissionKey } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  belongsOnlyToDemoAccounts,
  findRelationship,
  permissionsOf,
  type RelationshipRecord,
  warnUnusableTimeZone,
} from '../features/account/relationships.repo.js';
import { findLiveSession, type StoredSession } from '../features/auth/sessions.repo.js';
import { findUserById, type UserRecord } from '../features/users/users.repo.js';
import type { Database } from '../storage/oltp/schema.js';
import { ApiError } from './api-error.js';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without it stops the
 * server at startup, so no route is ever open by accident.
 * - public: anyone (rate limits apply where it matters); nothing that reveals mail or secrets;
 * - user: a signed-in person, before or after choosing an account;
 * - account: a signed-in person acting in one relationship (the token is bound to it), optionally
 *   needing a view of the plan, a permission, and refusing support sessions (noGhost);
 * - support: the instance admin (the support user the first start creates), outside a support
 *   session: the support console and the outbox.
 *
 * Demo (spec 01 §6, "all changes refused (418)"): for `user` and `account` routes every method but GET
 * is a write unless the route declares `write: false` (logout, analytics queries sent as POST), so a
 * new route is refused to the demo by default. A write is refused on a demo account, and to a demo
 * user (one whose accounts are all demo accounts) anywhere, password and profile included.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; allowUnverified?: boolean; noGhost?: boolean; write?: boolean }
  | {
      kind: 'account';
      view?: ViewId;
      /** The permission the route needs; a list means any one of them (the service checks the rest). */
      permission?: PermissionKey | readonly PermissionKey[];
      write?: boolean;
      noGhost?: boolean;
    }
  | { kind: 'support' };

export interface AuthContext {
  session: StoredSession;
  user: UserRecord;
  /** Set when the token is bound to a relationship. */
  relationship: RelationshipRecord | null;
  permissions: ReadonlySet<PermissionKey>;
  ghost: boolean;
  /** A demo user: every account the person has joined is a demo account (the public demo login). */
  demoUser: boolean;
}

/** An account-bound context: what `account` routes receive. */
export interface AccountAuthContext extends AuthContext {
  relationship: RelationshipRecord;
}

/** A route of the API with its rule, as registered (the access matrix test reads these). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const DEMO_MESSAGE = 'This action is disabled for the demo account';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1];
}

/** Resolves the caller from the bearer token; null when there is none or it is not live. */
export async function resolveAuth(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<AuthContext | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const session = await findLiveSession(db, token);
  if (!session) return null;
  const user = await findUserById(db, session.user_id);
  if (!user?.active) return null;
  const relationship = session.relationship_id
    ? ((await findRelationship(db, session.relationship_id)) ?? null)
    : null;
  if (relationship) warnUnusableTimeZone(relationship, request.log);
  const ghost = session.ghost === 1;
  // A support session acts with every permission of the ghost role, in that one relationship.
  const permissions = !relationship
    ? new Set<PermissionKey>()
    : ghost
      ? new Set<PermissionKey>(PERMISSION_KEYS)
      : await permissionsOf(db, user.id, relationship.id);
  // Bound to an account that is not a demo, the person belongs to one: no need to ask.
  const demoUser =
    !ghost && (relationship === null || relationship.planType === 'demo')
      ? await belongsOnlyToDemoAccounts(db, user.id)
      : false;
  return { session, user, relationship, permissions, ghost, demoUser };
}

/** Whether a route changes something: any method but GET and HEAD, unless it declares `write: false`. */
export function isWrite(access: Access, method: string): boolean {
  if (access.kind !== 'user' && access.kind !== 'account') return false;
  return access.write ?? !(method === 'GET' || method === 'HEAD');
}

/** The checks of one access rule, in the order a person can act on: who, verified, where, what. */
export function checkAccess(access: Access, auth: AuthContext | null, write = false): void {
  if (access.kind === 'public') return;
  if (!auth) throw ApiError.unauthorized('Your session has expired. Please log in again.');
  if (access.kind === 'support') {
    if (!auth.user.isSupport || auth.ghost) throw ApiError.forbidden('Support staff only');
    return;
  }
  const allowUnverified = access.kind === 'user' && access.allowUnverified === true;
  if (!auth.user.emailVerified && !allowUnverified) {
    throw new ApiError(HTTP_STATUS.EMAIL_VERIFICATION_PENDING, 'Please verify your email first');
  }
  if (access.noGhost && auth.ghost) throw ApiError.forbidden('Not available in a support session');
  if (write && auth.demoUser) throw new ApiError(HTTP_STATUS.DEMO_ACCOUNT, DEMO_MESSAGE);
  if (access.kind === 'user') return;

  const relationship = auth.relationship;
  if (!relationship) throw ApiError.forbidden('Select an account first');
  if (!relationship.active) throw ApiError.forbidden('NO_ACTIVE_ACCOUNT');
  if (access.view && !isViewVisible(access.view, relationship.planType, relationship.accountFeatures)) {
    throw ApiError.forbidden('This feature is not available on your plan');
  }
  if (write && relationship.planType === 'demo') throw new ApiError(HTTP_STATUS.DEMO_ACCOUNT, DEMO_MESSAGE);
  if (access.permission && !holdsAny(auth, access.permission)) {
    throw ApiError.forbidden('You do not have permission to do this');
  }
}

function holdsAny(auth: AuthContext, needed: PermissionKey | readonly PermissionKey[]): boolean {
  const anyOf: readonly PermissionKey[] = typeof needed === 'string' ? [needed] : needed;
  return anyOf.some((permission) => auth.permissions.has(permission));
}

/** The context of an account route, after checkAccess passed. */
export function accountOf(request: FastifyRequest): AccountAuthContext {
  const auth = request.auth;
  if (!auth?.relationship) throw ApiError.forbidden('Select an account first');
  return { ...auth, relationship: auth.relationship };
}

export function userOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw ApiError.unauthorized();
  return request.auth;
}

/**
 * Installs access control on an encapsulated API scope: startup fails for a route without a rule, and
 * every request is checked before its body is read.
 */
export function installAccessControl(api: FastifyInstance, db: Kysely<Database>, registry: ApiRoute[]): void {
  api.decorateRequest('auth', null);
  api.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registry.push({ method, url: route.url, access });
    }
  });
  api.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return; // 404s of the scope reach here without a route
    if (access.kind === 'public') return;
    request.auth = await resolveAuth(db, request);
    checkAccess(access, request.auth, isWrite(access, request.method));
  });
}
