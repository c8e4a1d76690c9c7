import { BENCHMARK_MIN_ACCOUNTS } from '@veracity/contracts/benchmark';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventStore } from '../../storage/events/event-store.js';
import { getMeta, setMeta } from '../../storage/oltp/app-meta.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { accountsByVertical, googleCampaignTypes, replaceBenchmarkCells } from './benchmark.repo.js';
import { type AccountDayCounts, benchmarkCellsOf } from './benchmark-distribution.js';
import { accountsVisitCounts } from './benchmark-events.repo.js';

/** app_meta key: the last UTC day (`YYYY-MM-DD`) the benchmark was computed for. */
export const BENCHMARK_REFRESHED_META = 'benchmark_refreshed_through';
/** The days the first refresh computes (and the furthest back any refresh goes). */
export const BENCHMARK_HISTORY_DAYS = 35;

const DAY_MS = 86_400_000;

export interface BenchmarkRefreshDeps {
  db: Kysely<Database>;
  events: EventStore;
  log: FastifyBaseLogger;
}

export interface BenchmarkRefreshResult {
  fromDay: string;
  toDay: string;
  cells: number;
}

const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * The UTC days a refresh at `now` computes: from the day before the last one computed (visits reach
 * the store a while after they happen) to today, at most BENCHMARK_HISTORY_DAYS; all of them the
 * first time.
 */
export function refreshDays(now: Date, lastDay: string | undefined): { fromDay: string; toDay: string } {
  const toDay = utcDay(now);
  const earliest = dayStart(toDay).getTime() - (BENCHMARK_HISTORY_DAYS - 1) * DAY_MS;
  const from = lastDay === undefined ? earliest : Math.max(earliest, dayStart(lastDay).getTime() - DAY_MS);
  return { fromDay: utcDay(new Date(Math.min(from, dayStart(toDay).getTime()))), toDay };
}

/**
 * Computes the benchmark's cells of the days due (`refreshDays`) from every account that has a vertical
 * shared by at least BENCHMARK_MIN_ACCOUNTS accounts, and replaces those days' cells with them.
 */
export async function refreshBenchmark(
  deps: BenchmarkRefreshDeps,
  now: Date,
): Promise<BenchmarkRefreshResult> {
  const days = refreshDays(now, await getMeta(deps.db, BENCHMARK_REFRESHED_META));
  const verticals = [...(await accountsByVertical(deps.db))].filter(
    ([, accounts]) => accounts.length >= BENCHMARK_MIN_ACCOUNTS,
  );
  const verticalOf = new Map(
    verticals.flatMap(([vertical, accounts]) => accounts.map((id) => [id, vertical])),
  );
  const relationshipIds = [...verticalOf.keys()];
  const [rows, campaignTypes] = await Promise.all([
    accountsVisitCounts(deps.events, relationshipIds, {
      from: dayStart(days.fromDay),
      to: new Date(dayStart(days.toDay).getTime() + DAY_MS),
    }),
    googleCampaignTypes(deps.db, relationshipIds),
  ]);
  const counts: AccountDayCounts[] = rows.flatMap((row) => {
    const relationshipId = Number(row.relationship_id);
    const vertical = verticalOf.get(relationshipId);
    if (vertical === undefined) return [];
    const campaignType = row.google_campaign_id
      ? (campaignTypes.get(relationshipId)?.get(row.google_campaign_id) ?? null)
      : null;
    return [
      {
        relationshipId,
        vertical,
        day: row.day,
        country: row.country,
        trafficType: row.traffic_type,
        googleCampaignType: campaignType,
        visits: Number(row.visits),
        invalidVisits: Number(row.invalid),
      },
    ];
  });
  const cells = benchmarkCellsOf(counts, now.toISOString());
  await replaceBenchmarkCells(deps.db, days, cells);
  await setMeta(deps.db, BENCHMARK_REFRESHED_META, days.toDay);
  return { ...days, cells: cells.length };
}
