import type { DomainList, ForeignDomainAction, SavedDomain } from '@veracity/contracts/domain-security';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';

/** The account's domains of a list, oldest first. */
export async function readDomainList(
  db: Kysely<Database>,
  relationshipId: number,
  list: DomainList,
): Promise<SavedDomain[]> {
  const rows = await db
    .selectFrom('domain_entries')
    .select(['value', 'created_at'])
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ value: row.value, createdAt: row.created_at }));
}

/** Both lists of the account at once (what ingestion needs), as plain values. */
export async function readDomainValues(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Record<DomainList, string[]>> {
  const rows = await db
    .selectFrom('domain_entries')
    .select(['list', 'value'])
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return {
    excluded_referrer: rows.filter((row) => row.list === 'excluded_referrer').map((row) => row.value),
    sensor: rows.filter((row) => row.list === 'sensor').map((row) => row.value),
  };
}

/**
 * Replaces a list with the given normalised domains (each once); entries already present keep their
 * creation time. Runs in the caller's transaction, which also holds the change's audit entry.
 */
export async function replaceDomainList(
  trx: Transaction<Database>,
  relationshipId: number,
  list: DomainList,
  values: readonly string[],
): Promise<void> {
  const existing = await readDomainList(trx, relationshipId, list);
  const created = new Map(existing.map((entry) => [entry.value, entry.createdAt]));
  await trx
    .deleteFrom('domain_entries')
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .execute();
  const unique = [...new Set(values)];
  if (unique.length === 0) return;
  const now = new Date().toISOString();
  await trx
    .insertInto('domain_entries')
    .values(
      unique.map((value) => ({
        relationship_id: relationshipId,
        list,
        value,
        created_at: created.get(value) ?? now,
      })),
    )
    .execute();
}

export async function readForeignDomainAction(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<ForeignDomainAction> {
  const row = await db
    .selectFrom('domain_security_settings')
    .select('foreign_domain_action')
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row?.foreign_domain_action ?? 'flag';
}

export async function writeForeignDomainAction(
  trx: Transaction<Database>,
  relationshipId: number,
  action: ForeignDomainAction,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await trx
    .insertInto('domain_security_settings')
    .values({ relationship_id: relationshipId, foreign_domain_action: action, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict
        .column('relationship_id')
        .doUpdateSet({ foreign_domain_action: action, updated_at: updatedAt }),
    )
    .execute();
}
