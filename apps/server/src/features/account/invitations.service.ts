import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { Kysely } from 'kysely';
import { DEMO_MESSAGE } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { consumeOneTimeToken } from '../auth/one-time-tokens.repo.js';
import type { UserRecord } from '../users/users.repo.js';
import { audit } from './audit.js';
import {
  belongsOnlyToDemoAccounts,
  findRelationship,
  joinPendingMembership,
  type RelationshipRecord,
} from './relationships.repo.js';

export const INVALID_INVITATION = 'Your invitation is invalid or has expired';

/**
 * A person who already has a login accepts an invitation (POST /me/invitations/accept, or logging in
 * from the invitation link): the pending membership becomes theirs. The token works once, for the
 * address it was mailed to only (another person's session neither uses nor spends it), and not after
 * the invitation was withdrawn.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  user: UserRecord,
  secret: string,
): Promise<RelationshipRecord> {
  // Joining a real account would free the shared demo login from its read-only rule.
  if (await belongsOnlyToDemoAccounts(db, user.id)) {
    throw new ApiError(HTTP_STATUS.DEMO_ACCOUNT, DEMO_MESSAGE);
  }
  const relationship = await db.transaction().execute(async (trx) => {
    const token = await consumeOneTimeToken(trx, 'membership_invitation', secret, user.email);
    if (token?.userId !== user.id || !token.relationshipId) return undefined;
    // Withdrawn (its roles revoked) after it was sent: nothing to join.
    if (!(await joinPendingMembership(trx, user.id, token.relationshipId))) return undefined;
    await audit(trx, {
      actorUserId: user.id,
      relationshipId: token.relationshipId,
      action: 'user.invitation_accepted',
      detail: { userId: user.id, email: user.email },
    });
    return findRelationship(trx, token.relationshipId);
  });
  if (!relationship) throw ApiError.badRequest(INVALID_INVITATION);
  return relationship;
}
