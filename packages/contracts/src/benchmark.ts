import { z } from 'zod';
import { zGoogleCampaignType } from './campaigns.js';
import { zTrafficType } from './detection.js';

/**
 * The industry benchmark (issue 39, docs/benchmark.md): an account's invalid share (high-risk visits
 * over visits) against the accounts of its vertical, anonymised. A job precomputes, per vertical, UTC
 * day and cell (country, traffic type, Google campaign type, each or all values), the distribution of
 * the accounts' invalid shares; the page reads those cells and the account's own share.
 */

/**
 * A cell is kept, and shown, only when this many accounts of the vertical had visits in it that day:
 * fewer, and one customer's share could be read from the percentiles.
 */
export const BENCHMARK_MIN_ACCOUNTS = 5;

/** The percentiles of a cell's distribution of accounts' invalid shares (each 0..1). */
export const BENCHMARK_PERCENTILES = ['p25', 'p50', 'p75', 'p90'] as const;
export type BenchmarkPercentile = (typeof BENCHMARK_PERCENTILES)[number];

const zCountry = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as ES');
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const zShare = z.number().min(0).max(1);

/** The filters of the page (spec 02 §3: country, trafficType, googleCampaignType); absent is all values. */
export const zBenchmarkFilters = z.object({
  country: zCountry.optional(),
  trafficType: zTrafficType.optional(),
  googleCampaignType: zGoogleCampaignType.optional(),
});
export type BenchmarkFilters = z.infer<typeof zBenchmarkFilters>;

/** `GET /api/benchmark`: whole UTC days, `to` included. */
export const zBenchmarkQuery = zBenchmarkFilters.extend({ from: zDay, to: zDay });
export type BenchmarkQuery = z.infer<typeof zBenchmarkQuery>;

export const zBenchmarkDistribution = z.object({
  p25: zShare,
  p50: zShare,
  p75: zShare,
  p90: zShare,
  /** The most accounts compared on one day of the period (never below BENCHMARK_MIN_ACCOUNTS). */
  accounts: z.number().int(),
  /** Days of the period the cell had enough accounts on. */
  days: z.number().int(),
});
export type BenchmarkDistribution = z.infer<typeof zBenchmarkDistribution>;

/** The account's own visits in a cell over the period. */
export const zBenchmarkOwn = z.object({
  visits: z.number().int(),
  invalidVisits: z.number().int(),
  /** Null without visits. */
  invalidShare: zShare.nullable(),
});

export const zBenchmarkTrendPoint = z.object({
  /** The first day of the point (a day, or the Monday of a week). */
  date: zDay,
  account: zShare.nullable(),
  industryP25: zShare.nullable(),
  industryMedian: zShare.nullable(),
  industryP75: zShare.nullable(),
});

export const zBenchmarkChannel = z.object({
  trafficType: zTrafficType,
  own: zBenchmarkOwn,
  /** Null when the channel's cell had fewer than BENCHMARK_MIN_ACCOUNTS accounts on every day. */
  industry: zBenchmarkDistribution.nullable(),
  percentileRank: z.number().min(0).max(100).nullable(),
});

export const zBenchmark = z.object({
  /** The account's vertical; null when it has none (nothing to compare with). */
  vertical: z.string().nullable(),
  minAccounts: z.number().int(),
  own: zBenchmarkOwn,
  /** Null when the cell of the filters had fewer than BENCHMARK_MIN_ACCOUNTS accounts on every day. */
  industry: zBenchmarkDistribution.nullable(),
  /**
   * Where the account's share sits among the vertical's (0..100, higher is more invalid traffic),
   * interpolated between the percentiles; null without the account's share or the industry's.
   */
  percentileRank: z.number().min(0).max(100).nullable(),
  /** Day points up to 31 days, week points beyond. */
  trendBucket: z.enum(['day', 'week']),
  trend: z.array(zBenchmarkTrendPoint),
  /** Each traffic type the account or the industry had visits of, under the other filters. */
  channels: z.array(zBenchmarkChannel),
});
export type Benchmark = z.infer<typeof zBenchmark>;
export type BenchmarkChannel = z.infer<typeof zBenchmarkChannel>;
export type BenchmarkTrendPoint = z.infer<typeof zBenchmarkTrendPoint>;

/**
 * The percentile rank of `share` in a distribution known by its quartiles and 90th percentile: linear
 * between (0 → 0), (p25 → 25), (p50 → 50), (p75 → 75), (p90 → 90) and (1 → 100). Equal percentiles
 * (many accounts with the same share) place a share equal to them at the middle of their span.
 */
export function percentileRank(
  share: number,
  distribution: Pick<BenchmarkDistribution, BenchmarkPercentile>,
): number {
  const points: [number, number][] = [
    [0, 0],
    [distribution.p25, 25],
    [distribution.p50, 50],
    [distribution.p75, 75],
    [distribution.p90, 90],
    [1, 100],
  ];
  const equal = points.filter(([value]) => value === share);
  if (equal.length > 1) {
    const ranks = equal.map(([, rank]) => rank);
    return round1((Math.min(...ranks) + Math.max(...ranks)) / 2);
  }
  for (let i = 1; i < points.length; i++) {
    const [lowValue, lowRank] = points[i - 1] as [number, number];
    const [highValue, highRank] = points[i] as [number, number];
    if (share <= highValue) {
      if (highValue === lowValue) return highRank;
      return round1(lowRank + ((share - lowValue) / (highValue - lowValue)) * (highRank - lowRank));
    }
  }
  return 100;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
