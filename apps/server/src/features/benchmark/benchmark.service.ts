import {
  BENCHMARK_MIN_ACCOUNTS,
  type Benchmark,
  type BenchmarkChannel,
  type BenchmarkDistribution,
  type BenchmarkQuery,
  type BenchmarkTrendPoint,
  percentileRank,
} from '@veracity/contracts/benchmark';
import { TRAFFIC_TYPES, type TrafficType } from '@veracity/contracts/detection';
import type { Kysely } from 'kysely';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import { ALL_VALUES, type BenchmarkCellRow, benchmarkCells, googleCampaignTypes } from './benchmark.repo.js';
import { ownVisitCounts } from './benchmark-events.repo.js';

/** Day points up to this many days, week points beyond. */
export const BENCHMARK_DAILY_TREND_DAYS = 31;

const DAY_MS = 86_400_000;
const KNOWN_TRAFFIC_TYPES: ReadonlySet<string> = new Set(TRAFFIC_TYPES);

export interface BenchmarkDeps {
  db: Kysely<Database>;
  events: EventStore;
}

interface Counts {
  visits: number;
  invalid: number;
}

const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

function own(counts: Counts): Benchmark['own'] {
  return {
    visits: counts.visits,
    invalidVisits: counts.invalid,
    invalidShare: counts.visits > 0 ? counts.invalid / counts.visits : null,
  };
}

function add(into: Map<string, Counts>, key: string, visits: number, invalid: number): void {
  const counts = into.get(key) ?? { visits: 0, invalid: 0 };
  into.set(key, { visits: counts.visits + visits, invalid: counts.invalid + invalid });
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The distribution over a period from its daily cells: each percentile the mean of the days' (every
 * day of the period with enough accounts weighs the same); null without any such day.
 */
export function periodDistribution(cells: readonly BenchmarkCellRow[]): BenchmarkDistribution | null {
  if (cells.length === 0) return null;
  return {
    p25: mean(cells.map((cell) => cell.p25)),
    p50: mean(cells.map((cell) => cell.p50)),
    p75: mean(cells.map((cell) => cell.p75)),
    p90: mean(cells.map((cell) => cell.p90)),
    accounts: Math.max(...cells.map((cell) => cell.accounts)),
    days: cells.length,
  };
}

/** The Monday (UTC) of a day's week. */
function weekOf(day: string): string {
  const date = dayStart(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

function daysOf(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let at = dayStart(fromDay).getTime(); at <= dayStart(toDay).getTime(); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * The benchmark page's answer: the account's own visits (read from its events, for the filters and
 * period) against the vertical's stored cells (never the other accounts' events).
 */
export async function loadBenchmark(
  deps: BenchmarkDeps,
  relationship: Pick<RelationshipRecord, 'id' | 'vertical'>,
  query: BenchmarkQuery,
): Promise<Benchmark> {
  const range = { from: dayStart(query.from), to: new Date(dayStart(query.to).getTime() + DAY_MS) };
  const campaignIds = query.googleCampaignType
    ? [...((await googleCampaignTypes(deps.db, [relationship.id])).get(relationship.id) ?? new Map())]
        .filter(([, type]) => type === query.googleCampaignType)
        .map(([id]) => id)
    : undefined;
  const [rows, cells] = await Promise.all([
    ownVisitCounts(deps.events, relationship.id, range, {
      country: query.country,
      googleCampaignIds: campaignIds,
    }),
    relationship.vertical
      ? benchmarkCells(deps.db, {
          vertical: relationship.vertical,
          fromDay: query.from,
          toDay: query.to,
          country: query.country ?? ALL_VALUES,
          googleCampaignType: query.googleCampaignType ?? ALL_VALUES,
        })
      : Promise.resolve([]),
  ]);

  const wanted = query.trafficType ?? ALL_VALUES;
  const weekly = daysOf(query.from, query.to).length > BENCHMARK_DAILY_TREND_DAYS;
  const bucketOf = (day: string) => (weekly ? weekOf(day) : day);
  // The account's counts by trend bucket (for the filters) and by channel (every traffic type).
  const byBucket = new Map<string, Counts>();
  const byChannel = new Map<string, Counts>();
  let total: Counts = { visits: 0, invalid: 0 };
  for (const row of rows) {
    const visits = Number(row.visits);
    const invalid = Number(row.invalid);
    add(byChannel, row.traffic_type, visits, invalid);
    if (wanted !== ALL_VALUES && row.traffic_type !== wanted) continue;
    add(byBucket, bucketOf(row.day), visits, invalid);
    total = { visits: total.visits + visits, invalid: total.invalid + invalid };
  }
  const filterCells = cells.filter((cell) => cell.traffic_type === wanted);
  const industry = periodDistribution(filterCells);
  const ownShare = own(total);

  const buckets = [...new Set(daysOf(query.from, query.to).map(bucketOf))];
  const trend: BenchmarkTrendPoint[] = buckets.map((bucket) => {
    const counts = byBucket.get(bucket);
    const distribution = periodDistribution(filterCells.filter((cell) => bucketOf(cell.day) === bucket));
    return {
      date: bucket,
      account: counts && counts.visits > 0 ? counts.invalid / counts.visits : null,
      industryP25: distribution?.p25 ?? null,
      industryMedian: distribution?.p50 ?? null,
      industryP75: distribution?.p75 ?? null,
    };
  });

  const channelTypes = new Set<string>([
    ...byChannel.keys(),
    ...cells.map((cell) => cell.traffic_type).filter((type) => type !== ALL_VALUES),
  ]);
  const channels: BenchmarkChannel[] = [...channelTypes]
    .filter((type): type is TrafficType => KNOWN_TRAFFIC_TYPES.has(type))
    .map((trafficType) => {
      const counts = own(byChannel.get(trafficType) ?? { visits: 0, invalid: 0 });
      const distribution = periodDistribution(cells.filter((cell) => cell.traffic_type === trafficType));
      return {
        trafficType,
        own: counts,
        industry: distribution,
        percentileRank:
          distribution && counts.invalidShare !== null
            ? percentileRank(counts.invalidShare, distribution)
            : null,
      };
    })
    .sort((a, b) => b.own.visits - a.own.visits || a.trafficType.localeCompare(b.trafficType));

  return {
    vertical: relationship.vertical,
    minAccounts: BENCHMARK_MIN_ACCOUNTS,
    own: ownShare,
    industry,
    percentileRank:
      industry && ownShare.invalidShare !== null ? percentileRank(ownShare.invalidShare, industry) : null,
    trendBucket: weekly ? 'week' : 'day',
    trend,
    channels,
  };
}
