import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/** The never-exclude list: the `never_exclude` list of ip_list_entries, addressed by entry id. */
export interface NeverExcludeRow {
  id: number;
  value: string;
  note: string | null;
}

export async function listNeverExclude(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<NeverExcludeRow[]> {
  return db
    .selectFrom('ip_list_entries')
    .select(['id', 'value', 'note'])
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', 'never_exclude')
    .orderBy('id')
    .execute();
}

/** The account's own addresses from the access settings (login and traffic allow lists). */
export async function listAccessIps(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<NeverExcludeRow[]> {
  return db
    .selectFrom('ip_list_entries')
    .select(['id', 'value', 'note'])
    .where('relationship_id', '=', relationshipId)
    .where('list', 'in', ['login_allow', 'traffic_allow'])
    .orderBy('id')
    .execute();
}

/** Adds an entry; undefined when the value is already on the list. */
export async function insertNeverExclude(
  db: Kysely<Database>,
  relationshipId: number,
  value: string,
  note: string,
  at: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('ip_list_entries')
    .values({ relationship_id: relationshipId, list: 'never_exclude', value, note, created_at: at })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'list', 'value']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Deletes an entry of this account's list; the deleted row, or undefined when it is not one. */
export async function deleteNeverExclude(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<NeverExcludeRow | undefined> {
  const row = await db
    .selectFrom('ip_list_entries')
    .select(['id', 'value', 'note'])
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', 'never_exclude')
    .executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('ip_list_entries').where('id', '=', row.id).execute();
  return row;
}
