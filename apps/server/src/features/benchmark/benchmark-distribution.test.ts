import { describe, expect, it } from 'vitest';
import {
  type AccountDayCounts,
  benchmarkCellsOf,
  distributionOf,
  quantile,
} from './benchmark-distribution.js';

const DAY = '2026-11-20';

/** One account's visits of a day in a cell. */
function counts(
  relationshipId: number,
  visits: number,
  invalidVisits: number,
  cell: Partial<Pick<AccountDayCounts, 'vertical' | 'country' | 'trafficType' | 'googleCampaignType'>> = {},
): AccountDayCounts {
  return {
    relationshipId,
    vertical: 'Retail',
    day: DAY,
    country: 'ES',
    trafficType: 'google',
    googleCampaignType: null,
    visits,
    invalidVisits,
    ...cell,
  };
}

const cellKey = (cell: {
  vertical: string;
  country: string;
  traffic_type: string;
  google_campaign_type: string;
}) => `${cell.vertical}/${cell.country}/${cell.traffic_type}/${cell.google_campaign_type}`;

describe('percentiles of the accounts’ invalid shares', () => {
  it('interpolate linearly between the closest ranks', () => {
    expect(quantile([0.1, 0.2, 0.3, 0.4, 0.5], 0.5)).toBeCloseTo(0.3);
    expect(quantile([0.1, 0.2, 0.3, 0.4, 0.5], 0.25)).toBeCloseTo(0.2);
    expect(quantile([0.1, 0.2, 0.3, 0.4, 0.5], 0.9)).toBeCloseTo(0.46);
    expect(quantile([0, 1], 0.75)).toBeCloseTo(0.75);
    expect(quantile([0.4], 0.9)).toBe(0.4);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });

  it('do not depend on the order the accounts come in', () => {
    const shares = [0.5, 0.05, 0.2, 0.1, 0.15];
    expect(distributionOf(shares)).toEqual(distributionOf([...shares].reverse()));
    const d = distributionOf(shares);
    expect(d.p25).toBeCloseTo(0.1);
    expect(d.p50).toBeCloseTo(0.15);
    expect(d.p75).toBeCloseTo(0.2);
    expect(d.p90).toBeCloseTo(0.38);
  });
});

describe('the anonymity threshold', () => {
  it('keeps no cell of a vertical with 4 accounts, and every cell of one with 5', () => {
    const four = [1, 2, 3, 4].map((id) => counts(id, 10, id));
    expect(benchmarkCellsOf(four, 'now')).toEqual([]);
    const five = [...four, counts(5, 10, 5)];
    const cells = benchmarkCellsOf(five, 'now');
    expect(cells.map(cellKey).sort()).toEqual([
      'Retail/*/*/*',
      'Retail/*/google/*',
      'Retail/ES/*/*',
      'Retail/ES/google/*',
    ]);
    expect(cells.every((cell) => cell.accounts === 5 && cell.day === DAY)).toBe(true);
    expect(cells[0]?.p50).toBeCloseTo(0.3);
  });

  it('leaves out a filter cell with 4 accounts while the all-values cell with 5 is kept', () => {
    const rows = [
      ...[1, 2, 3, 4, 5].map((id) => counts(id, 10, id)),
      // Only four accounts had visits from France, and only four from Search campaigns.
      ...[1, 2, 3, 4].map((id) => counts(id, 10, 0, { country: 'FR', trafficType: 'facebook' })),
      ...[1, 2, 3, 4].map((id) => counts(id, 5, 1, { googleCampaignType: 'SEARCH' })),
    ];
    const keys = benchmarkCellsOf(rows, 'now').map(cellKey);
    expect(keys).toContain('Retail/*/*/*');
    expect(keys).toContain('Retail/ES/*/*');
    expect(
      keys.some((key) => key.includes('/FR/') || key.includes('facebook') || key.includes('SEARCH')),
    ).toBe(false);
    // France counts in the all-values cell: each of the four has twice the visits there.
    const all = benchmarkCellsOf(rows, 'now').find((cell) => cellKey(cell) === 'Retail/*/*/*');
    expect(all?.p50).toBeCloseTo((3 + 1) / 25);
  });

  it('never counts an account of another vertical, nor an account without visits', () => {
    const rows = [
      ...[1, 2, 3, 4].map((id) => counts(id, 10, id)),
      ...[11, 12, 13, 14, 15].map((id) => counts(id, 10, 10, { vertical: 'Travel' })),
      counts(5, 0, 0),
    ];
    const cells = benchmarkCellsOf(rows, 'now');
    expect(cells.every((cell) => cell.vertical === 'Travel' && cell.p25 === 1)).toBe(true);
    expect(cells).toHaveLength(4);
  });

  it('keeps the days apart', () => {
    const rows = [1, 2, 3, 4, 5].map((id) => counts(id, 10, id));
    rows[4] = { ...(rows[4] as AccountDayCounts), day: '2026-11-21' };
    expect(benchmarkCellsOf(rows, 'now')).toEqual([]);
  });
});
