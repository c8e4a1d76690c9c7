import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format';
import { formatMetric, formatTimeBucket } from './format';

describe('analytics formatting (spec 02 §9: en-ES numbers, es-ES dates, EUR)', () => {
  it('shows numbers with 0 decimals and Spanish grouping', () => {
    expect(formatNumber(1234567.6)).toBe('1.234.568');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });

  it('shows percentages with 2 decimals', () => {
    expect(formatPercent(12.3456)).toBe('12,35%');
    expect(formatPercent(100)).toBe('100,00%');
    expect(formatPercent(0)).toBe('0,00%');
  });

  it('shows money in euros with the same separators as the other figures', () => {
    expect(formatCurrency(1234.5)).toBe('€1.234,50');
    expect(formatCurrency(-12)).toBe('-€12,00');
    expect(formatCurrency(3, 'USD')).toMatch(/^(US)?\$3,00$/);
  });

  it('shows "–" where a ratio has nothing to divide by', () => {
    expect(formatNumber(null)).toBe('–');
    expect(formatPercent(null)).toBe('–');
    expect(formatCurrency(undefined)).toBe('–');
    expect(formatPercent(Number.NaN)).toBe('–');
  });

  it('formats each metric by its kind', () => {
    expect(formatMetric('hits', 15320)).toBe('15.320');
    expect(formatMetric('trafficVeracityHits', 87.5)).toBe('87,50%');
    expect(formatMetric('cost', 40)).toBe('€40,00');
    expect(formatMetric('profit', -3)).toBe('-€3,00');
    expect(formatMetric('roi', 12.5)).toBe('12,50%');
    expect(formatMetric('highRiskConversionsPercent', 5)).toBe('5,00%');
    expect(formatMetric('blockedHits', 1200)).toBe('1.200');
  });

  it('writes time buckets as two-digit es-ES dates', () => {
    expect(formatTimeBucket('2026-03-05')).toBe('05/03/2026');
    expect(formatTimeBucket('2026-03-05T14:00')).toBe('05/03/2026 14:00');
    expect(formatTimeBucket('2026-03')).toBe('03/2026');
    expect(formatTimeBucket('2026-11')).toBe('11/2026');
    expect(formatTimeBucket('2026-03-05', { short: true })).toBe('05/03');
    expect(formatTimeBucket('soon')).toBe('soon');
  });
});
