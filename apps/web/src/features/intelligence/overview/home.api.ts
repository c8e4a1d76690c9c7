import { useQuery } from '@tanstack/react-query';
import { zChannels, zKeyFigures, zSavings, zTrends, zWatchlist } from '@veracity/contracts/home';
import { api, type ResponseSchema } from '../../../lib/api-client';

/**
 * The home dashboard's calls (docs/api.md "Home dashboard"), one query each so that every section
 * loads, fails and retries on its own. Keyed by [endpoint, {from, to}].
 */
export interface HomeRange {
  from: string;
  to: string;
}

export const HOME_ENDPOINTS = {
  keyFigures: '/home/key-figures',
  channels: '/home/channels',
  trends: '/home/trends',
  watchlist: '/home/watchlist',
  savings: '/home/savings',
} as const;

function useHomeQuery<T>(endpoint: string, schema: ResponseSchema<T>, range: HomeRange | undefined) {
  return useQuery({
    queryKey: [endpoint, { from: range?.from, to: range?.to }],
    queryFn: ({ signal }) =>
      api.get(endpoint, { schema, signal, query: { from: range?.from, to: range?.to } }),
    enabled: range !== undefined,
  });
}

export const useKeyFigures = (range: HomeRange | undefined) =>
  useHomeQuery(HOME_ENDPOINTS.keyFigures, zKeyFigures, range);
export const useChannels = (range: HomeRange | undefined) =>
  useHomeQuery(HOME_ENDPOINTS.channels, zChannels, range);
export const useTrends = (range: HomeRange | undefined) =>
  useHomeQuery(HOME_ENDPOINTS.trends, zTrends, range);
export const useWatchlist = (range: HomeRange | undefined) =>
  useHomeQuery(HOME_ENDPOINTS.watchlist, zWatchlist, range);
export const useSavings = (range: HomeRange | undefined) =>
  useHomeQuery(HOME_ENDPOINTS.savings, zSavings, range);
