import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId } from '@veracity/contracts/analytics/filters';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import {
  type AnalyticsExportQuery,
  type AnalyticsSessionsQuery,
  type AnalyticsThreatsQuery,
  type AnalyticsTreeQuery,
  DEFAULT_PAGE_SIZE,
  type DimensionValue,
  ROW_SESSIONS_PAGE_SIZE,
  type WidgetStatsQuery,
  zAnalyticsSessions,
  zAnalyticsThreats,
  zAnalyticsTree,
  zFilterOptions,
  zWidgetStats,
} from '@veracity/contracts/analytics/query';
import type { RiskLevel } from '@veracity/contracts/detection';
import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import { ApiError, api, apiUrl } from '../../../lib/api-client';
import { readSessionToken } from '../../../lib/session-token';
import type { AnalyticsState } from '../../../lib/url-state';

/** The analytics calls of the page (docs/api.md "Analytics"), keyed by [endpoint, body]. */

export const ANALYTICS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const TREE_PATH = '/analytics/tree';

/** The query every call of the page shares: dimensions, the period and the filters. */
function scope(state: AnalyticsState) {
  return {
    from: state.from,
    to: state.to,
    filters: state.filters,
    matchType: state.matchType,
  };
}

export function treeBody(state: AnalyticsState): AnalyticsTreeQuery {
  return {
    ...scope(state),
    dimensions: state.dimensions,
    metrics: state.metrics,
    sort: state.columnSort,
    page: state.page,
    pageSize: ANALYTICS_PAGE_SIZE,
    expanded: state.expanded,
  };
}

/** The export is the table's query without paging: every top-level row and the open ones. */
export function exportBody(state: AnalyticsState): AnalyticsExportQuery {
  const { page: _page, pageSize: _pageSize, ...body } = treeBody(state);
  return body;
}

export function threatsBody(state: AnalyticsState, path: readonly DimensionValue[]): AnalyticsThreatsQuery {
  return { ...scope(state), dimensions: state.dimensions.slice(0, path.length), path: [...path] };
}

/** The visits of a row (its path), one analysis level or all, a page at a time (`page` from 1). */
export function sessionsBody(
  state: AnalyticsState,
  path: readonly DimensionValue[],
  riskLevel: RiskLevel | null,
  page: number,
): AnalyticsSessionsQuery {
  return {
    ...threatsBody(state, path),
    ...(riskLevel ? { riskLevel } : {}),
    page,
    pageSize: ROW_SESSIONS_PAGE_SIZE,
  };
}

export function useRowSessions(
  state: AnalyticsState,
  path: readonly DimensionValue[] | null,
  riskLevel: RiskLevel | null,
  page: number,
) {
  const body = path ? sessionsBody(state, path, riskLevel, page) : null;
  return useQuery({
    queryKey: ['/analytics/sessions', body],
    queryFn: ({ signal }) => api.post('/analytics/sessions', body, { schema: zAnalyticsSessions, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsTree(state: AnalyticsState) {
  const body = treeBody(state);
  return useQuery({
    queryKey: [TREE_PATH, body],
    queryFn: ({ signal }) => api.post(TREE_PATH, body, { schema: zAnalyticsTree, signal }),
    // Opening a row or turning a page keeps the rows in place while the next answer comes.
    placeholderData: keepPreviousData,
    // Going back in the browser shows the earlier answer at once and runs its query again.
    staleTime: 0,
  });
}

export function useAnalyticsThreats(state: AnalyticsState, path: readonly DimensionValue[] | null) {
  const body = path ? threatsBody(state, path) : null;
  return useQuery({
    queryKey: ['/analytics/threats', body],
    queryFn: ({ signal }) => api.post('/analytics/threats', body, { schema: zAnalyticsThreats, signal }),
    enabled: body !== null,
  });
}

export function widgetStatsBody(
  state: AnalyticsState,
  dimensions: DimensionId[],
  metrics: MetricKey[],
): WidgetStatsQuery {
  return { ...scope(state), dimensions, metrics };
}

export function useWidgetStats(body: WidgetStatsQuery) {
  return useQuery({
    queryKey: ['/widget-stats', body],
    queryFn: ({ signal }) => api.post('/widget-stats', body, { schema: zWidgetStats, signal }),
  });
}

/** Names of the account's ids for a filter (campaigns...): the filter's picker options as a map. */
export function useFilterOptionNames(filter: FilterId, enabled: boolean) {
  return useQuery({
    queryKey: ['/analytics/filter-options', { filter, limit: 500 }],
    queryFn: ({ signal }) =>
      api.get('/analytics/filter-options', {
        query: { filter, limit: 500 },
        schema: zFilterOptions,
        signal,
      }),
    enabled: enabled && FILTERS[filter].kind === 'list',
    staleTime: 5 * 60_000,
    select: (answer) => new Map(answer.options.map((option) => [String(option.id), option.name])),
  });
}

/**
 * Names of the firewall's ids (campaigns, offers, traffic sources) for the dimensions a screen shows or
 * filters by (`named`), read only with the firewall.
 */
export function useFirewallNames(
  firewall: boolean,
  named: (id: DimensionId) => boolean,
): Partial<Record<DimensionId, ReadonlyMap<string, string>>> {
  const campaign = useFilterOptionNames('campaign', firewall && named('campaign'));
  const offer = useFilterOptionNames('offer', firewall && named('offer'));
  const trafficSource = useFilterOptionNames('trafficSource', firewall && named('trafficSource'));
  return {
    ...(campaign.data ? { campaign: campaign.data } : {}),
    ...(offer.data ? { offer: offer.data } : {}),
    ...(trafficSource.data ? { trafficSource: trafficSource.data } : {}),
  };
}

export type CsvDownload = { kind: 'file'; fileName: string; blob: Blob } | { kind: 'empty' };

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`). */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || undefined;
}

/** POST /api/analytics/export: the table as CSV. */
export function exportAnalyticsCsv(body: AnalyticsExportQuery): Promise<CsvDownload> {
  return exportCsv('/analytics/export', body);
}

/**
 * An export call (POST with the list's query): the CSV as a file named by the server, or `empty` on
 * 204 (the page says "No content"). Failures throw ApiError like every other call, so the error
 * catalogue applies.
 */
export async function exportCsv(path: string, body: unknown): Promise<CsvDownload> {
  const url = apiUrl(path);
  const headers: Record<string, string> = { Accept: 'text/csv', 'Content-Type': 'application/json' };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (cause) {
    const timeout = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({
      failure: timeout ? 'timeout' : 'network',
      status: null,
      method: 'POST',
      url,
      cause,
    });
  }
  if (response.status === 204) return { kind: 'empty' };
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a text answer stays text
    }
    throw new ApiError({
      failure: 'http',
      status: response.status,
      body: parsed,
      requestId: response.headers.get(REQUEST_ID_HEADER),
      method: 'POST',
      url,
    });
  }
  const fileName = dispositionFileName(response.headers.get('content-disposition')) ?? 'export.csv';
  return { kind: 'file', fileName, blob: await response.blob() };
}

/** Hands a file to the browser's download. */
export function saveFile(file: { fileName: string; blob: Blob }): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
