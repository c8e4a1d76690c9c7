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
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { costBasis } from '../../analytics/hit-cost.js';
import type { ComputedMetric } from '../../analytics/metric-formulas.js';
import { type QueryScope, threats, widgetStats } from '../../analytics/results.js';
import { type InvalidClickCosts, invalidClickCosts } from '../../analytics/savings.js';
import { InvalidRangeError, previousRange, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';

/**
 * The home dashboard's figures, all from the analytics engine: visits by risk per channel for the
 * selected period and the one of the same length before it; savings price each invalid click of a paid
 * channel at its Google campaign's real cost per click where costs were imported, at the account's
 * default cost per click of the channel otherwise (`analytics/savings.ts`).
 */

/** Least visits a channel needs in the period to count as a trend (a share of 2 visits says little). */
export const TREND_MIN_VISITS = 20;

interface Period {
  scope: QueryScope;
  byChannel: Map<TrafficType, { visits: number; invalid: number; legitimate: number }>;
  /** The invalid clicks of paid channels by day and channel, with their price. */
  invalidCosts: InvalidClickCosts[];
}

/** What the invalid clicks of one paid channel cost in a period. */
interface ChannelSavings {
  invalid: number;
  priced: number;
  savings: number;
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
    lookups: NO_LOOKUPS,
    costs: costBasis(relationship.defaultCpc),
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
      const [stats, invalidCosts] = await Promise.all([
        widgetStats(store, scope, ['trafficType']),
        invalidClickCosts(store, scope),
      ]);
      return { scope, byChannel: channelsOf(stats), invalidCosts };
    };
    const [selected, previous] = await Promise.all([load(range), load(previousRange(range))]);
    return new HomeFigures(store, relationship, selected, previous);
  }

  private costPerClick(type: TrafficType): number | null {
    const cpc = this.relationship.defaultCpc[type];
    return typeof cpc === 'number' && cpc >= 0 ? cpc : null;
  }

  private savingsOf(period: Period): number {
    return roundMoney(period.invalidCosts.reduce((sum, row) => sum + row.savings, 0));
  }

  private channelSavings(period: Period): Map<string, ChannelSavings> {
    const byChannel = new Map<string, ChannelSavings>();
    for (const row of period.invalidCosts) {
      const channel = byChannel.get(row.trafficType) ?? { invalid: 0, priced: 0, savings: 0 };
      channel.invalid += row.invalidVisits;
      channel.priced += row.pricedVisits;
      channel.savings += row.savings;
      byChannel.set(row.trafficType, channel);
    }
    return byChannel;
  }

  /**
   * The cost per click a channel's savings used: the average price of its priced invalid clicks (real
   * and default prices mixed), the default when none was priced, null when the channel has neither.
   */
  private channelCostPerClick(type: TrafficType, channel: ChannelSavings | undefined): number | null {
    if (!channel || channel.priced === 0) return this.costPerClick(type);
    return Math.round((channel.savings / channel.priced) * 10_000) / 10_000;
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
    // A channel with invalid clicks that neither an imported nor a default cost per click priced.
    const uncosted = [...this.channelSavings(this.selected)]
      .filter(([, channel]) => channel.priced < channel.invalid)
      .map(([type]) => type as TrafficType);
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
    const series = new Map<string, number>();
    for (const row of this.selected.invalidCosts) {
      series.set(row.day, (series.get(row.day) ?? 0) + row.savings);
    }
    const priced = this.channelSavings(this.selected);
    let invalidPaidVisits = 0;
    let paidVisits = 0;
    const channels = PAID_TRAFFIC_TYPES.map((type) => {
      const figures = this.selected.byChannel.get(type) ?? { visits: 0, invalid: 0, legitimate: 0 };
      invalidPaidVisits += figures.invalid;
      paidVisits += figures.visits;
      const channel = priced.get(type);
      return {
        type,
        invalidVisits: figures.invalid,
        costPerClick: this.channelCostPerClick(type, channel),
        savings: roundMoney(channel?.savings ?? 0),
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
