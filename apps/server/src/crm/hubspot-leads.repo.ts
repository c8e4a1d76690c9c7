import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, HubspotLeadsTable } from '../storage/oltp/schema.js';

/** The HubSpot leads' rows (migration 0013): conversions waiting for their contact, and the flagged. */
export type HubspotLeadRow = Selectable<HubspotLeadsTable>;

/** Keeps the first row of a conversion: a conversion sent again is not a second lead. */
export async function insertLead(db: Kysely<Database>, row: Insertable<HubspotLeadsTable>): Promise<void> {
  await db
    .insertInto('hubspot_leads')
    .values(row)
    .onConflict((conflict) => conflict.columns(['relationship_id', 'conversion_id']).doNothing())
    .execute();
}

/** Pending leads whose next try is due, oldest first. */
export async function dueLeads(db: Kysely<Database>, now: string, limit: number): Promise<HubspotLeadRow[]> {
  return db
    .selectFrom('hubspot_leads')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_try_at', '<=', now)
    .orderBy('next_try_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markFlagged(
  db: Kysely<Database>,
  id: number,
  input: { contactId: string; matchedBy: 'hubspotutk' | 'email'; at: string },
): Promise<void> {
  await db
    .updateTable('hubspot_leads')
    .set({
      status: 'flagged',
      contact_id: input.contactId,
      matched_by: input.matchedBy,
      flagged_at: input.at,
      email_sealed: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function markRetry(
  db: Kysely<Database>,
  id: number,
  input: { attempts: number; nextTryAt: string },
): Promise<void> {
  await db
    .updateTable('hubspot_leads')
    .set({ attempts: input.attempts, next_try_at: input.nextTryAt })
    .where('id', '=', id)
    .execute();
}

export async function markExpired(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('hubspot_leads')
    .set({ status: 'expired', email_sealed: null })
    .where('id', '=', id)
    .execute();
}

/** The contacts flagged with a conversion in the range (ISO bounds, `to` exclusive), newest first. */
export async function flaggedLeads(
  db: Kysely<Database>,
  relationshipId: number,
  range: { from: string; to: string },
  limit: number,
): Promise<HubspotLeadRow[]> {
  return db
    .selectFrom('hubspot_leads')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('status', '=', 'flagged')
    .where('converted_at', '>=', range.from)
    .where('converted_at', '<', range.to)
    .orderBy('converted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPending(db: Kysely<Database>, relationshipId: number): Promise<number> {
  const row = await db
    .selectFrom('hubspot_leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('relationship_id', '=', relationshipId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A disconnected portal's leads still waiting: nobody can find them any more. */
export async function deletePendingLeads(db: Kysely<Database>, relationshipId: number): Promise<void> {
  await db
    .deleteFrom('hubspot_leads')
    .where('relationship_id', '=', relationshipId)
    .where('status', '=', 'pending')
    .execute();
}
