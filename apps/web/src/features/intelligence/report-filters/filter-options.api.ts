import { useQuery } from '@tanstack/react-query';
import type { FilterId } from '@veracity/contracts/analytics/filters';
import { type FilterOptions, zFilterOptions } from '@veracity/contracts/analytics/query';
import { createContext, useContext } from 'react';
import { api } from '../../../lib/api-client';

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
