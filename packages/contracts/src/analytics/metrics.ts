import { z } from 'zod';

/**
 * The analytics metrics (spec 02 §3 "Metrics"): key, group, display label, value kind and visibility.
 * Nothing is computed here: the server's query planner maps each key to SQL, and docs/metrics.md gives
 * every formula. Keys are stable: saved URLs, alerts and reports name them.
 */
export const METRIC_GROUPS = ['base', 'sessions', 'hits', 'conversion', 'general'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export const METRIC_GROUP_LABELS: Record<MetricGroup, string> = {
  base: 'Base',
  sessions: 'Sessions',
  hits: 'Hits',
  conversion: 'Conversion',
  general: 'General',
};

/**
 * How a value is shown: count (0 decimals), percent (2 decimals, already multiplied by 100),
 * money (account currency, EUR by default), text. Division by zero gives null, shown as "-".
 */
export const METRIC_VALUE_KINDS = ['count', 'percent', 'money', 'text'] as const;
export type MetricValueKind = (typeof METRIC_VALUE_KINDS)[number];

export interface MetricDefinition {
  readonly group: MetricGroup;
  readonly label: string;
  readonly kind: MetricValueKind;
  /** Hidden without the `sensor_firewall` feature (spec: "Hidden without a firewall"). */
  readonly needsFirewall: boolean;
  /** Left out of report exports (spec: labels, status, fraud severity, traffic veracity). */
  readonly excludedFromExport: boolean;
}

function metric(
  group: MetricGroup,
  label: string,
  kind: MetricValueKind,
  flags: { firewall?: boolean; noExport?: boolean } = {},
): MetricDefinition {
  return {
    group,
    label,
    kind,
    needsFirewall: flags.firewall ?? false,
    excludedFromExport: flags.noExport ?? false,
  };
}

/**
 * Every metric, in the order the metric picker lists them. The `...Percent` keys are the percentage
 * totals of spec 02 §3: the share of each risk tier among all hits or all conversions (high = Invalid,
 * medium = Suspicious, low = Legitimate). They render as the fraud-severity bar, so they are treated as
 * the spec's "fraud severity" and are not exported; the counts they come from are.
 */
export const METRICS = {
  status: metric('base', 'Status', 'text', { noExport: true }),
  labels: metric('base', 'Labels', 'text', { firewall: true, noExport: true }),

  sessions: metric('sessions', 'Sessions', 'count'),
  trafficVeracitySessions: metric('sessions', 'Traffic Veracity (Sessions)', 'percent', { noExport: true }),
  highRiskSessions: metric('sessions', 'Invalid Sessions', 'count'),
  mediumRiskSessions: metric('sessions', 'Suspicious Sessions', 'count'),
  lowRiskSessions: metric('sessions', 'Legitimate Sessions', 'count'),

  hits: metric('hits', 'Visits', 'count'),
  trafficVeracityHits: metric('hits', 'Traffic Veracity (Visits)', 'percent', { noExport: true }),
  highRiskHits: metric('hits', 'Invalid Visits', 'count'),
  mediumRiskHits: metric('hits', 'Suspicious Visits', 'count'),
  lowRiskHits: metric('hits', 'Legitimate Visits', 'count'),
  highRiskHitsPercent: metric('hits', 'Invalid Visits %', 'percent', { noExport: true }),
  mediumRiskHitsPercent: metric('hits', 'Suspicious Visits %', 'percent', { noExport: true }),
  lowRiskHitsPercent: metric('hits', 'Legitimate Visits %', 'percent', { noExport: true }),
  allowedHits: metric('hits', 'Delivered', 'count', { firewall: true }),
  pausedHits: metric('hits', 'Paused', 'count', { firewall: true }),
  blockedHits: metric('hits', 'Blocked', 'count', { firewall: true }),

  conversions: metric('conversion', 'Conversions', 'count'),
  trafficVeracityConversions: metric('conversion', 'Traffic Veracity (Conversions)', 'percent', {
    noExport: true,
  }),
  highRiskConversions: metric('conversion', 'Invalid Conversions', 'count'),
  mediumRiskConversions: metric('conversion', 'Suspicious Conversions', 'count'),
  lowRiskConversions: metric('conversion', 'Legitimate Conversions', 'count'),
  highRiskConversionsPercent: metric('conversion', 'Invalid Conversions %', 'percent', { noExport: true }),
  mediumRiskConversionsPercent: metric('conversion', 'Suspicious Conversions %', 'percent', {
    noExport: true,
  }),
  lowRiskConversionsPercent: metric('conversion', 'Legitimate Conversions %', 'percent', { noExport: true }),
  conversionsReported: metric('conversion', 'Reported Conversions', 'count', { firewall: true }),
  pausedConversions: metric('conversion', 'Paused Conversions', 'count', { firewall: true }),
  conversionsNotReported: metric('conversion', 'Not Reported Conversions', 'count', { firewall: true }),

  allowedConversionRate: metric('general', 'Publisher CR', 'percent', { firewall: true }),
  advertiserConversionRate: metric('general', 'Advertiser CR', 'percent', { firewall: true }),
  conversionRate: metric('general', 'Global CR', 'percent'),
  revenue: metric('general', 'Revenue', 'money', { firewall: true }),
  cost: metric('general', 'Cost', 'money', { firewall: true }),
  profit: metric('general', 'Profit', 'money', { firewall: true }),
  roi: metric('general', 'ROI', 'percent', { firewall: true }),
} as const satisfies Record<string, MetricDefinition>;

export type MetricKey = keyof typeof METRICS;
export const METRIC_KEYS = Object.keys(METRICS) as [MetricKey, ...MetricKey[]];
export const zMetricKey = z.enum(METRIC_KEYS);

/** The metrics an analytics view starts with (spec 02 §3 "Default metrics"), in column order. */
export const DEFAULT_METRICS = [
  'sessions',
  'hits',
  'trafficVeracityHits',
  'highRiskHits',
  'mediumRiskHits',
  'allowedHits',
  'conversions',
  'trafficVeracityConversions',
  'highRiskConversions',
  'mediumRiskConversions',
  'lowRiskConversions',
  'conversionsReported',
  'allowedConversionRate',
  'cost',
] as const satisfies readonly MetricKey[];

export function metricsInGroup(group: MetricGroup): MetricKey[] {
  return METRIC_KEYS.filter((key) => METRICS[key].group === group);
}

/** The metrics an account may see: firewall-only ones need the `sensor_firewall` feature. */
export function metricsAllowed(access: { firewall: boolean }): MetricKey[] {
  return METRIC_KEYS.filter((key) => access.firewall || !METRICS[key].needsFirewall);
}

/** The metrics a report export carries, in the given order. */
export function exportableMetrics(keys: readonly MetricKey[]): MetricKey[] {
  return keys.filter((key) => !METRICS[key].excludedFromExport);
}
