import { z } from 'zod';
import { zRiskLevel } from '../detection.js';
import { zDimensionId } from './dimensions.js';
import { MATCH_TYPES, MAX_FILTER_VALUES, zFilterId, zReportFilter } from './filters.js';
import { zMetricKey } from './metrics.js';

/**
 * The analytics calls (spec 02 §7): one query object for the tree, the threat breakdown and the
 * widget statistics. Dates are `YYYY-MM-DD` (whole days in the account's time zone, `to` included),
 * `YYYY-MM-DD HH:MM:SS` (wall-clock time in that zone) or a UTC ISO datetime (spec 02 §5).
 */

export const ANALYTICS_DATE_PATTERN =
  /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}:\d{2})?$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/** Rows of one tree level per page unless the query asks otherwise. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** Most dimension levels of a tree. */
export const MAX_DIMENSIONS = 5;
/** Most rows under an expanded row. */
export const MAX_CHILD_ROWS = 500;
/** Most rows (series points) of a widget statistics answer. */
export const MAX_WIDGET_ROWS = 5000;

export const zAnalyticsDate = z
  .string()
  .regex(ANALYTICS_DATE_PATTERN, 'must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO UTC datetime');

/** A dimension value: text, an id, or null ("Not available"). */
export const zDimensionValue = z.union([z.string().max(8192), z.number(), z.null()]);
export type DimensionValue = z.infer<typeof zDimensionValue>;

export const zSortKey = z.object({
  key: z.union([zMetricKey, zDimensionId]),
  direction: z.enum(['asc', 'desc']),
});
export type SortKey = z.infer<typeof zSortKey>;

/** The default order of every analytics table (spec 02 §9). */
export const DEFAULT_SORT: SortKey[] = [{ key: 'sessions', direction: 'desc' }];

/** What every analytics call reads: the period, the filters and how they combine, the dimensions. */
export const zQueryBase = z.object({
  filters: z.array(zReportFilter).max(40).default([]),
  matchType: z.enum(MATCH_TYPES).default('all'),
  dimensions: z.array(zDimensionId).max(MAX_DIMENSIONS),
  from: zAnalyticsDate,
  to: zAnalyticsDate,
});

/** POST /api/analytics/tree. */
export const zAnalyticsTreeQuery = zQueryBase.extend({
  dimensions: z.array(zDimensionId).min(1).max(MAX_DIMENSIONS),
  /** Metrics of every row; the account's default metrics when absent. */
  metrics: z.array(zMetricKey).max(60).optional(),
  sort: z.array(zSortKey).max(3).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Rows to open, each the values of its first dimensions (a path from the top level). */
  expanded: z
    .array(
      z
        .array(zDimensionValue)
        .min(1)
        .max(MAX_DIMENSIONS - 1),
    )
    .max(MAX_FILTER_VALUES)
    .default([]),
});
export type AnalyticsTreeQuery = z.input<typeof zAnalyticsTreeQuery>;

/** POST /api/analytics/export: the tree's query, every page, as CSV (204 when there is nothing). */
export const zAnalyticsExportQuery = zAnalyticsTreeQuery.omit({ page: true, pageSize: true });
export type AnalyticsExportQuery = z.input<typeof zAnalyticsExportQuery>;

/** Metric values of a row; null when a ratio has nothing to divide by. */
export const zMetricValues = z.record(z.string(), z.number().nullable());
export type MetricValues = z.infer<typeof zMetricValues>;

export interface AnalyticsTreeRow {
  /** The row's own dimension value. */
  value: DimensionValue;
  /** The values of the row and its parents, from the top level (what `expanded` takes). */
  path: DimensionValue[];
  metrics: MetricValues;
  /** The rows one level down, present when the row is expanded. */
  children?: AnalyticsTreeRow[];
  /** Rows one level down in all (more than `children` holds when beyond {@link MAX_CHILD_ROWS}). */
  totalChildren?: number;
}

export const zAnalyticsTreeRow: z.ZodType<AnalyticsTreeRow> = z.lazy(() =>
  z.object({
    value: zDimensionValue,
    path: z.array(zDimensionValue),
    metrics: zMetricValues,
    children: z.array(zAnalyticsTreeRow).optional(),
    totalChildren: z.number().int().optional(),
  }),
);

