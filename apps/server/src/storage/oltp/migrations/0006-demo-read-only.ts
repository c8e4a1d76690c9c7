import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

interface Tables {
  relationships: { id: number; plan_type: string };
  memberships: { user_id: number; relationship_id: number; joined_at: string | null };
  membership_roles: { user_id: number; relationship_id: number; role_id: number };
  roles: { id: number; relationship_id: number | null; name: string };
}

/** The read-only built-in role of demo users (features/account/roles.ts, DEMO_USER_ROLE). */
const DEMO_USER_ROLE = 'Viewer';

/**
 * Issue 31: the first start gave the public demo user the Admin role. Every demo user (a person whose
 * accounts are all demo accounts) now holds only the read-only role in each of them. People who also
 * belong to a real account (the instance admin) keep their roles: a demo account refuses their
 * changes anyway (418).
 */
export const demoReadOnly: Migration = {
  name: '0006-demo-read-only',
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<Tables>;
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('relationship_id', 'is', null)
      .where('name', '=', DEMO_USER_ROLE)
      .executeTakeFirst();
    // A database whose built-in roles were never created has no members yet either.
    if (!role) return;
    const memberships = await db
      .selectFrom('memberships')
      .innerJoin('relationships', 'relationships.id', 'memberships.relationship_id')
      .select(['memberships.user_id', 'memberships.relationship_id', 'relationships.plan_type'])
      .execute();
    const realMembers = new Set(memberships.filter((m) => m.plan_type !== 'demo').map((m) => m.user_id));
    for (const membership of memberships) {
      if (membership.plan_type !== 'demo' || realMembers.has(membership.user_id)) continue;
      const where = {
        user_id: membership.user_id,
        relationship_id: membership.relationship_id,
      };
      await db
        .deleteFrom('membership_roles')
        .where('user_id', '=', where.user_id)
        .where('relationship_id', '=', where.relationship_id)
        .execute();
      await db
        .insertInto('membership_roles')
        .values({ ...where, role_id: role.id })
        .execute();
    }
  },
};
