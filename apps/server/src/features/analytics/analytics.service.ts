import {
  type AnalyticsAccess,
  analyticsAccess,
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
import type { Kysely } from 'kysely';
import { listAllCampaigns } from '../../accounts/campaigns.repo.js';
import type { DimensionLookups } from '../../analytics/dimension-columns.js';
import { type ComputedMetric, isComputedMetric } from '../../analytics/metric-formulas.js';
import type { PlannedFilter } from '../../analytics/query-sql.js';
import type { QueryScope } from '../../analytics/run-analytics.js';
import { InvalidRangeError, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';

/**
 * The rules of the analytics calls (spec 02 §2, §6): what an account's plan and features open, checked
 * on every query before it runs, and the scope a query runs in (the account, its time zone, the range).
 */

/** The spec's tooltip on the free plan's filters, also the answer to a free plan query that filters. */

export function accessOf(relationship: RelationshipRecord): AnalyticsAccess {
  return analyticsAccess(relationship.planType, relationship.accountFeatures, relationship.allowedVars);
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

/** Names and types the account's campaigns give Google campaign ids. */
export async function dimensionLookups(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<DimensionLookups> {
  const campaigns = await listAllCampaigns(db, relationshipId);
  const googleCampaigns = new Map<string, { name: string; type: string | null }>();
  for (const campaign of campaigns) {
    if (campaign.googleCampaignId && !googleCampaigns.has(campaign.googleCampaignId)) {
      googleCampaigns.set(campaign.googleCampaignId, {
        name: campaign.name,
        type: campaign.googleCampaignType,
      });
    }
  }
  return { googleCampaigns };
}

/** The scope of a query: the account, its zone, the range (400 on bad dates), the filters. */
export async function queryScope(
  db: Kysely<Database>,
  relationship: RelationshipRecord,
  query: {
    from: string;
    to: string;
    filters: readonly ReportFilter[];
    matchType: 'all' | 'any';
    dimensions: readonly DimensionId[];
  },
  metrics: ComputedMetric[],
): Promise<QueryScope> {
  const access = accessOf(relationship);
  checkDimensions(access, query.dimensions);
  const filters = planFilters(access, query.filters);
  let range: { from: Date; to: Date };
  try {
    range = timeRange(query.from, query.to, relationship.timezone);
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
    throw error;
  }
  const needsLookups = query.dimensions.some((id) => DIMENSIONS[id].source === 'googleCampaigns');
  return {
    relationshipId: relationship.id,
    timeZone: relationship.timezone,
    ...range,
    metrics,
    filters,
    matchType: query.matchType,
    lookups: needsLookups ? await dimensionLookups(db, relationship.id) : { googleCampaigns: new Map() },
  };
}
