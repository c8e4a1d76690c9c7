import { describe, expect, it } from 'vitest';
import { percentileRank } from './benchmark.js';

const DISTRIBUTION = { p25: 0.1, p50: 0.2, p75: 0.3, p90: 0.5 };

describe('where an account sits among its industry', () => {
  it('is interpolated between the percentiles', () => {
    expect(percentileRank(0, DISTRIBUTION)).toBe(0);
    expect(percentileRank(0.05, DISTRIBUTION)).toBe(12.5);
    expect(percentileRank(0.2, DISTRIBUTION)).toBe(50);
    expect(percentileRank(0.25, DISTRIBUTION)).toBe(62.5);
    expect(percentileRank(0.4, DISTRIBUTION)).toBe(82.5);
    expect(percentileRank(0.75, DISTRIBUTION)).toBe(95);
    expect(percentileRank(1, DISTRIBUTION)).toBe(100);
  });

  it('puts a share equal to several percentiles in the middle of their span', () => {
    // Half the industry has no invalid traffic at all: an account without any sits at the 25th.
    expect(percentileRank(0, { p25: 0, p50: 0, p75: 0.2, p90: 0.4 })).toBe(25);
  });
});
