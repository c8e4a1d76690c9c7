import { isViewVisible, type PlanType } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';

/** The self-service plans a customer can compare and change between (spec 01 §1). */
export type ComparedPlan = 'free_trial' | 'lite' | 'pro' | 'max';

export const COMPARED_PLANS: readonly { plan: ComparedPlan; name: string; summary: string }[] = [
  { plan: 'free_trial', name: 'Free', summary: 'See how much of your traffic is invalid.' },
  { plan: 'lite', name: 'Lite', summary: 'Be told as soon as invalid traffic rises.' },
  {
    plan: 'pro',
    name: 'Pro',
    summary: 'Send clicks and conversions server to server and get each verdict back.',
  },
  { plan: 'max', name: 'Max', summary: 'Everything in Pro.' },
];

/**
 * What a plan includes, by area; an area is included when the plan gating shows all its views. Only
 * areas the dashboard has a screen for: the plans screen sells what an account really gets (a test
 * checks each area's views against the router), and an area joins the list when its screen lands.
 */
export const PLAN_FEATURES: readonly { label: string; views: readonly ViewId[] }[] = [
  { label: 'Overview dashboard', views: ['home'] },
  { label: 'Traffic analytics', views: ['analytics'] },
  { label: 'Sensor script', views: ['sensor_js'] },
  { label: 'Alerts', views: ['alerts'] },
  { label: 'Session forensics', views: ['forensics'] },
  { label: 'Conversions list', views: ['conversions'] },
  { label: 'Server-to-server campaigns', views: ['firewall_s2s'] },
  { label: 'Google Ads protection', views: ['google_ppc', 'account_settings'] },
  { label: 'Global intelligence for Google Ads', views: ['gads_global_intelligence'] },
  { label: 'Scheduled reports', views: ['reports'] },
];

export function planIncludes(plan: ComparedPlan, views: readonly ViewId[]): boolean {
  return views.every((view) => isViewVisible(view, plan, []));
}

/**
 * The plans the screen compares: the account's own, and each plan that adds an area of PLAN_FEATURES to
 * the plan before it. A plan whose extras have no screen yet (Max: the full reports) is not offered.
 */
export function offeredPlans(current: PlanType | null): typeof COMPARED_PLANS {
  let previous: ComparedPlan | null = null;
  return COMPARED_PLANS.filter(({ plan }) => {
    const before = previous;
    const adds =
      before === null ||
      PLAN_FEATURES.some(
        (feature) => planIncludes(plan, feature.views) && !planIncludes(before, feature.views),
      );
    if (adds) previous = plan;
    return adds || plan === current;
  });
}

const RANK: Record<ComparedPlan, number> = { free_trial: 0, lite: 1, pro: 2, max: 3 };

export function isComparedPlan(plan: PlanType | null | undefined): plan is ComparedPlan {
  return plan === 'free_trial' || plan === 'lite' || plan === 'pro' || plan === 'max';
}

/** The action a plan card offers from the current plan: none for the current plan or going back to Free. */
export function planAction(current: PlanType | null, target: ComparedPlan): 'upgrade' | 'switch' | null {
  if (current === target) return null;
  if (target === 'free_trial') return null;
  if (!isComparedPlan(current)) return 'switch';
  return RANK[target] > RANK[current] ? 'upgrade' : 'switch';
}

const DAY_MS = 86_400_000;

/** The free trial's state: days left (rounded up) or expired, compared with the current date (spec 01 §4). */
export function trialStatus(
  trialExpiresAt: string | null,
  now: Date = new Date(),
): { state: 'active'; daysLeft: number } | { state: 'expired' } | null {
  if (!trialExpiresAt) return null;
  const expires = new Date(trialExpiresAt).getTime();
  if (Number.isNaN(expires)) return null;
  const left = expires - now.getTime();
  if (left <= 0) return { state: 'expired' };
  return { state: 'active', daysLeft: Math.ceil(left / DAY_MS) };
}

/** How far this month's visits are into the plan's: the share, and the notice threshold passed. */
export function visitsUsage(
  visits: number,
  limit: number,
): { percent: number; level: 'over' | 'near' | null } {
  const percent = limit > 0 ? Math.floor((visits / limit) * 100) : 0;
  return { percent, level: percent >= 100 ? 'over' : percent >= 80 ? 'near' : null };
}
