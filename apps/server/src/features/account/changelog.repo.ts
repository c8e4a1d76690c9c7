import { type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/** The queries of the account changelog: one account's audit entries, and the people they name. */

export interface AuditLogRow {
  id: number;
  at: string;
  actor_user_id: number | null;
  action: string;
  detail: string;
  ip: string | null;
}

export interface AuditLogFilter {
  relationshipId: number;
  /** ISO instants, `from` included and `to` excluded. */
  fromAt?: string;
  toAt?: string;
  actorUserId?: number;
  /** Action prefixes (`label.`): an entry matches when its action starts with one of them. */
  actionPrefixes?: readonly string[];
  /** The last entry of the previous page: the page holds the entries before it. */
  before?: { at: string; id: number };
  limit: number;
}

/** The account's entries matching the filter, newest first (time, then id, descending). */
export async function listAuditLog(db: Kysely<Database>, filter: AuditLogFilter): Promise<AuditLogRow[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_user_id', 'action', 'detail', 'ip'])
    .where('relationship_id', '=', filter.relationshipId);
  if (filter.fromAt !== undefined) query = query.where('at', '>=', filter.fromAt);
  if (filter.toAt !== undefined) query = query.where('at', '<', filter.toAt);
  if (filter.actorUserId !== undefined) query = query.where('actor_user_id', '=', filter.actorUserId);
  const prefixes = filter.actionPrefixes;
  if (prefixes !== undefined) {
    // substr rather than LIKE: `_` in the action names is a LIKE wildcard.
    query = query.where((eb) =>
      eb.or(
        prefixes.map((prefix) =>
          eb(sql<string>`substr(${eb.ref('action')}, 1, ${sql.lit(prefix.length)})`, '=', prefix),
        ),
      ),
    );
  }
  const before = filter.before;
  if (before !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export interface PersonRow {
  id: number;
  first_name: string;
  email: string;
  is_support: number;
}

/** The members of an account (invited ones too), by name. */
export function listAccountPeople(db: Kysely<Database>, relationshipId: number): Promise<PersonRow[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.first_name', 'users.email', 'users.is_support'])
    .where('memberships.relationship_id', '=', relationshipId)
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}

/** Whether the given users are support staff, for the actors who are not members of the account. */
export async function supportUserIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('is_support', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}
