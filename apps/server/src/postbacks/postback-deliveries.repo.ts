import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  PostbackAttemptOutcomeColumn,
  PostbackDeliveriesTable,
  PostbackDeliveryAttemptsTable,
  PostbackDeliveryStateColumn,
} from '../storage/oltp/schema.js';

export type PostbackDeliveryRow = Selectable<PostbackDeliveriesTable>;
export type PostbackAttemptRow = Selectable<PostbackDeliveryAttemptsTable>;

/**
 * Queues a delivery, due at once. A conversion is queued once per traffic source: a second insert of
 * the same one is ignored (undefined).
 */
export async function insertPostbackDelivery(
  db: Kysely<Database>,
  delivery: {
    relationshipId: number;
    conversionId: string;
    trafficSourceId: number;
    url: string;
    now: string;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('postback_deliveries')
    .values({
      relationship_id: delivery.relationshipId,
      conversion_id: delivery.conversionId,
      traffic_source_id: delivery.trafficSourceId,
      url: delivery.url,
      state: 'pending',
      attempts: 0,
      next_attempt_at: delivery.now,
      created_at: delivery.now,
      updated_at: delivery.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['relationship_id', 'conversion_id', 'traffic_source_id']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Pending deliveries due at `now`, the longest waiting first. */
export async function duePostbackDeliveries(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<PostbackDeliveryRow[]> {
  return db
    .selectFrom('postback_deliveries')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Counts an attempt before it is made and moves the next one to its back-off time, so that a process
 * that dies during the call leaves the delivery due again later, not at once and not lost. A compare
 * on the attempt count: false when another pass counted it first.
 */
export async function startPostbackAttempt(
  db: Kysely<Database>,
  attempt: { id: number; attemptsBefore: number; nextAttemptAt: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('postback_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: attempt.nextAttemptAt,
      updated_at: attempt.now,
    }))
    .where('id', '=', attempt.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', attempt.attemptsBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records what an attempt came to, on the delivery and in its log (unless a later attempt started). */
export async function settlePostbackAttempt(
  db: Kysely<Database>,
  settled: {
    id: number;
    relationshipId: number;
    attempt: number;
    at: string;
    state: PostbackDeliveryStateColumn;
    outcome: PostbackAttemptOutcomeColumn;
    httpStatus: number | null;
    error: string | null;
    now: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('postback_delivery_attempts')
      .values({
        delivery_id: settled.id,
        relationship_id: settled.relationshipId,
        attempt: settled.attempt,
        at: settled.at,
        outcome: settled.outcome,
        http_status: settled.httpStatus,
        error: settled.error,
      })
      .execute();
    await trx
      .updateTable('postback_deliveries')
      .set({
        state: settled.state,
        last_http_status: settled.httpStatus,
        last_error: settled.error,
        updated_at: settled.now,
        ...(settled.state === 'pending' ? {} : { next_attempt_at: null }),
        ...(settled.state === 'delivered' ? { delivered_at: settled.now } : {}),
      })
      .where('id', '=', settled.id)
      .where('attempts', '=', settled.attempt)
      .where('state', '=', 'pending')
      .execute();
  });
}

/** An account's deliveries of one conversion (one a traffic source), with their attempts in order. */
export async function postbackDeliveriesOfConversion(
  db: Kysely<Database>,
  relationshipId: number,
  conversionId: string,
): Promise<{ deliveries: PostbackDeliveryRow[]; attempts: PostbackAttemptRow[] }> {
  const deliveries = await db
    .selectFrom('postback_deliveries')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('conversion_id', '=', conversionId)
    .orderBy('id')
    .execute();
  if (deliveries.length === 0) return { deliveries, attempts: [] };
  const attempts = await db
    .selectFrom('postback_delivery_attempts')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where(
      'delivery_id',
      'in',
      deliveries.map((delivery) => delivery.id),
    )
    .orderBy('delivery_id')
    .orderBy('attempt')
    .orderBy('id')
    .execute();
  return { deliveries, attempts };
}
