import { BENCHMARK_MIN_ACCOUNTS, type BenchmarkPercentile } from '@veracity/contracts/benchmark';
import { ALL_VALUES, type BenchmarkCellRow } from './benchmark.repo.js';

/**
 * The arithmetic of the benchmark (docs/benchmark.md): accounts' visit counts rolled up into cells,
 * and each cell's distribution of the accounts' invalid shares.
 */

/** One account's visits on a UTC day with one country, traffic type and Google campaign type. */
export interface AccountDayCounts {
  relationshipId: number;
  vertical: string;
  day: string;
  country: string | null;
  trafficType: string;
  /** Null when the visits came from no Google campaign of a known type. */
  googleCampaignType: string | null;
  visits: number;
  invalidVisits: number;
}

export type Distribution = Record<BenchmarkPercentile, number>;

/**
 * The `p`-th quantile (0..1) of values sorted ascending, interpolated linearly between the closest
 * ranks (the common definition: numpy's default, R's type 7, PostgreSQL's percentile_cont).
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of nothing');
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}

export function distributionOf(shares: readonly number[]): Distribution {
  const sorted = [...shares].sort((a, b) => a - b);
  return {
    p25: quantile(sorted, 0.25),
    p50: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    p90: quantile(sorted, 0.9),
  };
}

/** The cells a row counts in: its own values and `*` for each dimension, in every combination. */
function cellsOf(row: AccountDayCounts): [string, string, string][] {
  const countries = row.country ? [row.country, ALL_VALUES] : [ALL_VALUES];
  const types = [row.trafficType, ALL_VALUES];
  const campaignTypes = row.googleCampaignType ? [row.googleCampaignType, ALL_VALUES] : [ALL_VALUES];
  return countries.flatMap((country) =>
    types.flatMap((type) =>
      campaignTypes.map((campaign): [string, string, string] => [country, type, campaign]),
    ),
  );
}

/**
 * The benchmark's cells from the accounts' counts: for each vertical, day and cell, each account's
 * invalid share (its invalid visits over its visits in the cell), and the cell's distribution when at
 * least BENCHMARK_MIN_ACCOUNTS accounts had visits in it; a cell with fewer is left out.
 */
export function benchmarkCellsOf(
  rows: readonly AccountDayCounts[],
  refreshedAt: string,
  minAccounts = BENCHMARK_MIN_ACCOUNTS,
): BenchmarkCellRow[] {
  // vertical, day, country, type, campaign type → account → [visits, invalid]
  const cells = new Map<string, Map<number, [number, number]>>();
  for (const row of rows) {
    if (row.visits <= 0) continue;
    for (const [country, type, campaignType] of cellsOf(row)) {
      const key = JSON.stringify([row.vertical, row.day, country, type, campaignType]);
      let accounts = cells.get(key);
      if (!accounts) {
        accounts = new Map();
        cells.set(key, accounts);
      }
      const counts = accounts.get(row.relationshipId) ?? [0, 0];
      accounts.set(row.relationshipId, [counts[0] + row.visits, counts[1] + row.invalidVisits]);
    }
  }
  const stored: BenchmarkCellRow[] = [];
  for (const [key, accounts] of cells) {
    if (accounts.size < minAccounts) continue;
    const [vertical, day, country, trafficType, googleCampaignType] = JSON.parse(key) as string[];
    const shares = [...accounts.values()].map(([visits, invalid]) => invalid / visits);
    stored.push({
      vertical: vertical as string,
      day: day as string,
      country: country as string,
      traffic_type: trafficType as string,
      google_campaign_type: googleCampaignType as string,
      accounts: accounts.size,
      ...distributionOf(shares),
      refreshed_at: refreshedAt,
    });
  }
  return stored;
}
