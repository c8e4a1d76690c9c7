import type { WidgetStats } from '@veracity/contracts/analytics/query';
import { type TrafficType, zTrafficType } from '@veracity/contracts/detection';
import {
  type Performance,
  type PerformanceDay,
  type PerformanceQuery,
  PROTECTION_WINDOW_DAYS,
  type ProtectedCampaign,
  type WindowFigures,
} from '@veracity/contracts/performance';
import type { Kysely } from 'kysely';
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { costBasis } from '../../analytics/hit-cost.js';
import type { ComputedMetric } from '../../analytics/metric-formulas.js';
import type { PlannedFilter } from '../../analytics/query-sql.js';
import { type QueryScope, widgetStats } from '../../analytics/results.js';
import { invalidClickCosts } from '../../analytics/savings.js';
import { InvalidRangeError, localDay, localDays, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import {
  exclusionPushesBetween,
  firstExclusionPushes,
  googleAdsLinkedAt,
  googleCampaignNames,
} from './performance.repo.js';

/**
 * The performance screen (spec 02 §2): invalid traffic and savings per channel and per Google Ads
 * campaign for each day of a period, from the analytics engine and the home dashboard's savings
 * (`analytics/savings.ts`: imported costs where Google Ads is linked, the account's default cost per
 * click otherwise); the exclusions the engine pushed in the period; and, for each linked campaign, the
 * invalid share of its visits before and after its protection started (docs/metrics.md).
 */

/** Longest period the screen covers, in days (as the channel pages' widgets). */
export const MAX_PERFORMANCE_DAYS = 3660;

const DAY_MS = 86_400_000;
const METRICS: ComputedMetric[] = ['hits', 'highRiskHits'];

function scopeOf(
  relationship: RelationshipRecord,
  range: { from: Date; to: Date },
  filters: PlannedFilter[],
): QueryScope {
  return {
    relationshipId: relationship.id,
    timeZone: relationship.timezone,
    ...range,
    metrics: METRICS,
    filters,
    matchType: 'all',
    lookups: NO_LOOKUPS,
    costs: costBasis(relationship.defaultCpc),
  };
}

const roundMoney = (value: number) => Math.round(value * 100) / 100;
const share = (visits: number, invalid: number) => (visits === 0 ? null : (100 * invalid) / visits);

/** Running figures of one channel or campaign, by day. */
class Tally {
  visits = 0;
  invalidVisits = 0;
  savings = 0;
  readonly byDay = new Map<string, PerformanceDay>();

  add(day: string, figures: Partial<Omit<PerformanceDay, 'day'>>): void {
    const point = this.byDay.get(day) ?? { day, visits: 0, invalidVisits: 0, savings: 0 };
    point.visits += figures.visits ?? 0;
    point.invalidVisits += figures.invalidVisits ?? 0;
    point.savings += figures.savings ?? 0;
    this.byDay.set(day, point);
    this.visits += figures.visits ?? 0;
    this.invalidVisits += figures.invalidVisits ?? 0;
    this.savings += figures.savings ?? 0;
  }

  figures(days: readonly string[]) {
    return {
      visits: this.visits,
      invalidVisits: this.invalidVisits,
      percentInvalidTraffic: share(this.visits, this.invalidVisits),
      savings: roundMoney(this.savings),
      series: days.map((day) => {
        const point = this.byDay.get(day) ?? { day, visits: 0, invalidVisits: 0, savings: 0 };
        return { ...point, savings: roundMoney(point.savings) };
      }),
    };
  }
}

function tallyOf<Key>(tallies: Map<Key, Tally>, key: Key): Tally {
  let tally = tallies.get(key);
  if (!tally) {
    tally = new Tally();
    tallies.set(key, tally);
  }
  return tally;
}

/** Rows of `widgetStats` by (first dimension, day). */
function eachRow(
  stats: WidgetStats,
  visit: (key: string | null, day: string, visits: number, invalid: number) => void,
) {
  for (const row of stats.rows) {
    const [key, day] = row.values;
    if (day === null || day === undefined) continue;
    visit(
      key === null || key === undefined || key === '' ? null : String(key),
      String(day),
      row.metrics.hits ?? 0,
      row.metrics.highRiskHits ?? 0,
    );
  }
}

export async function performance(
  events: EventStore,
  db: Kysely<Database>,
  relationship: RelationshipRecord,
  query: PerformanceQuery,
  now: Date = new Date(),
): Promise<Performance> {
  const timeZone = relationship.timezone;
  let range: { from: Date; to: Date };
  let days: string[];
  try {
    range = timeRange(query.from, query.to, timeZone);
    days = localDays(range, timeZone, MAX_PERFORMANCE_DAYS);
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
    throw error;
  }
  const channelFilter: PlannedFilter[] = query.channel
    ? [{ dimension: 'trafficType', type: 'equals', values: [query.channel] }]
    : [];
  const scope = scopeOf(relationship, range, channelFilter);
  // Exclusions and their effect are Google Ads': another channel has none.
  const googleShown = query.channel === undefined || query.channel === 'google';

  const [byChannel, byCampaign, costs, names, pushes, firstPushes, linkedAt] = await Promise.all([
    widgetStats(events, scope, ['trafficType', 'day']),
    widgetStats(events, scope, ['googleCampaignId', 'day']),
    invalidClickCosts(events, scope, { byGoogleCampaign: true }),
    googleCampaignNames(db, relationship.id),
    googleShown ? exclusionPushesBetween(db, relationship.id, range.from, range.to) : [],
    googleShown ? firstExclusionPushes(db, relationship.id) : new Map<string, Date>(),
    googleShown ? googleAdsLinkedAt(db, relationship.id) : null,
  ]);

  const total = new Tally();
  const channels = new Map<TrafficType, Tally>();
  eachRow(byChannel, (key, day, visits, invalidVisits) => {
    const type = zTrafficType.safeParse(key);
    if (!type.success) return;
    tallyOf(channels, type.data).add(day, { visits, invalidVisits });
    total.add(day, { visits, invalidVisits });
  });
  const campaigns = new Map<string, Tally>();
  eachRow(byCampaign, (key, day, visits, invalidVisits) => {
    if (key !== null) tallyOf(campaigns, key).add(day, { visits, invalidVisits });
  });
  for (const row of costs) {
    const type = zTrafficType.safeParse(row.trafficType);
    if (type.success) tallyOf(channels, type.data).add(row.day, { savings: row.savings });
    if (row.googleCampaignId) tallyOf(campaigns, row.googleCampaignId).add(row.day, { savings: row.savings });
    total.add(row.day, { savings: row.savings });
  }

  const pushedByDay = new Map<string, number>();
  const pushedByCampaign = new Map<string, number>();
  for (const push of pushes) {
    const day = localDay(push.at, timeZone);
    pushedByDay.set(day, (pushedByDay.get(day) ?? 0) + 1);
    pushedByCampaign.set(push.campaignId, (pushedByCampaign.get(push.campaignId) ?? 0) + 1);
  }

  const byInvalid = <T extends { invalidVisits: number; visits: number }>(a: T, b: T) =>
    b.invalidVisits - a.invalidVisits || b.visits - a.visits;
  const totals = total.figures(days);
  return {
    currency: relationship.currency,
    days,
    totals: {
      visits: totals.visits,
      invalidVisits: totals.invalidVisits,
      percentInvalidTraffic: totals.percentInvalidTraffic,
      savings: totals.savings,
      exclusionsPushed: pushes.length,
    },
    exclusions: days.map((day) => ({ day, pushed: pushedByDay.get(day) ?? 0 })),
    channels: [...channels]
      .map(([type, tally]) => ({ type, ...tally.figures(days) }))
      .filter((channel) => channel.visits > 0)
      .sort(byInvalid),
    campaigns: [...campaigns]
      .map(([campaignId, tally]) => ({
        campaignId,
        name: names.get(campaignId) ?? null,
        ...tally.figures(days),
      }))
      .filter((campaign) => campaign.visits > 0)
      .sort(byInvalid),
    protection: googleShown
      ? await protectionEffect(events, relationship, {
          campaignIds: new Set([...names.keys(), ...firstPushes.keys()].filter((id) => id !== '')),
          names,
          firstPushes,
          linkedAt,
          pushedByCampaign,
          now,
        })
      : [],
  };
}

interface ProtectionInput {
  campaignIds: ReadonlySet<string>;
  names: ReadonlyMap<string, string>;
  /** First push by campaign id, '' for the account-level exclusions (which protect every campaign). */
  firstPushes: ReadonlyMap<string, Date>;
  linkedAt: Date | null;
  pushedByCampaign: ReadonlyMap<string, number>;
  now: Date;
}

/**
 * Each linked campaign's protection start (its first exclusion pushed, its own or the account's,
 * else the linking of the Google Ads account) and the invalid share of its visits in the
 * {@link PROTECTION_WINDOW_DAYS} days before it against the days since (at most as many, up to now).
 * Campaigns that share a start are measured together: two queries a start.
 */
async function protectionEffect(
  events: EventStore,
  relationship: RelationshipRecord,
  input: ProtectionInput,
): Promise<ProtectedCampaign[]> {
  const accountPush = input.firstPushes.get('');
  const starts = new Map<number, { source: ProtectedCampaign['protectionStartSource']; ids: string[] }>();
  for (const id of input.campaignIds) {
    const pushes = [input.firstPushes.get(id), accountPush].filter((at): at is Date => at !== undefined);
    const first = pushes.length > 0 ? Math.min(...pushes.map((at) => at.getTime())) : null;
    const start = first ?? input.linkedAt?.getTime() ?? null;
    if (start === null || start > input.now.getTime()) continue;
    const group = starts.get(start) ?? { source: first === null ? 'linking' : 'first_exclusion', ids: [] };
    group.ids.push(id);
    starts.set(start, group);
  }

  const window = PROTECTION_WINDOW_DAYS * DAY_MS;
  const figuresOf = async (from: number, to: number, ids: string[]) => {
    const stats = await widgetStats(
      events,
      scopeOf(relationship, { from: new Date(from), to: new Date(to) }, [
        { dimension: 'googleCampaignId', type: 'equals', values: ids },
      ]),
      ['googleCampaignId'],
    );
    const byId = new Map<string, WindowFigures>();
    for (const row of stats.rows) {
      const visits = row.metrics.hits ?? 0;
      const invalidVisits = row.metrics.highRiskHits ?? 0;
      byId.set(String(row.values[0]), {
        visits,
        invalidVisits,
        percentInvalidTraffic: share(visits, invalidVisits),
      });
    }
    return byId;
  };
  const none: WindowFigures = { visits: 0, invalidVisits: 0, percentInvalidTraffic: null };

  const groups = await Promise.all(
    [...starts].map(async ([start, group]) => {
      const end = Math.min(start + window, input.now.getTime());
      const [before, after] = await Promise.all([
        figuresOf(start - window, start, group.ids),
        end > start ? figuresOf(start, end, group.ids) : new Map<string, WindowFigures>(),
      ]);
      return group.ids.map((campaignId): ProtectedCampaign => {
        const was = before.get(campaignId) ?? none;
        const is = after.get(campaignId) ?? none;
        return {
          campaignId,
          name: input.names.get(campaignId) ?? null,
          exclusionsPushed:
            (input.pushedByCampaign.get(campaignId) ?? 0) + (input.pushedByCampaign.get('') ?? 0),
          protectionStart: new Date(start).toISOString(),
          protectionStartSource: group.source,
          before: was,
          after: is,
          change:
            was.percentInvalidTraffic === null || is.percentInvalidTraffic === null
              ? null
              : is.percentInvalidTraffic - was.percentInvalidTraffic,
        };
      });
    }),
  );
  return groups
    .flat()
    .filter(
      (campaign) => campaign.before.visits > 0 || campaign.after.visits > 0 || campaign.exclusionsPushed > 0,
    )
    .sort(
      (a, b) =>
        b.protectionStart.localeCompare(a.protectionStart) || b.after.invalidVisits - a.after.invalidVisits,
    );
}
