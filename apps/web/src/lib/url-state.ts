import {
  type AnalyticsAccess,
  DIMENSION_IDS,
  type DimensionId,
  isDimensionAllowed,
} from '@veracity/contracts/analytics/dimensions';
import {
  type MATCH_TYPES,
  MAX_FILTER_VALUES,
  type ReportFilter,
  zReportFilter,
} from '@veracity/contracts/analytics/filters';
import { DEFAULT_METRICS, METRIC_KEYS, METRICS, type MetricKey } from '@veracity/contracts/analytics/metrics';
import {
  DEFAULT_SORT,
  type DimensionValue,
  MAX_DIMENSIONS,
  type SortKey,
} from '@veracity/contracts/analytics/query';
import {
  CONVERSION_LIST_STATUSES,
  CONVERSION_SORT_KEYS,
  type ConversionSort,
  DEFAULT_CONVERSION_SORT,
} from '@veracity/contracts/conversions-list';
import { type TrafficType, zTrafficType } from '@veracity/contracts/detection';
import { PERFORMANCE_TABS, type PerformanceTab } from '@veracity/contracts/performance';
import type { ConversionStatus } from '@veracity/contracts/postbacks';
import { isIsoDate } from './date-ranges';

/**
 * The analytics page's state in the address (spec 02 §2), one codec with parse and serialize:
 *
 *   dimensions=trafficType,country        comma list; any unknown id gives the default dimensions
 *   metrics=sessions,hits                 comma list; unknown or gated keys are left out
 *   expanded=[["google"],["google","ES"]] the open rows, each the path of values from the top level
 *   page=2                                page of the top-level rows (default 1)
 *   threats=["google"]                    the row whose threat breakdown is open: its path, or a
 *                                         top-level row's position on the page (threats=0, the first)
 *   threatconv=true                       the breakdown counts conversions instead of visits
 *   filters=[{"column":..,"type":..,"values":[..]}]  the report filters (zReportFilter), and
 *   match=any                             how they combine (default all)
 *   columnSort=hits:desc                  the table's sort, comma list of key:direction
 *   from=2026-03-01&to=2026-03-07         ISO dates; otherwise the default range applies
 *
 * Arrays in the address are read up to 260 items (spec 02 §9). The free plan reads only the dates
 * from the address besides its two dimensions (spec 02 §2). Other parameters of the address are
 * left as they are: every route carries the query string over.
 */

export const URL_ARRAY_LIMIT = 260;

export const ANALYTICS_PARAMS = [
  'dimensions',
  'metrics',
  'expanded',
  'page',
  'threats',
  'threatconv',
  'filters',
  'match',
  'columnSort',
  'from',
  'to',
] as const;

export type MatchType = (typeof MATCH_TYPES)[number];

/** The open threat breakdown: a row's path, or the position of a top-level row on the page. */
export type ThreatsTarget = DimensionValue[] | number;

