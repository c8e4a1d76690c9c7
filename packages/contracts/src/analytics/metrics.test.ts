import { describe, expect, it } from 'vitest';
import { exportableMetrics, METRIC_KEYS, metricsAllowed, zMetricKey } from './metrics.js';

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

  it('refuses a metric the catalogue does not hold', () => {
    expect(zMetricKey.safeParse('bounceRate').success).toBe(false);
    expect(zMetricKey.safeParse('hits').success).toBe(true);
  });
});
