import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { WidgetStats } from '@veracity/contracts/analytics/query';
import { trafficTypeName } from '@veracity/contracts/analytics/reference/traffic-types';
import { TRAFFIC_TYPES, type TrafficType, zTrafficType } from '@veracity/contracts/detection';
import {
  CHANNEL_CARDS,
  type ChannelFigures,
  type KeyFigures,
  PAID_TRAFFIC_TYPES,
  type PeriodFigures,
  type Savings,
  TRENDS_ITEMS,
  type Trends,
  WATCHLIST_ITEMS,
  type Watchlist,
} from '@veracity/contracts/home';
import type { ComputedMetric } from '../../analytics/metric-formulas.js';
import { type QueryScope, threats, widgetStats } from '../../analytics/results.js';
import { InvalidRangeError, previousRange, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';

/**
 * The home dashboard's figures, all from the analytics engine: visits by risk per channel for the
 * selected period and the one of the same length before it, savings at the account's cost per click.
 */

/** Least visits a channel needs in the period to count as a trend (a share of 2 visits says little). */
export const TREND_MIN_VISITS = 20;

const PAID: ReadonlySet<string> = new Set(PAID_TRAFFIC_TYPES);

interface Period {
  scope: QueryScope;
  byChannel: Map<TrafficType, { visits: number; invalid: number; legitimate: number }>;
}

const METRICS: ComputedMetric[] = ['hits', 'highRiskHits', 'lowRiskHits'];

function scopeOf(relationship: RelationshipRecord, range: { from: Date; to: Date }): QueryScope {
  return {
    relationshipId: relationship.id,
    timeZone: relationship.timezone,
    ...range,
    metrics: METRICS,
    filters: [],
    matchType: 'all',
    lookups: { googleCampaigns: new Map() },
  };
}

function channelsOf(stats: WidgetStats): Period['byChannel'] {
  const byChannel: Period['byChannel'] = new Map();
  for (const row of stats.rows) {
    const type = zTrafficType.safeParse(row.values[0]);
    if (!type.success) continue;
    byChannel.set(type.data, {
      visits: row.metrics.hits ?? 0,
      invalid: row.metrics.highRiskHits ?? 0,
      legitimate: row.metrics.lowRiskHits ?? 0,
    });
  }
  return byChannel;
}

/**
 * One line for every paid channel without a cost per click, however many there are: on a first start
 * none has one, and a line per channel was a wall of warnings above the figures.
 */
function uncostedError(types: readonly TrafficType[]): string[] {
  const [only] = types;
  if (only === undefined) return [];
  if (types.length === 1) {
    return [
      `No cost per click is set for ${trafficTypeName(only)}: its invalid visits are not counted in savings`,
    ];
  }
  return [
    `No cost per click is set for ${types.length} paid channels: their invalid visits are not counted in savings`,
  ];
}

export class HomeFigures {
  private constructor(
    private readonly store: EventStore,
    private readonly relationship: RelationshipRecord,
    private readonly selected: Period,
    private readonly previous: Period,
  ) {}

  /** The figures of a period and the previous one; 400 on bad dates. */
  static async load(
    store: EventStore,
    relationship: RelationshipRecord,
    query: { from: string; to: string },
  ): Promise<HomeFigures> {
    let range: { from: Date; to: Date };
    try {
      range = timeRange(query.from, query.to, relationship.timezone);
    } catch (error) {
      if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
      throw error;
    }
    const load = async (period: { from: Date; to: Date }): Promise<Period> => {
      const scope = scopeOf(relationship, period);
      return { scope, byChannel: channelsOf(await widgetStats(store, scope, ['trafficType'])) };
    };
    const [selected, previous] = await Promise.all([load(range), load(previousRange(range))]);
    return new HomeFigures(store, relationship, selected, previous);
  }

  private costPerClick(type: TrafficType): number | null {
    const cpc = this.relationship.defaultCpc[type];
    return typeof cpc === 'number' && cpc >= 0 ? cpc : null;
  }

  private savingsOf(period: Period): number {
    let savings = 0;
    for (const [type, figures] of period.byChannel) {
      if (PAID.has(type)) savings += figures.invalid * (this.costPerClick(type) ?? 0);
    }
    return roundMoney(savings);
  }

  /**
   * The channels the overview shows: the carousel's, in the spec's order, then every other traffic type
   * with visits in either period. The key figures add up these same channels, so the ring of invalid
   * visits by channel and the Invalid visits figure agree by construction.
   */
  private channelTypes(): TrafficType[] {
    const carousel: readonly TrafficType[] = CHANNEL_CARDS;
    const others = TRAFFIC_TYPES.filter(
      (type) =>
        !carousel.includes(type) && (this.selected.byChannel.has(type) || this.previous.byChannel.has(type)),
    );
    return [...carousel, ...others];
  }

  private figuresOf(period: Period): PeriodFigures {
    let legitimateVisits = 0;
    let invalidVisits = 0;
    let totalVisits = 0;
    for (const type of this.channelTypes()) {
      const figures = period.byChannel.get(type);
      if (!figures) continue;
      legitimateVisits += figures.legitimate;
      invalidVisits += figures.invalid;
      totalVisits += figures.visits;
    }
    return { legitimateVisits, invalidVisits, totalVisits, savings: this.savingsOf(period) };
  }

  keyFigures(): KeyFigures {
    const uncosted = [...this.selected.byChannel]
      .filter(([type, figures]) => PAID.has(type) && figures.invalid > 0 && this.costPerClick(type) === null)
      .map(([type]) => type);
    return {
      selectedPeriod: this.figuresOf(this.selected),
      previousPeriod: this.figuresOf(this.previous),
      currency: this.relationship.currency,
      errors: uncostedError(uncosted),
    };
  }

  /** Every channel of the carousel and any other with visits, with its invalid visits, share and evolution. */
  channels(): ChannelFigures[] {
    return this.channelTypes().map((type) => {
      const now = this.selected.byChannel.get(type) ?? { visits: 0, invalid: 0, legitimate: 0 };
      const before = this.previous.byChannel.get(type)?.invalid ?? 0;
      return {
        type,
        invalidVisits: now.invalid,
        percentInvalidTraffic: now.visits === 0 ? null : (100 * now.invalid) / now.visits,
        evolution: before === 0 ? null : (100 * (now.invalid - before)) / before,
        totalVisits: now.visits,
      };
    });
  }

  /** The channels whose invalid share rose most since the previous period (enough visits to tell). */
  trends(): Trends {
    const trends = [...this.selected.byChannel]
      .filter(([, figures]) => figures.visits >= TREND_MIN_VISITS)
      .map(([type, figures]) => {
        const share = (100 * figures.invalid) / figures.visits;
        const before = this.previous.byChannel.get(type);
        const previousShare = before && before.visits > 0 ? (100 * before.invalid) / before.visits : null;
        return {
          type,
          percentInvalidTraffic: share,
          previousPercentInvalidTraffic: previousShare,
          change: share - (previousShare ?? 0),
          totalVisits: figures.visits,
        };
      })
      .sort((a, b) => b.change - a.change || b.totalVisits - a.totalVisits)
      .slice(0, TRENDS_ITEMS);
    return { trends };
  }

  /** The threat reasons behind most invalid visits in the period, against the previous period. */
  async watchlist(): Promise<Watchlist> {
    const none: DimensionId[] = [];
    const [now, before] = await Promise.all([
      threats(this.store, this.selected.scope, none, []),
      threats(this.store, this.previous.scope, none, []),
    ]);
    const previous = new Map(before.map((entry) => [entry.threat, entry.hits.high]));
    const items = now
      .filter((entry) => entry.hits.high > 0)
      .sort((a, b) => b.hits.high - a.hits.high || a.threat.localeCompare(b.threat))
      .slice(0, WATCHLIST_ITEMS)
      .map((entry) => ({
        threat: entry.threat,
        invalidVisits: entry.hits.high,
        previousInvalidVisits: previous.get(entry.threat) ?? 0,
      }));
    return { items };
  }

  async savings(): Promise<Savings> {
    const daily = await widgetStats(this.store, { ...this.selected.scope, metrics: ['highRiskHits'] }, [
      'day',
      'trafficType',
    ]);
    const series = new Map<string, number>();
    for (const row of daily.rows) {
      const [day, type] = row.values;
      if (typeof day !== 'string') continue;
      const cpc =
        typeof type === 'string' && PAID.has(type) ? (this.costPerClick(type as TrafficType) ?? 0) : 0;
      series.set(day, (series.get(day) ?? 0) + (row.metrics.highRiskHits ?? 0) * cpc);
    }
    let invalidPaidVisits = 0;
    let paidVisits = 0;
    const channels = PAID_TRAFFIC_TYPES.map((type) => {
      const figures = this.selected.byChannel.get(type) ?? { visits: 0, invalid: 0, legitimate: 0 };
      invalidPaidVisits += figures.invalid;
      paidVisits += figures.visits;
      const costPerClick = this.costPerClick(type);
      return {
        type,
        invalidVisits: figures.invalid,
        costPerClick,
        savings: roundMoney(figures.invalid * (costPerClick ?? 0)),
      };
    });
    return {
      currency: this.relationship.currency,
      globalWidgets: { savings: this.savingsOf(this.selected), invalidPaidVisits, paidVisits },
      channels,
      series: [...series].map(([day, savings]) => ({ day, savings: roundMoney(savings) })),
    };
  }
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
