import type { Me } from '@veracity/contracts/account';
import { type AnalyticsAccess, analyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { useMe } from '../../session/session.api';

/**
 * What the report filters offer an account (spec 02 §6): the plan (free explores only), the Google and
 * firewall features, and custom variables up to allowedVars; the same rules the server applies.
 */
export function reportFiltersAccess(
  me: Pick<Me, 'planType' | 'accountFeatures' | 'allowedVars'>,
): AnalyticsAccess {
  // Before an account is chosen there is no plan: nothing beyond what the free plan may look at.
  if (me.planType === null) return analyticsAccess('free_trial', [], 0);
  return analyticsAccess(me.planType, me.accountFeatures, me.allowedVars);
}

/** The signed-in account's access, or undefined while /me loads. */
export function useReportFiltersAccess(): AnalyticsAccess | undefined {
  const me = useMe();
  return me.data ? reportFiltersAccess(me.data) : undefined;
}