export interface AnalyticsState {
  dimensions: DimensionId[];
  metrics: MetricKey[];
  expanded: DimensionValue[][];
  page: number;
  threats: ThreatsTarget | null;
  threatconv: boolean;
  filters: ReportFilter[];
  matchType: MatchType;
  columnSort: SortKey[];
  /** YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
}

/** What the reading depends on: the account's plan and features, its defaults, today's default range. */
export interface AnalyticsUrlContext {
  access: AnalyticsAccess;
  /** The dimensions the page opens with (`defaultDimension` of contracts). */
  defaultDimensions: readonly DimensionId[];
  /** The section's range (lib/date-ranges), used when the address has no valid ISO dates. */
  defaultRange: { from: string; to: string };
}

/** The metrics an account starts with: the spec's defaults it is allowed to see. */
export function defaultMetrics(access: AnalyticsAccess): MetricKey[] {
  return DEFAULT_METRICS.filter((key) => access.firewall || !METRICS[key].needsFirewall);
}

function isMetricAllowed(key: MetricKey, access: AnalyticsAccess): boolean {
  return access.firewall || !METRICS[key].needsFirewall;
}

/** A comma list, trimmed, empties dropped, at most {@link URL_ARRAY_LIMIT} items. */
function commaList(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .slice(0, URL_ARRAY_LIMIT);
}

function jsonArray(text: string | null): unknown[] | undefined {
  if (text === null || text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.slice(0, URL_ARRAY_LIMIT) : undefined;
  } catch {
    return undefined;
  }
}

function isDimensionValue(value: unknown): value is DimensionValue {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function readPath(value: unknown, maxLength: number): DimensionValue[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxLength) return undefined;
  return value.every(isDimensionValue) ? (value as DimensionValue[]) : undefined;
}

export function pathKey(path: readonly DimensionValue[]): string {
  return JSON.stringify(path);
}

function readDimensions(text: string | null, context: AnalyticsUrlContext): DimensionId[] {
  const ids = commaList(text);
  const fallback = [...context.defaultDimensions];
  if (ids.length === 0) return fallback;
  const known = ids.every(
    (id): id is DimensionId =>
      (DIMENSION_IDS as readonly string[]).includes(id) &&
      isDimensionAllowed(id as DimensionId, context.access),
  );
  if (!known) return fallback;
  return [...new Set(ids as DimensionId[])].slice(0, MAX_DIMENSIONS);
}

function readMetrics(text: string | null, access: AnalyticsAccess): MetricKey[] {
  const keys = commaList(text).filter(
    (key): key is MetricKey =>
      (METRIC_KEYS as readonly string[]).includes(key) && isMetricAllowed(key as MetricKey, access),
  );
  return keys.length > 0 ? [...new Set(keys)] : defaultMetrics(access);
}

function readExpanded(text: string | null, dimensions: readonly DimensionId[]): DimensionValue[][] {
  // A row opens one level down, so a path is at most one shorter than the dimensions.
  const paths = (jsonArray(text) ?? []).flatMap((item) => {
    const path = readPath(item, dimensions.length - 1);
    return path ? [path] : [];
  });
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = pathKey(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function readPage(text: string | null): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return 1;
  return Math.max(Number(text), 1);
}

function readThreats(text: string | null, dimensions: readonly DimensionId[]): ThreatsTarget | null {
  if (text === null || text === '') return null;
  if (/^\d{1,4}$/.test(text)) return Number(text);
  try {
    return readPath(JSON.parse(text), dimensions.length) ?? null;
  } catch {
    return null;
  }
}

function readFilters(text: string | null): ReportFilter[] {
  const seen = new Set<string>();
  return (jsonArray(text) ?? []).flatMap((item) => {
    const values =
      typeof item === 'object' && item !== null && Array.isArray((item as { values?: unknown }).values)
        ? (item as { values: unknown[] }).values.slice(0, Math.min(URL_ARRAY_LIMIT, MAX_FILTER_VALUES))
        : undefined;
    const parsed = zReportFilter.safeParse(values ? { ...(item as object), values } : item);
    // A column appears once (spec 02 §5): the first line wins.
    if (!parsed.success || seen.has(parsed.data.column)) return [];
    seen.add(parsed.data.column);
    return [parsed.data];
  });
}

function readSort(text: string | null): SortKey[] {
  const keys = commaList(text).flatMap((item) => {
    const [key, direction = 'desc'] = item.split(':');
    const known =
      (METRIC_KEYS as readonly string[]).includes(key ?? '') ||
      (DIMENSION_IDS as readonly string[]).includes(key ?? '');
    if (!known || (direction !== 'asc' && direction !== 'desc')) return [];
    return [{ key: key as SortKey['key'], direction } satisfies SortKey];
  });
  return keys.length > 0 ? keys.slice(0, 3) : DEFAULT_SORT.map((key) => ({ ...key }));
}

/** Reads the page's state from the address. */
export function parseAnalyticsState(
  search: URLSearchParams | string,
  context: AnalyticsUrlContext,
): AnalyticsState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const datesValid = isIsoDate(from) && isIsoDate(to) && from <= to;
  const range = datesValid ? { from, to } : context.defaultRange;
  const dimensions = readDimensions(params.get('dimensions'), context);
  const free = context.access.free;
  const match = params.get('match');
  return {
    dimensions,
    metrics: readMetrics(params.get('metrics'), context.access),
    expanded: readExpanded(params.get('expanded'), dimensions),
    page: readPage(params.get('page')),
    threats: readThreats(params.get('threats'), dimensions),
    threatconv: params.get('threatconv') === 'true',
    // The free plan reads only the date filters from the address (spec 02 §2).
    filters: free ? [] : readFilters(params.get('filters')),
    matchType: !free && (match === 'any' || match === 'all') ? match : 'all',
    columnSort: readSort(params.get('columnSort')),
    from: range.from,
    to: range.to,
  };
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sortText(sort: readonly SortKey[]): string {
  return sort.map((key) => `${key.key}:${key.direction}`).join(',');
}

/**
 * Writes the state into the address: the page's own parameters are replaced (defaults left out, so
 * a plain address stays plain), every other parameter is kept. Dates are always written.
 */
export function serializeAnalyticsState(
  state: AnalyticsState,
  context: AnalyticsUrlContext,
  base: URLSearchParams | string = '',
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of ANALYTICS_PARAMS) params.delete(name);
  const set = (name: (typeof ANALYTICS_PARAMS)[number], value: string | null) => {
    if (value !== null && value !== '') params.set(name, value);
  };
  set(
    'dimensions',
    sameList(state.dimensions, context.defaultDimensions) ? null : state.dimensions.join(','),
  );
  set('metrics', sameList(state.metrics, defaultMetrics(context.access)) ? null : state.metrics.join(','));
  set('expanded', state.expanded.length > 0 ? JSON.stringify(state.expanded) : null);
  set('page', state.page > 1 ? String(state.page) : null);
  set(
    'threats',
    state.threats === null
      ? null
      : typeof state.threats === 'number'
        ? String(state.threats)
        : JSON.stringify(state.threats),
  );
  set('threatconv', state.threatconv ? 'true' : null);
  if (!context.access.free && state.filters.length > 0) {
    set('filters', JSON.stringify(state.filters));
    set('match', state.matchType === 'any' ? 'any' : null);
  }
  set(
    'columnSort',
    sortText(state.columnSort) === sortText(DEFAULT_SORT) ? null : sortText(state.columnSort),
  );
  set('from', state.from);
  set('to', state.to);
  return params;
}

/* Transitions the page makes; each returns the next state. */

/** New dimensions: the open rows, the page and the expanded threat start over (spec 02 §2). */
export function applyDimensions(state: AnalyticsState, dimensions: readonly DimensionId[]): AnalyticsState {
  return {
    ...state,
    dimensions: [...new Set(dimensions)].slice(0, MAX_DIMENSIONS),
    expanded: [],
    page: 1,
    threats: null,
  };
}

export function applyMetrics(state: AnalyticsState, metrics: readonly MetricKey[]): AnalyticsState {
  return { ...state, metrics: [...new Set(metrics)] };
}

/** New filters: back to the first page; the date range stays. */
export function applyFilters(
  state: AnalyticsState,
  filterBy: { filters: ReportFilter[]; matchType: MatchType },
): AnalyticsState {
  return { ...state, filters: filterBy.filters, matchType: filterBy.matchType, page: 1, threats: null };
}

/** Removes one filter line (by its column). */
export function removeFilter(state: AnalyticsState, column: string): AnalyticsState {
  return applyFilters(state, {
    filters: state.filters.filter((filter) => filter.column !== column),
    matchType: state.matchType,
  });
}

/** Removes every filter; the date range is kept (spec 02 §2). */
export function clearFilters(state: AnalyticsState): AnalyticsState {
  return applyFilters(state, { filters: [], matchType: 'all' });
}

export function applyRange(state: AnalyticsState, range: { from: string; to: string }): AnalyticsState {
  return { ...state, from: range.from, to: range.to, page: 1, threats: null };
}

export function applyPage(state: AnalyticsState, page: number): AnalyticsState {
  return { ...state, page: Math.max(1, Math.floor(page)), threats: null };
}

/** Sorting by a column: a new column sorts descending, the same column flips. */
export function toggleSort(state: AnalyticsState, key: SortKey['key']): AnalyticsState {
  const current = state.columnSort[0];
  const direction = current?.key === key && current.direction === 'desc' ? 'asc' : 'desc';
  return { ...state, columnSort: [{ key, direction }], page: 1, threats: null };
}

export function isExpanded(state: AnalyticsState, path: readonly DimensionValue[]): boolean {
  const key = pathKey(path);
  return state.expanded.some((open) => pathKey(open) === key);
}

/** Opens or closes a row; closing also closes the rows below it. */
export function toggleExpanded(state: AnalyticsState, path: readonly DimensionValue[]): AnalyticsState {
  if (isExpanded(state, path)) {
    const below = (open: DimensionValue[]) =>
      open.length >= path.length && pathKey(open.slice(0, path.length)) === pathKey(path);
    return { ...state, expanded: state.expanded.filter((open) => !below(open)) };
  }
  if (path.length >= state.dimensions.length || state.expanded.length >= URL_ARRAY_LIMIT) return state;
  return { ...state, expanded: [...state.expanded, [...path]] };
}

/** Opens a row's threat breakdown, or closes it when it is the open one (one at a time). */
export function toggleThreats(
  state: AnalyticsState,
  path: readonly DimensionValue[],
  openPath: readonly DimensionValue[] | null,
): AnalyticsState {
  const closing = openPath !== null && pathKey(openPath) === pathKey(path);
  return { ...state, threats: closing ? null : [...path] };
}

export function applyThreatConv(state: AnalyticsState, conversions: boolean): AnalyticsState {
  return { ...state, threatconv: conversions };
}

/*
 * The conversions list's state in the address (issue 36), read with the same rules as the analytics
 * page's: from, to, filters, match as above, and
 *
 *   status=paused        only conversions of this status (firewall accounts)
 *   sort=value:asc       the list's order (default ts:desc, newest first)
 *   page=2               the page of the list (default 1)
 */

export const CONVERSIONS_LIST_PARAMS = ['filters', 'match', 'status', 'sort', 'page', 'from', 'to'] as const;

export interface ConversionsListState {
  from: string;
  to: string;
  filters: ReportFilter[];
  matchType: MatchType;
  status: ConversionStatus | null;
  sort: ConversionSort;
  page: number;
}

function readConversionSort(text: string | null): ConversionSort {
  const [key, direction] = (text ?? '').split(':');
  const known = (CONVERSION_SORT_KEYS as readonly string[]).includes(key ?? '');
  if (!known || (direction !== 'asc' && direction !== 'desc')) return { ...DEFAULT_CONVERSION_SORT };
  return { key: key as ConversionSort['key'], direction };
}

export function parseConversionsListState(
  search: URLSearchParams | string,
  context: { defaultRange: { from: string; to: string }; firewall: boolean },
): ConversionsListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : context.defaultRange;
  const status = params.get('status');
  return {
    ...range,
    filters: readFilters(params.get('filters')),
    matchType: params.get('match') === 'any' ? 'any' : 'all',
    status:
      context.firewall && (CONVERSION_LIST_STATUSES as readonly string[]).includes(status ?? '')
        ? (status as ConversionStatus)
        : null,
    sort: readConversionSort(params.get('sort')),
    // The server pages up to 100,000.
    page: Math.min(readPage(params.get('page')), 100_000),
  };
}

