import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { useMe } from '../../session/session.api';
import { accessOfMe } from '../analytics/analytics-access';

/**
 * What the report filters offer an account (spec 02 §6): the plan (free explores only), the Google and
 * firewall features, and custom variables up to allowedVars; the same rules the server applies.
 */
export const reportFiltersAccess = accessOfMe;

/** The signed-in account's access, or undefined while /me loads. */
export function useReportFiltersAccess(): AnalyticsAccess | undefined {
  const me = useMe();
  return me.data ? accessOfMe(me.data) : undefined;
}
