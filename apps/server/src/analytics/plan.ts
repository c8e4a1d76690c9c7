import {
  type AnalyticsAccess,
  DIMENSIONS,
  type DimensionId,
  FREE_PLAN_DIMENSIONS,
  isDimensionAllowed,
} from '@veracity/contracts/analytics/dimensions';
import {
  FILTERS,
  FREE_PLAN_FILTERS_MESSAGE,
  filterByColumn,
  isFilterAllowed,
  type ReportFilter,
} from '@veracity/contracts/analytics/filters';
import { DEFAULT_METRICS, type MetricKey, metricsAllowed } from '@veracity/contracts/analytics/metrics';
import { DEFAULT_SORT, type SortKey } from '@veracity/contracts/analytics/query';
import { ApiError } from '../http/api-error.js';
import { type DimensionLookups, NO_LOOKUPS } from './dimension-columns.js';
import type { CostBasis } from './hit-cost.js';
import { RELEASE_MEASURES, type ReleasedConversions } from './measures.js';
import { type ComputedMetric, isComputedMetric, METRIC_FORMULAS } from './metric-formulas.js';
import type { PlannedFilter } from './query-sql.js';
import type { QueryScope } from './results.js';
import { InvalidRangeError, timeRange } from './time-range.js';

/**
 * Planning an analytics query (spec 02 §2, §6): what the reading account's plan and features open,
 * checked before anything runs, and the scope the query runs in (the account, its time zone, the range).
 */

/** Who reads: the account, its time zone, what its plan and features open, its own dimension names. */
export interface AnalyticsReader {
  relationshipId: number;
  timeZone: string;
  access: AnalyticsAccess;
  /** Names the account's records give to ids the events hold (read only when a dimension shows them). */
  lookups(): Promise<DimensionLookups>;
  /** How the account's clicks are priced for the cost, profit and ROI metrics. */
  costs: CostBasis;
  /** The held conversions the account released in a range (read only when a metric counts them). */
  releasedConversions?(range: { from: Date; to: Date }): Promise<ReleasedConversions>;
}

/** Refuses (403) a dimension the account's plan or features do not open. */
export function checkDimensions(access: AnalyticsAccess, dimensions: readonly DimensionId[]): void {
  for (const dimension of dimensions) {
    if (isDimensionAllowed(dimension, access)) continue;
    const label = DIMENSIONS[dimension].label;
    throw ApiError.forbidden(
      access.free
        ? `The Free plan analyses by ${FREE_PLAN_DIMENSIONS.map((id) => DIMENSIONS[id].label).join(' and ')} only (${label} is not available)`
        : `The ${label} dimension is not available on your plan`,
    );
  }
}

/** Refuses (403) filters on the free plan and filters on columns the account does not have. */
export function planFilters(access: AnalyticsAccess, filters: readonly ReportFilter[]): PlannedFilter[] {
  if (access.free && filters.length > 0) throw ApiError.forbidden(FREE_PLAN_FILTERS_MESSAGE);
  return filters.map((filter) => {
    const id = filterByColumn(filter.column);
    if (!id || !(id in DIMENSIONS)) throw ApiError.badRequest(`Unknown filter column ${filter.column}`);
    if (!isFilterAllowed(id, access)) {
      throw ApiError.forbidden(`The ${FILTERS[id].label} filter is not available on your plan`);
    }
    return {
      dimension: id as DimensionId,
      type: filter.type,
      values: filter.values as string[] | number[],
    };
  });
}

/**
 * The metrics a query computes: those asked (the defaults otherwise) that the account has, in the order
 * asked. Metrics that need the firewall are left out without it (spec 02 §3: "hidden"), as are status
 * and labels, which describe a row's campaign rather than its events.
 */
export function planMetrics(
  access: AnalyticsAccess,
  asked: readonly MetricKey[] | undefined,
): ComputedMetric[] {
  const allowed = new Set(metricsAllowed(access));
  const metrics = (asked ?? DEFAULT_METRICS).filter(
    (metric): metric is ComputedMetric => allowed.has(metric) && isComputedMetric(metric),
  );
  return [...new Set(metrics)];
}

/** The sort of a tree: sort keys the query has (metrics computed, its dimensions), else the default. */
export function planSort(
  sort: readonly SortKey[] | undefined,
  metrics: ComputedMetric[],
  dimensions: readonly DimensionId[],
): { key: ComputedMetric | DimensionId; direction: 'asc' | 'desc' }[] {
  const usable = (sort ?? DEFAULT_SORT).filter(
    (key) =>
      (dimensions as readonly string[]).includes(key.key) || (metrics as readonly string[]).includes(key.key),
  );
  const fallback = DEFAULT_SORT.filter((key) => (metrics as readonly string[]).includes(key.key));
  return (usable.length > 0 ? usable : fallback) as {
    key: ComputedMetric | DimensionId;
    direction: 'asc' | 'desc';
  }[];
}

/** The scope of a query: the account, its zone, the range (400 on bad dates), the filters. */
export async function planScope(
  reader: AnalyticsReader,
  query: {
    from: string;
    to: string;
    filters: readonly ReportFilter[];
    matchType: 'all' | 'any';
    dimensions: readonly DimensionId[];
  },
  metrics: ComputedMetric[],
): Promise<QueryScope> {
  checkDimensions(reader.access, query.dimensions);
  const filters = planFilters(reader.access, query.filters);
  let range: { from: Date; to: Date };
  try {
    range = timeRange(query.from, query.to, reader.timeZone);
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
    throw error;
  }
  const needsLookups = query.dimensions.some((id) => DIMENSIONS[id].source === 'googleCampaigns');
  const countsReleases = metrics.some((metric) =>
    METRIC_FORMULAS[metric].uses.some((measure) => RELEASE_MEASURES.has(measure)),
  );
  return {
    relationshipId: reader.relationshipId,
    timeZone: reader.timeZone,
    ...range,
    metrics,
    filters,
    matchType: query.matchType,
    lookups: needsLookups ? await reader.lookups() : NO_LOOKUPS,
    costs: reader.costs,
    ...(countsReleases && reader.releasedConversions
      ? { released: await reader.releasedConversions(range) }
      : {}),
  };
}