/** Writes the list's state, defaults left out, other parameters kept; dates always written. */
export function serializeConversionsListState(
  state: ConversionsListState,
  base: URLSearchParams | string = '',
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of CONVERSIONS_LIST_PARAMS) params.delete(name);
  if (state.filters.length > 0) {
    params.set('filters', JSON.stringify(state.filters));
    if (state.matchType === 'any') params.set('match', 'any');
  }
  if (state.status) params.set('status', state.status);
  const sort = `${state.sort.key}:${state.sort.direction}`;
  if (sort !== `${DEFAULT_CONVERSION_SORT.key}:${DEFAULT_CONVERSION_SORT.direction}`)
    params.set('sort', sort);
  if (state.page > 1) params.set('page', String(state.page));
  params.set('from', state.from);
  params.set('to', state.to);
  return params;
}

/*
 * The performance screen's state in the address (issue 39); its dates are the performance section's
 * saved range (spec 02 §4), not the address's:
 *
 *   tab=savings          the open tab (default performance)
 *   channel=google       only this traffic type (default every channel)
 */

export const PERFORMANCE_PARAMS = ['tab', 'channel'] as const;

export interface PerformanceState {
  tab: PerformanceTab;
  channel: TrafficType | null;
}

export function parsePerformanceState(search: URLSearchParams | string): PerformanceState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tab = params.get('tab');
  const channel = zTrafficType.safeParse(params.get('channel'));
  return {
    tab: (PERFORMANCE_TABS as readonly string[]).includes(tab ?? '')
      ? (tab as PerformanceTab)
      : 'performance',
    channel: channel.success ? channel.data : null,
  };
}

/** Writes the screen's state, defaults left out, other parameters kept. */
export function serializePerformanceState(
  state: PerformanceState,
  base: URLSearchParams | string = '',
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of PERFORMANCE_PARAMS) params.delete(name);
  if (state.tab !== 'performance') params.set('tab', state.tab);
  if (state.channel) params.set('channel', state.channel);
  return params;
}
