import { describe, expect, it } from 'vitest';
import { costBasis, onlyStoredCost, zoneOffsets } from './hit-cost.js';

describe('zoneOffsets', () => {
  it('finds the instant a zone changes offset in a range, to the millisecond', () => {
    expect(
      zoneOffsets('Europe/Madrid', new Date('2026-03-20T00:00:00Z'), new Date('2026-04-05T00:00:00Z')),
    ).toEqual([
      { since: Date.parse('2026-03-19T00:00:00Z'), offsetMs: 3_600_000 },
      { since: Date.parse('2026-03-29T01:00:00Z'), offsetMs: 7_200_000 },
    ]);
    const year = zoneOffsets(
      'America/New_York',
      new Date('2026-01-01T05:00:00Z'),
      new Date('2027-01-01T05:00:00Z'),
    );
    expect(
      year.map((segment) => [new Date(segment.since).toISOString(), segment.offsetMs / 3_600_000]),
    ).toEqual([
      ['2025-12-31T05:00:00.000Z', -5],
      ['2026-03-08T07:00:00.000Z', -4],
      ['2026-11-01T06:00:00.000Z', -5],
    ]);
    expect(zoneOffsets('Asia/Kolkata', new Date('2026-01-01'), new Date('2026-12-31'))).toHaveLength(1);
  });
});

describe('costBasis', () => {
  it('keeps the default costs per click of paid channels only', () => {
    const basis = costBasis({ google: 0.4, organic_search: 1, facebook: -1, tiktok: 0 });
    expect([...basis.defaultCpc]).toEqual([
      ['google', 0.4],
      ['tiktok', 0],
    ]);
    expect(onlyStoredCost(basis)).toBe(false);
  });
});
