import { z } from 'zod';
import { zAnalyticsDate } from './analytics/query.js';
import { zTrafficType } from './detection.js';

/**
 * The performance screen's call (spec 02 §2 /intelligence/performance): protection over time. Visits
 * are hits, invalid means high risk (as on the home dashboard); savings price each invalid visit of a
 * paid channel as the home dashboard's savings do (docs/metrics.md "Savings").
 */

/** Days before and after protection started that the before/after effect compares (docs/metrics.md). */
export const PROTECTION_WINDOW_DAYS = 30;

/** The tabs of the screen; the address carries the one open (`?tab=savings`). */
export const PERFORMANCE_TABS = ['performance', 'savings'] as const;
export type PerformanceTab = (typeof PERFORMANCE_TABS)[number];

/** The selected period (both days included) and, optionally, one channel. */
export const zPerformanceQuery = z.object({
  from: zAnalyticsDate,
  to: zAnalyticsDate,
  channel: zTrafficType.optional(),
});
export type PerformanceQuery = z.infer<typeof zPerformanceQuery>;

/** One local day of the account: its visits, invalid visits and savings. */
export const zPerformanceDay = z.object({
  day: z.string(),
  visits: z.number().int(),
  invalidVisits: z.number().int(),
  savings: z.number(),
});
export type PerformanceDay = z.infer<typeof zPerformanceDay>;

const zFigures = {
  visits: z.number().int(),
  invalidVisits: z.number().int(),
  /** Invalid share of the visits, in percent; null without visits. */
  percentInvalidTraffic: z.number().nullable(),
  savings: z.number(),
};

/** A channel over the period, with a point for every day of it. */
export const zPerformanceChannel = z.object({
  type: zTrafficType,
  ...zFigures,
  series: z.array(zPerformanceDay),
});
export type PerformanceChannel = z.infer<typeof zPerformanceChannel>;

/** A Google Ads campaign the visits carried, over the period, with a point for every day of it. */
export const zPerformanceCampaign = z.object({
  campaignId: z.string(),
  /** The name the integration imported; null for a campaign it does not know. */
  name: z.string().nullable(),
  ...zFigures,
  series: z.array(zPerformanceDay),
});
export type PerformanceCampaign = z.infer<typeof zPerformanceCampaign>;

export const zWindowFigures = z.object({
  visits: z.number().int(),
  invalidVisits: z.number().int(),
  percentInvalidTraffic: z.number().nullable(),
});
export type WindowFigures = z.infer<typeof zWindowFigures>;

/**
 * A linked campaign and the effect of its protection: the invalid share of its visits in the
 * {@link PROTECTION_WINDOW_DAYS} days before protection started against the days since (at most as many).
 */
export const zProtectedCampaign = z.object({
  campaignId: z.string(),
  name: z.string().nullable(),
  /** Exclusions pushed to Google Ads for the campaign (or its whole account) in the selected period. */
  exclusionsPushed: z.number().int(),
  /** When protection started, an ISO instant. */
  protectionStart: z.string(),
  /** What set the start: the first exclusion pushed, or the date the Google Ads account was linked. */
  protectionStartSource: z.enum(['first_exclusion', 'linking']),
  before: zWindowFigures,
  after: zWindowFigures,
  /** Percentage points the invalid share moved (after minus before); null when a window had no visits. */
  change: z.number().nullable(),
});
export type ProtectedCampaign = z.infer<typeof zProtectedCampaign>;

export const zPerformance = z.object({
  currency: z.string(),
  /** Every local day of the period, in order. */
  days: z.array(z.string()),
  totals: z.object({ ...zFigures, exclusionsPushed: z.number().int() }),
  /** Exclusions pushed a day, with a point for every day of the period. */
  exclusions: z.array(z.object({ day: z.string(), pushed: z.number().int() })),
  /** Channels with visits in the period, most invalid visits first. */
  channels: z.array(zPerformanceChannel),
  /** Google Ads campaigns with visits in the period, most invalid visits first. */
  campaigns: z.array(zPerformanceCampaign),
  /** Linked campaigns whose protection has started, latest start first. */
  protection: z.array(zProtectedCampaign),
});
export type Performance = z.infer<typeof zPerformance>;
