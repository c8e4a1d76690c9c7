import { useQueries, useQuery } from '@tanstack/react-query';
import type { FilterId } from '@veracity/contracts/analytics/filters';
import { type FilterOption, type FilterOptions, zFilterOptions } from '@veracity/contracts/analytics/query';
import { createContext, useContext } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { valueKey } from './report-filter-columns';

/** The most options one call returns (the call's own maximum): the picker virtualises its list. */
export const FILTER_OPTIONS_LIMIT = 500;

export interface FilterOptionsRequest {
  filter: FilterId;
  search: string;
  limit: number;
}

/**
 * Where a picker's options come from. The dashboard asks GET /api/analytics/filter-options; the sandbox
 * catalogue, which runs without a signed-in account, lends the pickers the reference lists instead.
 */
export interface FilterOptionsSource {
  /** Part of the query key, so two sources never share cached answers. */
  name: string;
  load(request: FilterOptionsRequest, signal: AbortSignal): Promise<FilterOptions>;
}

export const apiFilterOptionsSource: FilterOptionsSource = {
  name: 'api',
  load: ({ filter, search, limit }, signal) =>
    api.get('/analytics/filter-options', {
      query: { filter, search: search === '' ? undefined : search, limit },
      schema: zFilterOptions,
      signal,
    }),
};

const FilterOptionsSourceContext = createContext<FilterOptionsSource>(apiFilterOptionsSource);
export const FilterOptionsSourceProvider = FilterOptionsSourceContext.Provider;

export function filterOptionsQueryKey(source: string, request: FilterOptionsRequest) {
  return ['/analytics/filter-options', { ...request, source }] as const;
}

/** The options of a filter matching `search` (already debounced by the caller). */
export function useFilterOptions(filter: FilterId | undefined, search: string, enabled = true) {
  const source = useContext(FilterOptionsSourceContext);
  const request = { filter: filter as FilterId, search, limit: FILTER_OPTIONS_LIMIT };
  return useQuery({
    queryKey: filterOptionsQueryKey(source.name, request),
    queryFn: ({ signal }) => source.load(request, signal),
    enabled: enabled && filter !== undefined,
    staleTime: 60_000,
  });
}

/**
 * The server refused the options of this filter for the account (its plan or features do not have it,
 * or it does not exist): none of its values can be found. A failure without such an answer (no
 * connection, a server error) says nothing about the values.
 */
export function refusedForAccount(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 403 || error.status === 404);
}

export interface FilterOptionLookup {
  key: string;
  /** The answer came: `option` is the value's, or the value does not exist. */
  settled: boolean;
  option: FilterOption | undefined;
}

/**
 * Values looked up one by one (a search for each id): for the chips of values past the first answer of
 * a long list (more than FILTER_OPTIONS_LIMIT campaigns).
 */
export function useFilterOptionLookups(
  filter: FilterId | undefined,
  keys: readonly string[],
): FilterOptionLookup[] {
  const source = useContext(FilterOptionsSourceContext);
  return useQueries({
    queries: keys.map((key) => {
      const request = { filter: filter as FilterId, search: key, limit: FILTER_OPTIONS_LIMIT };
      return {
        queryKey: filterOptionsQueryKey(source.name, request),
        queryFn: ({ signal }: { signal: AbortSignal }) => source.load(request, signal),
        enabled: filter !== undefined,
        staleTime: 60_000,
      };
    }),
    combine: (results) =>
      results.map((result, index) => {
        const key = keys[index] ?? '';
        return {
          key,
          settled: result.isSuccess || (result.isError && refusedForAccount(result.error)),
          option: result.data?.options.find((option) => valueKey(option.id) === key),
        };
      }),
  });
}
