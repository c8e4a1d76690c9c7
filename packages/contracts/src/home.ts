import { z } from 'zod';
import { zAnalyticsDate } from './analytics/query.js';
import { type TrafficType, zTrafficType } from './detection.js';

/**
 * The home dashboard's calls (spec 02 §2 "Home dashboard", §3 KPIs and channel cards). "Visits" are
 * hits (the spec shows a click as a Visit); invalid means high risk, legitimate low risk.
 */

/** Paid channels: their invalid visits are what savings count, each at its price (docs/metrics.md). */
export const PAID_TRAFFIC_TYPES = [
  'google',
  'facebook',
  'microsoft',
  'tiktok',
  'pinterest',
  'linkedin',
  'twitter',
  'reddit',
  'taboola',
  'outbrain',
  'criteo',
  'yandex',
  'tradedoubler',
] as const satisfies readonly TrafficType[];

/** The channels of the carousel, in the spec's order (spec 02 §2). */
export const CHANNEL_CARDS = [
  'reddit',
  'taboola',
  'outbrain',
  'organic_search',
  'referral',
  'direct',
  'google',
  'facebook',
  'tiktok',
  'microsoft',
  'pinterest',
  'yandex',
  'twitter',
  'criteo',
  'linkedin',
] as const satisfies readonly TrafficType[];

/** Default items of the trends and watchlist widgets (spec 02 §9). */
export const TRENDS_ITEMS = 3;
export const WATCHLIST_ITEMS = 3;

/** The savings info text (spec 02 §8). */
export const SAVINGS_INFO =
  'Savings represent the portion of your budget that has been reallocated, effectively preventing waste on invalid traffic identified by the product.';

/** Query of every home call: the selected period (the previous one is the same length before it). */
export const zHomeQuery = z.object({ from: zAnalyticsDate, to: zAnalyticsDate });
export type HomeQuery = z.infer<typeof zHomeQuery>;

export const zPeriodFigures = z.object({
  legitimateVisits: z.number().int(),
  invalidVisits: z.number().int(),
  totalVisits: z.number().int(),
  /** Invalid visits of paid channels times each channel's cost per click, in the account currency. */
  savings: z.number(),
});
export type PeriodFigures = z.infer<typeof zPeriodFigures>;

export const zKeyFigures = z.object({
  selectedPeriod: zPeriodFigures,
  previousPeriod: zPeriodFigures,
  currency: z.string(),
  /** What kept a figure from being exact, e.g. paid channels without a cost per click. */
  errors: z.array(z.string()),
});
export type KeyFigures = z.infer<typeof zKeyFigures>;

export const zChannelFigures = z.object({
  type: zTrafficType,
  invalidVisits: z.number().int(),
  /** Invalid share of the channel's visits, in percent; null without visits. */
  percentInvalidTraffic: z.number().nullable(),
  /** Change of invalid visits against the previous period, in percent; null when it had none. */
  evolution: z.number().nullable(),
  totalVisits: z.number().int(),
});
export type ChannelFigures = z.infer<typeof zChannelFigures>;
export const zChannels = z.object({ channels: z.array(zChannelFigures) });
export type Channels = z.infer<typeof zChannels>;

export const zTrend = z.object({
  type: zTrafficType,
  percentInvalidTraffic: z.number(),
  previousPercentInvalidTraffic: z.number().nullable(),
  /** Percentage points gained (positive) or lost since the previous period. */
  change: z.number(),
  totalVisits: z.number().int(),
});
export const zTrends = z.object({ trends: z.array(zTrend) });
export type Trends = z.infer<typeof zTrends>;

export const zWatchlistItem = z.object({
  /** A threat reason id, e.g. `network:datacenter`. */
  threat: z.string(),
  invalidVisits: z.number().int(),
  previousInvalidVisits: z.number().int(),
});
export const zWatchlist = z.object({ items: z.array(zWatchlistItem) });
export type Watchlist = z.infer<typeof zWatchlist>;

export const zSavings = z.object({
  currency: z.string(),
  globalWidgets: z.object({
    savings: z.number(),
    invalidPaidVisits: z.number().int(),
    paidVisits: z.number().int(),
  }),
  channels: z.array(
    z.object({
      type: zTrafficType,
      invalidVisits: z.number().int(),
      /**
       * The cost per click the channel's savings used: the average price of its priced invalid visits
       * (imported Google Ads costs per campaign day, else the account's default); the default when none
       * was priced; null when neither is known (no savings counted).
       */
      costPerClick: z.number().nullable(),
      savings: z.number(),
    }),
  ),
  /** Savings per day of the period (account time zone). */
  series: z.array(z.object({ day: z.string(), savings: z.number() })),
});
export type Savings = z.infer<typeof zSavings>;
