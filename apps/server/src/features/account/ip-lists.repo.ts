import type { Kysely, Transaction } from 'kysely';
import type { Database, IpListName } from '../../storage/oltp/schema.js';

export interface IpListEntry {
  value: string;
  note: string | null;
  createdAt: string;
}

export async function readIpList(
  db: Kysely<Database>,
  relationshipId: number,
  list: IpListName,
): Promise<IpListEntry[]> {
  const rows = await db
    .selectFrom('ip_list_entries')
    .select(['value', 'note', 'created_at'])
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ value: row.value, note: row.note, createdAt: row.created_at }));
}

/**
 * Replaces a list; entries already present keep their creation time. Runs in the caller's transaction,
 * which also holds the change's audit entry.
 */
export async function replaceIpList(
  trx: Transaction<Database>,
  relationshipId: number,
  list: IpListName,
  entries: readonly { value: string; note?: string | null | undefined }[],
): Promise<IpListEntry[]> {
  const unique = new Map(entries.map((entry) => [entry.value.trim(), entry.note ?? null]));
  const existing = await readIpList(trx, relationshipId, list);
  const created = new Map(existing.map((entry) => [entry.value, entry.createdAt]));
  await trx
    .deleteFrom('ip_list_entries')
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .execute();
  if (unique.size > 0) {
    const now = new Date().toISOString();
    await trx
      .insertInto('ip_list_entries')
      .values(
        [...unique].map(([value, note]) => ({
          relationship_id: relationshipId,
          list,
          value,
          note,
          created_at: created.get(value) ?? now,
        })),
      )
      .execute();
  }
  return readIpList(trx, relationshipId, list);
}

export async function addToIpList(
  db: Kysely<Database>,
  relationshipId: number,
  list: IpListName,
  value: string,
  note: string,
): Promise<void> {
  await db
    .insertInto('ip_list_entries')
    .values({ relationship_id: relationshipId, list, value, note, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'list', 'value']).doNothing())
    .execute();
}
