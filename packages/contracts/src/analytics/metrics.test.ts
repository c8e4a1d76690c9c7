import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METRICS,
  exportableMetrics,
  METRIC_KEYS,
  METRICS,
  type MetricGroup,
  metricsAllowed,
  metricsInGroup,
  zMetricKey,
} from './metrics.js';

const SPEC_GROUPS: Record<MetricGroup, string[]> = {
  base: ['status', 'labels'],
  sessions: [
    'sessions',
    'trafficVeracitySessions',
    'highRiskSessions',
    'mediumRiskSessions',
    'lowRiskSessions',
  ],
  hits: [
    'hits',
    'trafficVeracityHits',
    'highRiskHits',
    'mediumRiskHits',
    'lowRiskHits',
    'allowedHits',
    'pausedHits',
    'blockedHits',
  ],
  conversion: [
    'conversions',
    'trafficVeracityConversions',
    'highRiskConversions',
    'mediumRiskConversions',
    'lowRiskConversions',
    'conversionsReported',
    'pausedConversions',
    'conversionsNotReported',
  ],
  general: [
    'allowedConversionRate',
    'advertiserConversionRate',
    'conversionRate',
    'revenue',
    'cost',
    'profit',
    'roi',
  ],
};
const PERCENT_TOTALS = {
  hits: ['highRiskHitsPercent', 'mediumRiskHitsPercent', 'lowRiskHitsPercent'],
  conversion: ['highRiskConversionsPercent', 'mediumRiskConversionsPercent', 'lowRiskConversionsPercent'],
};
const FIREWALL_ONLY = [
  'labels',
  'allowedHits',
  'pausedHits',
  'blockedHits',
  'conversionsReported',
  'pausedConversions',
  'conversionsNotReported',
  'allowedConversionRate',
  'advertiserConversionRate',
  'revenue',
  'cost',
  'profit',
  'roi',
];

describe('metrics', () => {
  it('has every spec metric in its group, plus the percentage totals, and nothing else', () => {
    for (const [group, keys] of Object.entries(SPEC_GROUPS) as [MetricGroup, string[]][]) {
      const expected = [...keys, ...((PERCENT_TOTALS as Record<string, string[]>)[group] ?? [])];
      expect(metricsInGroup(group).sort()).toEqual(expected.sort());
    }
    expect(METRIC_KEYS).toHaveLength(36);
  });

  it('shows the product labels', () => {
    expect(METRICS.allowedHits.label).toBe('Delivered');
    expect(METRICS.allowedConversionRate.label).toBe('Publisher CR');
    expect(METRICS.conversionRate.label).toBe('Global CR');
  });

  it('gives rates and shares as percents, money as money, counts as counts', () => {
    expect(METRICS.trafficVeracityHits.kind).toBe('percent');
    expect(METRICS.highRiskConversionsPercent.kind).toBe('percent');
    expect(METRICS.roi.kind).toBe('percent');
    expect(METRICS.profit.kind).toBe('money');
    expect(METRICS.blockedHits.kind).toBe('count');
  });

  it('hides exactly the spec firewall metrics without the firewall', () => {
    const hidden = METRIC_KEYS.filter((key) => !metricsAllowed({ firewall: false }).includes(key));
    expect(hidden.sort()).toEqual([...FIREWALL_ONLY].sort());
    expect(metricsAllowed({ firewall: true })).toEqual(METRIC_KEYS);
  });

  it('leaves labels, status, fraud severity and traffic veracity out of exports', () => {
    const exported = exportableMetrics(METRIC_KEYS);
    for (const key of [
      'labels',
      'status',
      'trafficVeracityHits',
      'trafficVeracitySessions',
      'lowRiskHitsPercent',
    ]) {
      expect(exported).not.toContain(key);
    }
    expect(exported).toContain('highRiskHits');
    expect(exported).toContain('cost');
  });

  it('starts with the spec default metrics, all known', () => {
    expect(DEFAULT_METRICS).toEqual([
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
    ]);
    expect(zMetricKey.safeParse('bounceRate').success).toBe(false);
  });
});
