import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import type { SqlDialect } from '../storage/events/dialect.js';
import { type Sql, sql } from '../storage/events/sql.js';
import type { MeasureKey } from './measures.js';

/**
 * Every metric the analytics calls compute, as a formula over measures (`measures.ts`), evaluated
 * after the measures of a group are summed, so that sorting and paging can use any metric. The
 * definitions, in words, are in `docs/metrics.md`; a ratio whose denominator is 0 is NULL.
 */

type MeasureRef = (key: MeasureKey) => Sql;

interface MetricFormula {
  uses: readonly MeasureKey[];
  sql: (measure: MeasureRef, dialect: SqlDialect) => Sql;
}

const measure = (key: MeasureKey): MetricFormula => ({ uses: [key], sql: (m) => m(key) });

/** `100 × part / whole`, NULL when whole is 0. */
const percent = (part: MeasureKey, whole: MeasureKey): MetricFormula => ({
  uses: [part, whole],
  sql: (m, d) => d.safeDivide(sql`100.0 * ${m(part)}`, m(whole)),
});

export const METRIC_FORMULAS = {
  sessions: measure('sessions'),
  trafficVeracitySessions: percent('lowRiskSessions', 'sessions'),
  highRiskSessions: measure('highRiskSessions'),
  mediumRiskSessions: measure('mediumRiskSessions'),
  lowRiskSessions: measure('lowRiskSessions'),
  hits: measure('hits'),
  trafficVeracityHits: percent('lowRiskHits', 'hits'),
  highRiskHits: measure('highRiskHits'),
  mediumRiskHits: measure('mediumRiskHits'),
  lowRiskHits: measure('lowRiskHits'),
  highRiskHitsPercent: percent('highRiskHits', 'hits'),
  mediumRiskHitsPercent: percent('mediumRiskHits', 'hits'),
  lowRiskHitsPercent: percent('lowRiskHits', 'hits'),
  allowedHits: measure('allowedHits'),
  pausedHits: measure('pausedHits'),
  blockedHits: measure('blockedHits'),
  conversions: measure('conversions'),
  trafficVeracityConversions: percent('lowRiskConversions', 'conversions'),
  highRiskConversions: measure('highRiskConversions'),
  mediumRiskConversions: measure('mediumRiskConversions'),
  lowRiskConversions: measure('lowRiskConversions'),
  highRiskConversionsPercent: percent('highRiskConversions', 'conversions'),
  mediumRiskConversionsPercent: percent('mediumRiskConversions', 'conversions'),
  lowRiskConversionsPercent: percent('lowRiskConversions', 'conversions'),
  conversionsReported: measure('conversionsReported'),
  pausedConversions: measure('pausedConversions'),
  conversionsNotReported: measure('conversionsNotReported'),
  allowedConversionRate: percent('conversionsReported', 'allowedHits'),
  advertiserConversionRate: percent('conversions', 'allowedHits'),
  conversionRate: percent('conversions', 'hits'),
  revenue: measure('revenue'),
  cost: measure('cost'),
  profit: { uses: ['revenue', 'cost'], sql: (m) => sql`(${m('revenue')} - ${m('cost')})` },
  roi: {
    uses: ['revenue', 'cost'],
    sql: (m, d) => d.safeDivide(sql`100.0 * (${m('revenue')} - ${m('cost')})`, m('cost')),
  },
} as const satisfies Partial<Record<MetricKey, MetricFormula>>;

/** Every metric but the Base group (status and labels describe a row's campaign, not its events). */
export type ComputedMetric = keyof typeof METRIC_FORMULAS;
export const COMPUTED_METRICS = Object.keys(METRIC_FORMULAS) as ComputedMetric[];

export function isComputedMetric(key: MetricKey): key is ComputedMetric {
  return Object.hasOwn(METRIC_FORMULAS, key);
}
