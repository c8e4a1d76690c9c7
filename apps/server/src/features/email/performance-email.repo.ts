import type { Kysely } from 'kysely';
import type { AdProvider, Database } from '../../storage/oltp/schema.js';
import { type RelationshipRecord, toRelationshipRecord } from '../account/relationships.repo.js';
import type { Mail } from './mailer.js';
import { insertOutboxMail } from './outbox.repo.js';

/** The queries of the weekly performance mail (performance-email.service.ts). */

export interface PerformanceRecipient {
  userId: number;
  email: string;
  firstName: string;
}

/**
 * The users of an account the week's mail still goes to: joined members whose login is active, whose
 * address has not unsubscribed, and who have no mark for the week yet.
 */
export async function unmailedRecipients(
  db: Kysely<Database>,
  relationshipId: number,
  weekStart: string,
): Promise<PerformanceRecipient[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .leftJoin('unsubscribes', 'unsubscribes.email', 'users.email')
    .leftJoin('performance_email_marks as mark', (join) =>
      join
        .onRef('mark.relationship_id', '=', 'memberships.relationship_id')
        .onRef('mark.user_id', '=', 'memberships.user_id')
        .on('mark.week_start', '=', weekStart),
    )
    .select(['users.id', 'users.email', 'users.first_name'])
    .where('memberships.relationship_id', '=', relationshipId)
    .where('memberships.joined_at', 'is not', null)
    .where('users.active', '=', 1)
    .where('unsubscribes.email', 'is', null)
    .where('mark.user_id', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, email: row.email, firstName: row.first_name }));
}

/**
 * Records the week's mail of one user and its outbox row in one transaction: the mark's key (account,
 * user, week) is unique, so when another run got there first nothing is written and null is returned;
 * when the outbox write fails the mark is rolled back with it and the next run mails the user.
 */
export function recordPerformanceMail(
  db: Kysely<Database>,
  mark: { relationshipId: number; userId: number; weekStart: string; at: string },
  mail: Mail,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('performance_email_marks')
      .values({
        relationship_id: mark.relationshipId,
        user_id: mark.userId,
        week_start: mark.weekStart,
        outbox_id: null,
        created_at: mark.at,
      })
      .onConflict((conflict) => conflict.columns(['relationship_id', 'user_id', 'week_start']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return null;
    const outboxId = await insertOutboxMail(trx, mail);
    await trx
      .updateTable('performance_email_marks')
      .set({ outbox_id: outboxId })
      .where('relationship_id', '=', mark.relationshipId)
      .where('user_id', '=', mark.userId)
      .where('week_start', '=', mark.weekStart)
      .execute();
    return outboxId;
  });
}

/** Active accounts but the demo, oldest first; the service keeps those with the performance feature. */
export async function activeAccounts(db: Kysely<Database>): Promise<RelationshipRecord[]> {
  const rows = await db
    .selectFrom('relationships')
    .selectAll()
    .where('active', '=', 1)
    .where('plan_type', '!=', 'demo')
    .orderBy('id')
    .execute();
  return rows.map(toRelationshipRecord);
}

export interface ExclusionsPushed {
  provider: AdProvider;
  /** Exclusions (IPs and ranges) the ad platform applied. */
  added: number;
  /** Exclusions the platform removed (expired or released). */
  removed: number;
}

/**
 * The exclusions the engine pushed to the account's ad platforms in `[from, to)` and the platform
 * applied (issue 33's log), by platform: dry runs and failures are left out.
 */
export async function exclusionsPushed(
  db: Kysely<Database>,
  relationshipId: number,
  range: { from: Date; to: Date },
): Promise<ExclusionsPushed[]> {
  const rows = await db
    .selectFrom('exclusion_log')
    .select(['provider', 'action', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('relationship_id', '=', relationshipId)
    .where('outcome', '=', 'applied')
    .where('at', '>=', range.from.toISOString())
    .where('at', '<', range.to.toISOString())
    .groupBy(['provider', 'action'])
    .orderBy('provider')
    .execute();
  const byProvider = new Map<AdProvider, ExclusionsPushed>();
  for (const row of rows) {
    const entry = byProvider.get(row.provider) ?? { provider: row.provider, added: 0, removed: 0 };
    if (row.action === 'add') entry.added += Number(row.count);
    else entry.removed += Number(row.count);
    byProvider.set(row.provider, entry);
  }
  return [...byProvider.values()];
}
