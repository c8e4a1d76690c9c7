import { describe, expect, it } from 'vitest';
import {
  customRange,
  isIsoDate,
  loadSectionRange,
  namedRange,
  previousPeriod,
  saveSectionRange,
  todayIn,
} from './date-ranges';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('date ranges', () => {
  it('computes every named range of spec 02 §4 from today', () => {
    const today = '2026-03-05';
    expect(namedRange('today', today)).toEqual({ preset: 'today', from: today, to: today });
    expect(namedRange('yesterday', today)).toMatchObject({ from: '2026-03-04', to: '2026-03-04' });
    expect(namedRange('currentMonth', today)).toMatchObject({ from: '2026-03-01', to: today });
    // "Last 7 days" is 7 days ago to yesterday; 14 and 30 also end yesterday.
    expect(namedRange('last7Days', today)).toMatchObject({ from: '2026-02-26', to: '2026-03-04' });
    expect(namedRange('last6DaysAndToday', today)).toMatchObject({ from: '2026-02-27', to: today });
    expect(namedRange('last14Days', today)).toMatchObject({ from: '2026-02-19', to: '2026-03-04' });
    expect(namedRange('last30Days', today)).toMatchObject({ from: '2026-02-03', to: '2026-03-04' });
  });

  it("takes today's date in the account's zone", () => {
    const now = new Date('2026-03-05T23:30:00Z');
    expect(todayIn('Europe/Madrid', now)).toBe('2026-03-06');
    expect(todayIn('America/New_York', now)).toBe('2026-03-05');
  });

  it('accepts only real ISO dates for a custom range and orders its ends', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('5/3/2026')).toBe(false);
    expect(customRange('2026-03-09', '2026-03-01')).toEqual({
      preset: 'custom',
      from: '2026-03-01',
      to: '2026-03-09',
    });
    expect(customRange('2026-03-01', 'soon')).toBeUndefined();
  });

  it('gives the previous period of the same length', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-07' })).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
    });
  });

  it('keeps a range per section, recomputing named ones on load', () => {
    const storage = memoryStorage();
    expect(loadSectionRange('intelligence', '2026-03-05', storage).preset).toBe('last6DaysAndToday');
    expect(loadSectionRange('googleAds', '2026-03-05', storage).preset).toBe('last30Days');
    // Google Ads pages, pmax included, open on Last 30 days (issue 33): 30 days ago to yesterday.
    expect(loadSectionRange('pmax', '2026-03-05', storage)).toEqual({
      preset: 'last30Days',
      from: '2026-02-03',
      to: '2026-03-04',
    });

    // The other channels and the CRM too (issue 35), each keeping its own.
    for (const section of ['facebook', 'microsoft', 'tiktok', 'hubspot'] as const) {
      expect(loadSectionRange(section, '2026-03-05', storage).preset).toBe('last30Days');
    }
    saveSectionRange('microsoft', namedRange('last7Days', '2026-03-05'), storage);
    expect(loadSectionRange('microsoft', '2026-03-05', storage).preset).toBe('last7Days');
    expect(loadSectionRange('tiktok', '2026-03-05', storage).preset).toBe('last30Days');

    saveSectionRange('intelligence', namedRange('yesterday', '2026-03-05'), storage);
    expect(loadSectionRange('intelligence', '2026-03-10', storage)).toEqual({
      preset: 'yesterday',
      from: '2026-03-09',
      to: '2026-03-09',
    });
    expect(loadSectionRange('performance', '2026-03-10', storage)).toEqual({
      preset: 'last7Days',
      from: '2026-03-03',
      to: '2026-03-09',
    });

    const custom = customRange('2026-01-01', '2026-01-31');
    if (!custom) throw new Error('expected a range');
    saveSectionRange('intelligence', custom, storage);
    expect(loadSectionRange('intelligence', '2026-03-10', storage)).toEqual(custom);
  });

  it('falls back to the default on a damaged saved value', () => {
    const storage = memoryStorage();
    storage.setItem('opt-date-range-intelligence', '{not json');
    expect(loadSectionRange('intelligence', '2026-03-05', storage).preset).toBe('last6DaysAndToday');
    storage.setItem('opt-date-range-intelligence', '{"preset":"custom","from":"x","to":"y"}');
    expect(loadSectionRange('intelligence', '2026-03-05', storage).preset).toBe('last6DaysAndToday');
  });
});
