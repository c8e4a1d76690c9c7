import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  formatPoints,
  formatSignedPercent,
  NO_VALUE,
  percentChange,
} from './format';

describe('formatting in the spec locale (spec 02 §9)', () => {
  it('writes numbers in en-ES with 0 decimals', () => {
    expect(formatNumber(1234567.6)).toBe('1.234.568');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-1234)).toBe('-1.234');
  });

  it('writes percentages with 2 decimals, from values already in percent', () => {
    expect(formatPercent(12.345)).toBe('12,35%');
    expect(formatPercent(0)).toBe('0,00%');
    expect(formatPercent(100)).toBe('100,00%');
  });

  it('signs a change, and leaves zero unsigned', () => {
    expect(formatSignedPercent(12.5)).toBe('+12,50%');
    expect(formatSignedPercent(-3)).toBe('-3,00%');
    expect(formatSignedPercent(0)).toBe('0,00%');
  });

  it('writes a change of share in percentage points', () => {
    expect(formatPoints(3.254)).toBe('+3,25 pp');
    expect(formatPoints(-0.5)).toBe('-0,50 pp');
    expect(formatPoints(null)).toBe(NO_VALUE);
  });

  it('writes money in EUR by default, in the currency given otherwise', () => {
    // With the separators of the other figures (CLDR's en-ES money alone would use the English ones).
    expect(formatCurrency(1234.5)).toBe('€1.234,50');
    expect(formatCurrency(-12)).toBe('-€12,00');
    expect(formatCurrency(10, 'USD')).toContain('$');
    expect(formatCurrency(10, 'not a currency')).toContain('€');
  });

  it('writes dates as es-ES two-digit dates', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/26');
    expect(formatDate('2026-12-31T23:00:00Z')).toBe('31/12/26');
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(null)).toBe(NO_VALUE);
    expect(formatPercent(undefined)).toBe(NO_VALUE);
    expect(formatSignedPercent(Number.NaN)).toBe(NO_VALUE);
    expect(formatCurrency(null)).toBe(NO_VALUE);
    expect(formatDate('')).toBe(NO_VALUE);
    expect(formatDate('not a date')).toBe(NO_VALUE);
  });

  it('computes a change in percent, none from zero', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(10, 0)).toBeNull();
  });
});
