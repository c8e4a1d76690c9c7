import { z } from 'zod';
import { CUSTOM_VAR_NAMES, type CustomVarName } from '../s2s.js';
import {
  type AnalyticsAccess,
  allowedCustomVars,
  DIMENSIONS,
  type DimensionGroup,
  type DimensionId,
} from './dimensions.js';

/**
 * The analytics and report filters (spec 02 §3 "Filters", §5, §6). Filters mirror the dimensions except
 * the time ones, plus the period (dateStart, dateEnd, rangeText) and the view filters (status,
 * analysisLevel). A filter is list-backed (values picked from a reference list) or free text (values
 * typed by the user), and reads the query column named by `column`.
 */

/** The reference list a list-backed filter picks its values from. */
export type FilterSource =
  | 'offers'
  | 'campaigns'
  | 'trafficSources'
  | 'deviceNames'
  | 'operatingSystems'
  | 'browsers'
  | 'countries'
  | 'googleCampaignTypes'
  | 'googleCampaigns'
  | 'googleAccounts'
  | 'trafficTypes'
  | 'securityLevels'
  | 'hitStatuses'
  | 'statuses';

/** list: picked from `source`; text: typed freely; date: YYYY-MM-DD; range: a named date range. */
export type FilterKind = 'list' | 'text' | 'date' | 'range';
export type FilterValueType = 'integer' | 'string';
export type FilterGroup = Exclude<DimensionGroup, 'time'> | 'period' | 'view';

export interface FilterDefinition {
  readonly group: FilterGroup;
  readonly label: string;
  /** The query column the filter applies to (the report filter's `column`). */
  readonly column: string;
  readonly kind: FilterKind;
  readonly valueType: FilterValueType;
  readonly source: FilterSource | null;
  readonly needsGoogle: boolean;
  readonly needsFirewall: boolean;
  /** Offered as a report filter line (spec 02 §5 leaves the Google account, campaign, keyword, placement
   * and type filters, the period and the view filters out of report columns). */
  readonly inReports: boolean;
}

/** Free-text filters (spec 02 §3); every other dimension filter is list-backed. */
const FREE_TEXT: readonly string[] = [
  'subPublisher',
  'isp',
  'opt_domain',
  'referer',
  'utm_source',
  'utm_campaign',
  'utm_medium',
  'utm_content',
  'utm_term',
  'googlePlacement',
  'googleKeyword',
  ...CUSTOM_VAR_NAMES,
];

const SOURCES: Partial<Record<DimensionId, FilterSource>> = {
  offer: 'offers',
  campaign: 'campaigns',
  trafficSource: 'trafficSources',
  device: 'deviceNames',
  os: 'operatingSystems',
  browser: 'browsers',
  country: 'countries',
  googleCampaignType: 'googleCampaignTypes',
  googleCampaignId: 'googleCampaigns',
  googleCampaignName: 'googleCampaigns',
  googleAccountId: 'googleAccounts',
  googleAccountName: 'googleAccounts',
  trafficType: 'trafficTypes',
  hitSecurityLevel: 'securityLevels',
  hitStatus: 'hitStatuses',
};

/**
 * Query columns that differ from the filter id (spec 02 §3). The old product sent the utm_campaign filter
 * to the utm_source column, so filtering by UTM campaign matched UTM sources: a defect we fix, and
 * utm_campaign filters utm_campaign (it falls through to the id below).
 */
const COLUMNS: Partial<Record<DimensionId, string>> = {
  campaign: 'campaignId',
  offer: 'offerId',
  trafficSource: 'trafficSourceId',
  device: 'deviceType',
  os: 'osName',
};

const INTEGER_FILTERS: readonly DimensionId[] = ['offer', 'campaign', 'trafficSource'];

const NOT_IN_REPORTS: readonly DimensionId[] = [
  'googleAccountId',
  'googleAccountName',
  'googleCampaignId',
  'googleCampaignName',
  'googleKeyword',
  'googlePlacement',
  'googleCampaignType',
];

type FilterDimensionId = Exclude<DimensionId, 'day' | 'hour' | 'month'>;

function dimensionFilter(id: FilterDimensionId): FilterDefinition {
  const dimension = DIMENSIONS[id];
  const freeText = FREE_TEXT.includes(id);
  return {
    group: dimension.group as FilterGroup,
    label: dimension.label,
    column: COLUMNS[id] ?? id,
    kind: freeText ? 'text' : 'list',
    valueType: INTEGER_FILTERS.includes(id) ? 'integer' : 'string',
    source: freeText ? null : (SOURCES[id] ?? null),
    needsGoogle: dimension.needsGoogle,
    needsFirewall: dimension.needsFirewall,
    inReports: !NOT_IN_REPORTS.includes(id),
  };
}

function otherFilter(group: 'period' | 'view', label: string, kind: FilterKind, source: FilterSource | null) {
  return {
    group,
    label,
    kind,
    valueType: 'string',
    source,
    needsGoogle: false,
    needsFirewall: false,
    inReports: false,
  } as const;
}

const DIMENSION_FILTER_IDS = (Object.keys(DIMENSIONS) as DimensionId[]).filter(
  (id): id is FilterDimensionId => DIMENSIONS[id].group !== 'time',
);

