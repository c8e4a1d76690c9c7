import type { AccountUser } from '@veracity/contracts/account';
import { INVITATION_QUERY_PARAM } from '@veracity/contracts/auth';
import { ADMIN_PERMISSION } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { mailBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
import { issueOneTimeToken } from '../auth/one-time-tokens.repo.js';
import { invitationMail, membershipInvitationMail } from '../email/templates.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import { audit } from './audit.js';
import { hasMembership, revokeMembershipRoles } from './memberships.repo.js';
import { adminsOf, memberRolesOf, membersOf, type RelationshipRecord } from './relationships.repo.js';
import { addMember, grantRoles } from './relationships.service.js';
import { rolesOf } from './roles.repo.js';

/**
 * GET /account/users: the members of the account with their roles and status. A demo account is a
 * public showcase: it lists only its demo members, never a person who also belongs to a real account
 * (the instance admin is a member of the demo account).
 */
export async function listAccountUsers(
  db: Kysely<Database>,
  relationship: Pick<RelationshipRecord, 'id' | 'planType'>,
): Promise<AccountUser[]> {
  const members = await membersOf(db, relationship.id, { demoMembersOnly: relationship.planType === 'demo' });
  const roleRows = await memberRolesOf(db, relationship.id);
  return members.map((member) => {
    // Until an invitation is accepted, the person's own data (name, last login, whether the login is
    // active) is not the account's to see: a pending member reads the same whether the address had a
    // Veracity login or not.
    const pending = member.joined_at === null;
    return {
      id: member.id,
      email: member.email,
      firstName: pending ? '' : member.first_name,
      status: pending ? 'pending' : member.active !== 1 ? 'inactive' : 'active',
      roles: roleRows
        .filter((row) => row.user_id === member.id)
        .map((row) => ({ id: row.id, name: row.name })),
      lastLoginAt: pending ? null : member.last_login_at,
      invitedAt: member.invited_at,
    };
  });
}

async function assertGrantable(db: Kysely<Database>, relationshipId: number, roleIds: readonly number[]) {
  const grantable = new Set((await rolesOf(db, relationshipId)).map((role) => role.id));
  const unknown = roleIds.find((id) => !grantable.has(id));
  if (unknown !== undefined) throw ApiError.fields([{ code: 'NOT_VALID', field: 'roleIds', value: unknown }]);
}

async function memberOrThrow(
  services: Services,
  relationship: RelationshipRecord,
  userId: number,
): Promise<AccountUser> {
  const member = (await listAccountUsers(services.db, relationship)).find((user) => user.id === userId);
  if (!member) throw ApiError.notFound('No such user in this account');
  return member;
}

/**
 * POST /account/invite: a pending membership and an invitation link (7 days, once). A new address sets
 * name and password (preregister); a person who already has a Veracity login accepts by logging in
 * (`/auth/login?invitation=`), and is no member before. The answer is the same for both.
 */
export async function inviteUser(
  services: Services,
  auth: AccountAuthContext,
  email: string,
  roleIds: number[],
  /** The address the request came to, when its Host names the connection's own (http/public-url.ts). */
  connection?: string | null,
): Promise<AccountUser> {
  const { db, config, mailer } = services;
  const linkBase = mailBaseUrl(config, connection);
  const relationshipId = auth.relationship.id;
  await assertGrantable(db, relationshipId, roleIds);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (await hasMembership(db, existing.id, relationshipId))
      throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  }
  const userId = await db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (await insertUser(trx, {
        email,
        firstName: '',
        passwordHash: null,
        emailVerified: false,
        invited: true,
      }));
    await addMember(trx, { userId: id, relationshipId, roleIds, joined: false, invitedBy: auth.user.id });
    await audit(trx, {
      actorUserId: auth.user.id,
      relationshipId,
      action: 'user.invited',
      detail: { userId: id, email: email.trim().toLowerCase(), roleIds: roleIds.join(',') },
    });
    return id;
  });
  const inviter = auth.user.firstName || auth.user.email;
  if (existing) {
    const token = await issueOneTimeToken(db, 'membership_invitation', {
      userId,
      relationshipId,
      email: existing.email,
    });
    const url = `${linkBase}/auth/login?${new URLSearchParams({ [INVITATION_QUERY_PARAM]: token })}`;
    await mailer.send(membershipInvitationMail(existing.email, auth.relationship.companyName, inviter, url));
  } else {
    const token = await issueOneTimeToken(db, 'invitation', { userId, relationshipId, email });
    const url = `${linkBase}/auth/preregister?${new URLSearchParams({ token })}`;
    await mailer.send(
      invitationMail(email.trim().toLowerCase(), auth.relationship.companyName, inviter, url),
    );
  }
  return memberOrThrow(services, auth.relationship, userId);
}

/** PUT /account/users/{id}: adds roles to a member. */
export async function grantUserRoles(
  services: Services,
  auth: AccountAuthContext,
  userId: number,
  roleIds: number[],
): Promise<AccountUser> {
  const relationshipId = auth.relationship.id;
  const member = await memberOrThrow(services, auth.relationship, userId);
  await assertGrantable(services.db, relationshipId, roleIds);
  await services.db.transaction().execute(async (trx) => {
    await grantRoles(trx, userId, relationshipId, roleIds);
    await audit(trx, {
      actorUserId: auth.user.id,
      relationshipId,
      action: 'user.roles_granted',
      detail: { userId, email: member.email, roleIds: roleIds.join(',') },
    });
  });
  return memberOrThrow(services, auth.relationship, userId);
}

/**
 * DELETE /account/users/{id}: revokes the given roles, or all of them. A member left without roles
 * leaves the account: the membership and the sessions bound to it end. The last admin stays.
 */
export async function revokeUserRoles(
  services: Services,
  auth: AccountAuthContext,
  userId: number,
  roleIds: number[] | undefined,
): Promise<void> {
  const { db } = services;
  const relationshipId = auth.relationship.id;
  const member = await memberOrThrow(services, auth.relationship, userId);
  const revoking = new Set(roleIds ?? member.roles.map((role) => role.id));
  const admins = await adminsOf(db, relationshipId);
  if (admins.length === 1 && admins[0]?.id === userId) {
    const remaining = (await rolesOf(db, relationshipId)).filter(
      (role) => member.roles.some((held) => held.id === role.id) && !revoking.has(role.id),
    );
    if (!remaining.some((role) => role.permissions.includes(ADMIN_PERMISSION))) {
      throw ApiError.conflict('An account needs at least one admin');
    }
  }
  await db.transaction().execute(async (trx) => {
    const removed = await revokeMembershipRoles(trx, userId, relationshipId, [...revoking]);
    await audit(trx, {
      actorUserId: auth.user.id,
      relationshipId,
      action: 'user.roles_revoked',
      detail: { userId, email: member.email, roleIds: [...revoking].join(','), removed },
    });
  });
}
