import { type PaidPlan, planVisits } from '@veracity/contracts/billing';
import type { PlanType } from '@veracity/contracts/plans';
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { NO_COST_BASIS } from '../../analytics/hit-cost.js';
import { totals } from '../../analytics/results.js';
import { calendarMonth } from '../../analytics/time-range.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';

/**
 * An account's visits against its plan (issue 37): the product's "Visit" is a hit, counted over the
 * calendar month on the account's clock. Visits beyond the plan are still collected and protected;
 * the count only feeds the plans screen and the 80% and 100% notices.
 */

/** A plan of the catalogue (free_trial, lite, pro, max); demo and custom are flag driven, with no limit. */
export function isCataloguePlan(plan: PlanType): plan is 'free_trial' | PaidPlan {
  return plan === 'free_trial' || plan === 'lite' || plan === 'pro' || plan === 'max';
}

/** The monthly visits of the account's plan with its add-ons; 0 for a flag-driven plan. */
export function monthlyVisitsOf(plan: PlanType, visitsAddons: number): number {
  return isCataloguePlan(plan) ? planVisits(plan, visitsAddons) : 0;
}

/** The hits the event store holds for the account in the calendar month of `now`, in its time zone. */
export async function visitsThisMonth(
  events: EventStore,
  relationship: Pick<RelationshipRecord, 'id' | 'timezone'>,
  now: Date,
): Promise<number> {
  const month = calendarMonth(relationship.timezone, now);
  const figures = await totals(events, {
    relationshipId: relationship.id,
    timeZone: relationship.timezone,
    from: month.start,
    to: month.end,
    metrics: ['hits'],
    filters: [],
    matchType: 'all',
    lookups: NO_LOOKUPS,
    costs: NO_COST_BASIS,
  });
  return Number(figures.hits ?? 0);
}
