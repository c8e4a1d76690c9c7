import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  BillingAccountsTable,
  BillingSignupsTable,
  BillingUsageNoticesTable,
  Database,
} from '../../storage/oltp/schema.js';
import { type RelationshipRecord, toRelationshipRecord } from '../account/relationships.repo.js';

/**
 * The queries of billing (issue 37): accounts at the provider, pending sign-ups, handled events, and
 * the usage notices of each month.
 */
export type BillingAccountRow = Selectable<BillingAccountsTable>;
export type BillingSignupRow = Selectable<BillingSignupsTable>;

export function billingAccountOf(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<BillingAccountRow | undefined> {
  return db
    .selectFrom('billing_accounts')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
}

export function billingAccountByCustomer(
  db: Kysely<Database>,
  customerId: string,
): Promise<BillingAccountRow | undefined> {
  return db
    .selectFrom('billing_accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export function billingAccountByPaymentToken(
  db: Kysely<Database>,
  token: string,
): Promise<BillingAccountRow | undefined> {
  return db.selectFrom('billing_accounts').selectAll().where('payment_token', '=', token).executeTakeFirst();
}

export async function insertBillingAccount(
  db: Kysely<Database>,
  row: Insertable<BillingAccountsTable>,
): Promise<void> {
  await db.insertInto('billing_accounts').values(row).execute();
}

export async function updateBillingAccount(
  db: Kysely<Database>,
  relationshipId: number,
  changes: Updateable<BillingAccountsTable>,
): Promise<void> {
  await db
    .updateTable('billing_accounts')
    .set(changes)
    .where('relationship_id', '=', relationshipId)
    .execute();
}

export async function insertSignup(
  db: Kysely<Database>,
  row: Insertable<BillingSignupsTable>,
): Promise<void> {
  await db.insertInto('billing_signups').values(row).execute();
}

export function signupByCustomer(
  db: Kysely<Database>,
  customerId: string,
): Promise<BillingSignupRow | undefined> {
  return db
    .selectFrom('billing_signups')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Claims a pending sign-up for completion: false when another request completed it first. */
export async function claimSignup(
  db: Kysely<Database>,
  customerId: string,
  done: { relationshipId: number; userId: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('billing_signups')
    .set({ relationship_id: done.relationshipId, user_id: done.userId, completed_at: done.at })
    .where('customer_id', '=', customerId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function eventSeen(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_webhook_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordEvent(
  db: Kysely<Database>,
  event: { eventId: string; provider: string; eventType: string },
): Promise<void> {
  await db
    .insertInto('billing_webhook_events')
    .values({
      event_id: event.eventId,
      provider: event.provider,
      event_type: event.eventType,
      received_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .execute();
}

/** The active accounts on a plan of the catalogue: those whose visits are held against a plan. */
export async function activeCatalogueAccounts(db: Kysely<Database>): Promise<RelationshipRecord[]> {
  const rows = await db
    .selectFrom('relationships')
    .selectAll()
    .where('active', '=', 1)
    .where('plan_type', 'in', ['free_trial', 'lite', 'pro', 'max'])
    .orderBy('id')
    .execute();
  return rows.map(toRelationshipRecord);
}

export type UsageNoticeRow = Selectable<BillingUsageNoticesTable>;

/** Records a threshold reached in a month, once: a threshold already recorded is left as it is. */
export async function recordUsageNotice(
  db: Kysely<Database>,
  row: Insertable<BillingUsageNoticesTable>,
): Promise<void> {
  await db
    .insertInto('billing_usage_notices')
    .values(row)
    .onConflict((conflict) => conflict.columns(['relationship_id', 'month', 'threshold']).doNothing())
    .execute();
}

/** The thresholds of a month recorded but not mailed yet, lowest first. */
export function unmailedUsageNotices(
  db: Kysely<Database>,
  relationshipId: number,
  month: string,
): Promise<UsageNoticeRow[]> {
  return db
    .selectFrom('billing_usage_notices')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('month', '=', month)
    .where('mailed_at', 'is', null)
    .orderBy('threshold')
    .execute();
}

export async function markUsageNoticesMailed(
  db: Kysely<Database>,
  relationshipId: number,
  month: string,
  thresholds: readonly number[],
  at: string,
): Promise<void> {
  if (thresholds.length === 0) return;
  await db
    .updateTable('billing_usage_notices')
    .set({ mailed_at: at })
    .where('relationship_id', '=', relationshipId)
    .where('month', '=', month)
    .where('threshold', 'in', [...thresholds])
    .execute();
}
