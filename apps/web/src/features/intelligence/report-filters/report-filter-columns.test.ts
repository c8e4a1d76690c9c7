import { MAX_FILTER_VALUES } from '@veracity/contracts/analytics/filters';
import { describe, expect, it } from 'vitest';
import {
  addValues,
  columnGroups,
  columnLabel,
  parseEnteredValues,
  removeValues,
  reportColumns,
} from './report-filter-columns';
import { reportFiltersAccess } from './use-report-filters-access';

const FULL = { free: false, google: true, firewall: true, allowedVars: 4 };

describe('report filter columns', () => {
  it('leaves the Google, period and view filters out of report columns, whatever the features', () => {
    const columns = reportColumns(FULL).map((column) => column.column);
    expect(columns).toContain('campaignId');
    expect(columns).toContain('osName');
    expect(columns.filter((column) => column.startsWith('google'))).toEqual([]);
    expect(columns).not.toContain('dateStart');
    expect(columns).not.toContain('status');
    expect(columns).not.toContain('analysisLevel');
  });

  it('hides the Traffic group and Visit Status without the firewall, and vars beyond allowedVars', () => {
    const groups = columnGroups({ ...FULL, firewall: false, allowedVars: 1 }, new Set());
    expect(groups.map((group) => group.label)).toEqual([
      'Device',
      'Target',
      'Website',
      'Segmentation',
      'Custom',
      'Security',
    ]);
    expect(groups.find((group) => group.group === 'custom')?.columns.map((c) => c.column)).toEqual(['var1']);
    expect(groups.find((group) => group.group === 'security')?.columns.map((c) => c.column)).toEqual([
      'hitSecurityLevel',
    ]);
  });

  it('offers a used column no more, and drops a group once all its columns are used', () => {
    const groups = columnGroups(FULL, new Set(['country', 'isp']));
    expect(groups.map((group) => group.group)).not.toContain('target');
  });

  it('shows the free plan what it could filter by', () => {
    expect(reportColumns({ ...FULL, free: true })).toEqual(reportColumns(FULL));
  });

  it('labels a line by its filter, or by the raw column when no report filter reads it', () => {
    expect(columnLabel('campaignId')).toBe('Campaign');
    expect(columnLabel('deviceType')).toBe('Device');
    expect(columnLabel('nonsense')).toBe('nonsense');
  });
});

describe('free-text values', () => {
  it('trims, splits on commas and new lines, drops empties and duplicates', () => {
    expect(parseEnteredValues(' a , b\nc\r\n,, a ,\n')).toEqual(['a', 'b', 'c']);
    expect(parseEnteredValues('   ')).toEqual([]);
  });

  it('adds without repeating (1 and "1" are the same id) and stops at the values limit', () => {
    expect(addValues([1, 'x'], ['1', 'y', 'x'])).toEqual([1, 'x', 'y']);
    const many = Array.from({ length: MAX_FILTER_VALUES + 5 }, (_, i) => `v${i}`);
    expect(addValues([], many)).toHaveLength(MAX_FILTER_VALUES);
    expect(removeValues([1, 2, 'a'], ['1', 'a'])).toEqual([2]);
  });
});

describe('reportFiltersAccess', () => {
  it('follows the plan, the features and allowedVars', () => {
    const flags = [
      { name: 'sensor_firewall', value: true },
      { name: 'google_ppc', value: true },
    ];
    expect(reportFiltersAccess({ planType: 'free_trial', accountFeatures: [], allowedVars: 4 }).free).toBe(
      true,
    );
    const custom = reportFiltersAccess({ planType: 'demo', accountFeatures: flags, allowedVars: 6 });
    expect(custom).toEqual({ free: false, google: true, firewall: true, allowedVars: 6 });
    const noFirewall = reportFiltersAccess({ planType: 'demo', accountFeatures: [], allowedVars: 4 });
    expect(noFirewall.firewall).toBe(false);
  });

  it('offers nothing beyond exploring before an account is chosen', () => {
    expect(reportFiltersAccess({ planType: null, accountFeatures: [], allowedVars: 4 })).toMatchObject({
      free: true,
      allowedVars: 0,
    });
  });
});