export const FILTERS = {
  ...(Object.fromEntries(DIMENSION_FILTER_IDS.map((id) => [id, dimensionFilter(id)])) as Record<
    FilterDimensionId,
    FilterDefinition
  >),
  dateStart: { ...otherFilter('period', 'From', 'date', null), column: 'dateStart' },
  dateEnd: { ...otherFilter('period', 'To', 'date', null), column: 'dateEnd' },
  rangeText: { ...otherFilter('period', 'Date range', 'range', null), column: 'rangeText' },
  /** The status of the row's campaign, offer or traffic source (active or inactive). */
  status: { ...otherFilter('view', 'Status', 'list', 'statuses'), column: 'status' },
  /** The analysis level (risk level) the view is cut at; its values follow the security levels. */
  analysisLevel: {
    ...otherFilter('view', 'Analysis level', 'list', 'securityLevels'),
    column: 'analysisLevel',
  },
} satisfies Record<string, FilterDefinition>;

export type FilterId = keyof typeof FILTERS;
export const FILTER_IDS = Object.keys(FILTERS) as [FilterId, ...FilterId[]];
export const zFilterId = z.enum(FILTER_IDS);

/**
 * Spec 02 §6: the free plan's filter selection is disabled with this tooltip; the server answers a free
 * plan query that filters with the same words.
 */
export const FREE_PLAN_FILTERS_MESSAGE =
  'Filters selection is not available on Free Plan. You can still explore the possible filters Veracity offers';

/** The period filters, the only ones the free plan reads (spec 02 §2, §6). */
export const DATE_FILTERS = ['dateStart', 'dateEnd', 'rangeText'] as const satisfies readonly FilterId[];

/** The filter whose query column is `column`, if any. */
export function filterByColumn(column: string): FilterId | undefined {
  return FILTER_IDS.find((id) => FILTERS[id].column === column);
}

export function isFilterAllowed(id: FilterId, access: AnalyticsAccess): boolean {
  if (access.free) return (DATE_FILTERS as readonly FilterId[]).includes(id);
  const definition: FilterDefinition = FILTERS[id];
  if (definition.needsGoogle && !access.google) return false;
  if (definition.needsFirewall && !access.firewall) return false;
  if (definition.group === 'custom')
    return allowedCustomVars(access.allowedVars).includes(id as CustomVarName);
  return true;
}

/** The filters an account may use, in catalogue order (build `access` with `analyticsAccess`). */
export function filtersAllowed(access: AnalyticsAccess): FilterId[] {
  return FILTER_IDS.filter((id) => isFilterAllowed(id, access));
}

/** Free-text entry (spec 02 §5): trim, split by the delimiter, drop empties, remove duplicates. */
export function parseFreeTextValues(input: string, delimiter = ','): string[] {
  const values = input
    .split(delimiter)
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  return [...new Set(values)];
}

/** Most values one filter line carries: the analytics address's array limit (spec 02 §9). */
export const MAX_FILTER_VALUES = 260;

export const REPORT_FILTER_TYPES = ['equals', 'notEquals'] as const;
export const MATCH_TYPES = ['all', 'any'] as const;

const zFilterValue = z.union([z.string().trim().min(1).max(512), z.number()]);

/**
 * One report filter line `{column, type, values}`. `column` is a filter's query column (campaignId, not
 * campaign). Integer columns take integers or digit strings and give numbers.
 */
export const zReportFilter = z
  .object({
    column: z.string(),
    type: z.enum(REPORT_FILTER_TYPES),
    values: z.array(zFilterValue).min(1).max(MAX_FILTER_VALUES),
  })
  .superRefine((filter, ctx) => {
    const id = filterByColumn(filter.column);
    if (id === undefined || !FILTERS[id].inReports) {
      ctx.addIssue({ code: 'custom', path: ['column'], message: `Unknown filter column ${filter.column}` });
      return;
    }
    filter.values.forEach((value, index) => {
      const valid =
        FILTERS[id].valueType === 'integer'
          ? (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
            (typeof value === 'string' && /^\d{1,15}$/.test(value))
          : typeof value === 'string';
      if (!valid) {
        const expected = FILTERS[id].valueType === 'integer' ? 'an integer id' : 'a string';
        ctx.addIssue({
          code: 'custom',
          path: ['values', index],
          message: `${filter.column} takes ${expected}`,
        });
      }
    });
  })
  .transform((filter) => {
    const id = filterByColumn(filter.column);
    if (id === undefined || FILTERS[id].valueType !== 'integer') return filter;
    return { ...filter, values: [...new Set(filter.values.map(Number))] };
  });
export type ReportFilter = z.infer<typeof zReportFilter>;

/** A report's `filterBy`: its filter lines, matched all together or any of them; a column appears once. */
export const zReportFilterBy = z
  .object({ filters: z.array(zReportFilter).max(FILTER_IDS.length), matchType: z.enum(MATCH_TYPES) })
  .superRefine((filterBy, ctx) => {
    const seen = new Set<string>();
    filterBy.filters.forEach((filter, index) => {
      if (seen.has(filter.column)) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', index, 'column'],
          message: `${filter.column} appears more than once`,
        });
      }
      seen.add(filter.column);
    });
  });
export type ReportFilterBy = z.infer<typeof zReportFilterBy>;
