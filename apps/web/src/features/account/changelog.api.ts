import { useInfiniteQuery } from '@tanstack/react-query';
import {
  type ChangelogCategory,
  type ChangelogQuery,
  zChangelogCategory,
  zChangelogPage,
} from '@veracity/contracts/changelog';
import { exportFileName } from '@veracity/contracts/csv';
import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import { ApiError, api, apiUrl } from '../../lib/api-client';
import { isIsoDate } from '../../lib/date-ranges';
import { readSessionToken } from '../../lib/session-token';
import { saveFile } from '../intelligence/analytics/analytics.api';

export const CHANGELOG_PATH = '/account/changelog';

/** The screen's filters, kept in the address so that a filtered changelog can be shared. */
export interface ChangelogFilters {
  from?: string;
  to?: string;
  actor?: number;
  category?: ChangelogCategory;
}

/** Reads the filters from the address; an unreadable value is left out. */
export function parseChangelogFilters(search: URLSearchParams): ChangelogFilters {
  const from = search.get('from');
  const to = search.get('to');
  const actor = Number(search.get('actor'));
  const category = zChangelogCategory.safeParse(search.get('category'));
  return {
    ...(from && isIsoDate(from) ? { from } : {}),
    ...(to && isIsoDate(to) ? { to } : {}),
    ...(Number.isInteger(actor) && actor > 0 ? { actor } : {}),
    ...(category.success ? { category: category.data } : {}),
  };
}

export function serializeChangelogFilters(filters: ChangelogFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.actor !== undefined) search.set('actor', String(filters.actor));
  if (filters.category) search.set('category', filters.category);
  return search;
}

function queryOf(filters: ChangelogFilters, cursor?: string): ChangelogQuery {
  return { ...filters, ...(cursor ? { cursor } : {}) };
}

/** GET /account/changelog, page after page ("Load more"), newest first. */
export function useChangelog(filters: ChangelogFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: [CHANGELOG_PATH, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get(CHANGELOG_PATH, { query: { ...queryOf(filters, pageParam) }, signal, schema: zChangelogPage }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

async function failure(response: Response, url: string): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text answer stays text
  }
  return new ApiError({
    failure: 'http',
    status: response.status,
    body,
    requestId: response.headers.get(REQUEST_ID_HEADER),
    method: 'GET',
    url,
  });
}

/**
 * The filtered changelog as a CSV download, saved as `<YYYYMMDD-HHmmss>-changelog.csv`. Answers false
 * when nothing matches (204: the screen says "No content").
 */
export async function downloadChangelogCsv(filters: ChangelogFilters, now = new Date()): Promise<boolean> {
  const url = apiUrl(`${CHANGELOG_PATH}/csv`, { ...filters });
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (cause) {
    const timeout = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({ failure: timeout ? 'timeout' : 'network', status: null, method: 'GET', url, cause });
  }
  if (response.status === 204) return false;
  if (!response.ok) throw await failure(response, url);
  saveFile({ fileName: exportFileName(now, 'changelog'), blob: await response.blob() });
  return true;
}
