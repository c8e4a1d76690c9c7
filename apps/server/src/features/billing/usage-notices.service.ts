import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { calendarMonth } from '../../analytics/time-range.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import { adminsOf, type RelationshipRecord } from '../account/relationships.repo.js';
import type { Mailer } from '../email/mailer.js';
import { planUsageMail } from '../email/templates.js';
import {
  activeCatalogueAccounts,
  billingAccountOf,
  markUsageNoticesMailed,
  recordUsageNotice,
  unmailedUsageNotices,
} from './billing.repo.js';
import { monthlyVisitsOf, visitsThisMonth } from './plan-usage.js';

/** The shares of the plan's monthly visits whose reaching is mailed to the admins, once a month each. */
export const USAGE_THRESHOLDS = [80, 100] as const;

export interface UsageNoticeDeps {
  db: Kysely<Database>;
  events: EventStore;
  mailer: Mailer;
  /** The dashboard's address: the mail links to its plans screen. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The thresholds `visits` reaches of a plan's monthly visits (compared in whole numbers). */
export function thresholdsReached(visits: number, planVisits: number): number[] {
  if (planVisits <= 0) return [];
  return USAGE_THRESHOLDS.filter((threshold) => visits * 100 >= threshold * planVisits);
}

/** A free trial past its end is not on a plan any more: its users are sent to the plans screen. */
function onCurrentPlan(relationship: RelationshipRecord, now: Date): boolean {
  if (relationship.planType !== 'free_trial' || relationship.trialExpiresAt === null) return true;
  return new Date(relationship.trialExpiresAt).getTime() > now.getTime();
}

/**
 * One account's check: the thresholds its visits of this calendar month reached are recorded once,
 * then those not mailed yet are mailed to its admins and marked. When a pass finds several new ones at
 * once (a jump past 100%), only the highest is mailed: one mail saying 100% rather than two at once.
 * A mail recorded but not sent (a failure, a crash) goes out on the next pass.
 */
async function checkAccount(deps: UsageNoticeDeps, relationship: RelationshipRecord, now: Date) {
  const account = await billingAccountOf(deps.db, relationship.id);
  const planVisits = monthlyVisitsOf(relationship.planType, account?.visits_addons ?? 0);
  const visits = await visitsThisMonth(deps.events, relationship, now);
  const reached = thresholdsReached(visits, planVisits);
  if (reached.length === 0) return 0;
  const { month } = calendarMonth(relationship.timezone, now);
  for (const threshold of reached) {
    await recordUsageNotice(deps.db, {
      relationship_id: relationship.id,
      month,
      threshold,
      visits,
      plan_visits: planVisits,
      reached_at: now.toISOString(),
      mailed_at: null,
    });
  }
  const pending = await unmailedUsageNotices(deps.db, relationship.id, month);
  const highest = pending.at(-1);
  if (!highest) return 0;
  const link = `${deps.publicUrl}/account/plans`;
  for (const admin of await adminsOf(deps.db, relationship.id)) {
    await deps.mailer.send(
      planUsageMail(admin.email, {
        companyName: relationship.companyName,
        threshold: highest.threshold,
        visits,
        planVisits,
        link,
      }),
    );
  }
  const thresholds = pending.map((notice) => notice.threshold);
  await markUsageNoticesMailed(deps.db, relationship.id, month, thresholds, now.toISOString());
  deps.log.info(
    { relationshipId: relationship.id, month, threshold: highest.threshold, visits, planVisits },
    'billing: plan usage notice mailed',
  );
  return 1;
}

/**
 * One pass of the usage check (the job billing.usage): every active account on a plan of the
 * catalogue (demo and custom accounts are flag driven, with no visits limit). An account that fails
 * is logged and the others are still checked.
 */
export async function checkPlanUsage(
  deps: UsageNoticeDeps,
  now: Date,
): Promise<{ checked: number; mailed: number }> {
  let checked = 0;
  let mailed = 0;
  for (const relationship of await activeCatalogueAccounts(deps.db)) {
    if (!onCurrentPlan(relationship, now)) continue;
    try {
      checked += 1;
      mailed += await checkAccount(deps, relationship, now);
    } catch (error) {
      deps.log.error({ err: error, relationshipId: relationship.id }, 'billing: plan usage check failed');
    }
  }
  return { checked, mailed };
}
