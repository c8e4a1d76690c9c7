import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MembershipsTable } from '../../storage/oltp/schema.js';

export async function insertMembership(
  db: Kysely<Database>,
  values: Insertable<MembershipsTable>,
): Promise<void> {
  await db.insertInto('memberships').values(values).execute();
}

/** Grants roles in a relationship; roles the member already holds are left as they are. */
export async function insertMembershipRoles(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
  roleIds: readonly number[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto('membership_roles')
    .values(roleIds.map((roleId) => ({ user_id: userId, relationship_id: relationshipId, role_id: roleId })))
    .onConflict((conflict) => conflict.columns(['user_id', 'relationship_id', 'role_id']).doNothing())
    .execute();
}

/** Whether the user is a member of the relationship, joined or invited. */
export async function hasMembership(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Revokes roles of a member; a member left without roles leaves the account: the membership and the
 * sessions bound to it end. Runs in the caller's transaction, which also holds the audit entry; true
 * when the member left.
 */
export async function revokeMembershipRoles(
  trx: Transaction<Database>,
  userId: number,
  relationshipId: number,
  roleIds: readonly number[],
): Promise<boolean> {
  if (roleIds.length > 0) {
    await trx
      .deleteFrom('membership_roles')
      .where('user_id', '=', userId)
      .where('relationship_id', '=', relationshipId)
      .where('role_id', 'in', roleIds)
      .execute();
  }
  const left = await trx
    .selectFrom('membership_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  if (!left) {
    await trx
      .deleteFrom('memberships')
      .where('user_id', '=', userId)
      .where('relationship_id', '=', relationshipId)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('relationship_id', '=', relationshipId)
      .execute();
  }
  return !left;
}

/** Marks the membership joined at `at`; false when there is none (the invitation was withdrawn). */
export async function setMembershipJoined(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set({ joined_at: at })
    .where('user_id', '=', userId)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