export const zAnalyticsTree = z.object({
  dimensions: z.array(zDimensionId),
  metrics: z.array(zMetricKey),
  /** The metrics over everything the filters match. */
  totals: zMetricValues,
  rows: z.array(zAnalyticsTreeRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Top-level rows in all. */
  totalRows: z.number().int(),
});
export type AnalyticsTree = z.infer<typeof zAnalyticsTree>;

/** POST /api/analytics/threats: the threat reasons of the query, or of one row of it (`path`). */
export const zAnalyticsThreatsQuery = zQueryBase.extend({
  dimensions: z.array(zDimensionId).max(MAX_DIMENSIONS).default([]),
  path: z.array(zDimensionValue).max(MAX_DIMENSIONS).default([]),
});
export type AnalyticsThreatsQuery = z.input<typeof zAnalyticsThreatsQuery>;

export const zTierCounts = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  total: z.number().int(),
});
export type TierCounts = z.infer<typeof zTierCounts>;

export const zAnalyticsThreat = z.object({
  /** The threat reason id, e.g. `automation:webdriver`. */
  threat: z.string(),
  hits: zTierCounts,
  sessions: zTierCounts,
  conversions: zTierCounts,
});
export type AnalyticsThreat = z.infer<typeof zAnalyticsThreat>;
export const zAnalyticsThreats = z.object({ threats: z.array(zAnalyticsThreat) });
export type AnalyticsThreats = z.infer<typeof zAnalyticsThreats>;

/** Visits of a row listed a page at a time, newest first. */
export const ROW_SESSIONS_PAGE_SIZE = 25;
export const MAX_ROW_SESSIONS_PAGE_SIZE = 100;

/**
 * POST /api/analytics/sessions: the visits (sessions) of the query, or of one row of it (`path`), to
 * drill down from a number to the visits behind it; `riskLevel` keeps one analysis level.
 */
export const zAnalyticsSessionsQuery = zQueryBase.extend({
  dimensions: z.array(zDimensionId).max(MAX_DIMENSIONS).default([]),
  path: z.array(zDimensionValue).max(MAX_DIMENSIONS).default([]),
  riskLevel: zRiskLevel.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_ROW_SESSIONS_PAGE_SIZE).default(ROW_SESSIONS_PAGE_SIZE),
});
export type AnalyticsSessionsQuery = z.input<typeof zAnalyticsSessionsQuery>;

/** A visit of a row: when it started, where it landed, what it was, and its verdict. */
export const zAnalyticsSession = z.object({
  id: z.string(),
  startedAt: z.string(),
  landingUrl: z.string(),
  trafficType: z.string(),
  country: z.string().nullable(),
  deviceType: z.string().nullable(),
  browser: z.string().nullable(),
  hits: z.number().int(),
  riskLevel: zRiskLevel,
  threats: z.array(z.string()),
});
export type AnalyticsSession = z.infer<typeof zAnalyticsSession>;
export const zAnalyticsSessions = z.object({
  sessions: z.array(zAnalyticsSession),
  /** Visits the query matches in all. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AnalyticsSessions = z.infer<typeof zAnalyticsSessions>;

/** POST /api/widget-stats: metrics by dimensions for a chart, unpaged. */
export const zWidgetStatsQuery = zQueryBase.extend({
  metrics: z.array(zMetricKey).min(1).max(60),
});
export type WidgetStatsQuery = z.input<typeof zWidgetStatsQuery>;

export const zWidgetStats = z.object({
  dimensions: z.array(zDimensionId),
  metrics: z.array(zMetricKey),
  rows: z.array(z.object({ values: z.array(zDimensionValue), metrics: zMetricValues })),
  totals: zMetricValues,
  /** True when the answer stopped at {@link MAX_WIDGET_ROWS} rows. */
  truncated: z.boolean(),
});
export type WidgetStats = z.infer<typeof zWidgetStats>;

/** GET /api/analytics/filter-options: the values a filter's picker offers. */
export const zFilterOptionsQuery = z.object({
  /** A filter, or `labels`: the account's labels (the analytics view selects rows by label). */
  filter: z.union([zFilterId, z.literal('labels')]),
  /** Case-insensitive text the options must contain (names, and for countries their other languages). */
  search: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type FilterOptionsQuery = z.input<typeof zFilterOptionsQuery>;

export const zFilterOption = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  /** A country's flag emoji. */
  flag: z.string().optional(),
});
export type FilterOption = z.infer<typeof zFilterOption>;

export const zFilterOptions = z.object({
  options: z.array(zFilterOption),
  /** More options match than `limit`: the picker asks to refine the search. */
  truncated: z.boolean(),
});
export type FilterOptions = z.infer<typeof zFilterOptions>;

/** Observed values of a free-text filter come from this many days of hits. */
export const OBSERVED_VALUES_DAYS = 30;
