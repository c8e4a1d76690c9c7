import { type Me, MVAS_VERTICAL } from '@veracity/contracts/account';
import {
  type AnalyticsAccess,
  analyticsAccess,
  DIMENSION_GROUP_LABELS,
  DIMENSION_GROUPS,
  type DimensionGroup,
  type DimensionId,
  defaultDimension,
  dimensionsInGroup,
  isDimensionAllowed,
} from '@veracity/contracts/analytics/dimensions';
import {
  METRIC_GROUP_LABELS,
  METRIC_GROUPS,
  METRICS,
  type MetricGroup,
  type MetricKey,
  metricsInGroup,
} from '@veracity/contracts/analytics/metrics';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';

/**
 * What the signed-in account may ask of analytics, read from /api/me the way the server decides
 * (apps/server/src/features/analytics/analytics.service.ts: `analyticsAccess` of the plan, features
 * and allowedVars), and the pickers' options that follow from it.
 */

export function accessOfMe(me: Pick<Me, 'planType' | 'accountFeatures' | 'allowedVars'>): AnalyticsAccess {
  // Before an account is chosen there is no plan: nothing beyond what the free plan may look at.
  if (me.planType === null) return analyticsAccess('free_trial', [], 0);
  return analyticsAccess(me.planType, me.accountFeatures, me.allowedVars);
}

/**
 * Day on the free plan, campaign for the MVAS vertical, otherwise traffic type (spec 02 §3). Campaign
 * needs the firewall: an MVAS account without it opens on traffic type, which every paid plan has.
 */
export function defaultDimensionOfMe(
  me: Pick<Me, 'planType' | 'vertical' | 'accountFeatures' | 'allowedVars'>,
): DimensionId {
  const preferred = defaultDimension({
    planType: me.planType ?? 'free_trial',
    vas: me.vertical?.toUpperCase() === MVAS_VERTICAL,
  });
  return isDimensionAllowed(preferred, accessOfMe(me)) ? preferred : 'trafficType';
}

export interface PickerGroup<Id extends string> {
  group: string;
  label: string;
  items: { id: Id; label: string }[];
}

/**
 * The dimension picker: the groups of the catalogue with the dimensions the account has, named in the
 * account's words (offer, campaign, traffic source, var1–var4, visit).
 */
export function dimensionGroups(
  access: AnalyticsAccess,
  terms: Terms = DEFAULT_TERMS,
): PickerGroup<DimensionId>[] {
  return DIMENSION_GROUPS.map((group: DimensionGroup) => ({
    group,
    label: DIMENSION_GROUP_LABELS[group],
    items: dimensionsInGroup(group)
      .filter((id) => isDimensionAllowed(id, access))
      .map((id) => ({ id, label: terms.dimensionLabel(id) })),
  })).filter((group) => group.items.length > 0);
}

/**
 * Metrics a table column can show: those the account has (firewall metrics need the firewall). Status
 * and labels describe a row's campaign rather than its events and the analytics calls leave them out
 * of every answer, so they are not offered as columns.
 */
export function isColumnMetric(key: MetricKey, access: AnalyticsAccess): boolean {
  if (METRICS[key].group === 'base') return false;
  return access.firewall || !METRICS[key].needsFirewall;
}

export function metricGroups(
  access: AnalyticsAccess,
  terms: Terms = DEFAULT_TERMS,
): PickerGroup<MetricKey>[] {
  return METRIC_GROUPS.map((group: MetricGroup) => ({
    group,
    label: METRIC_GROUP_LABELS[group],
    items: metricsInGroup(group)
      .filter((key) => isColumnMetric(key, access))
      .map((key) => ({ id: key, label: terms.metricLabel(key) })),
  })).filter((group) => group.items.length > 0);
}
