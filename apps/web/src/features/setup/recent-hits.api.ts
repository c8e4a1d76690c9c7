import { useQuery } from '@tanstack/react-query';
import { zRecentHits } from '@veracity/contracts/s2s';
import { api } from '../../lib/api-client';

export const recentHitsQueryKey = ['/sensors/recent-hits'] as const;

/** How often the sensor page asks for new visits while it is open. */
export const RECENT_HITS_REFRESH_MS = 10_000;

/** The account's latest hits, newest first, refreshed every 10 s while the page is open. */
export function useRecentHits(enabled = true) {
  return useQuery({
    queryKey: recentHitsQueryKey,
    queryFn: () => api.get('/sensors/recent-hits', { schema: zRecentHits }),
    enabled,
    refetchInterval: RECENT_HITS_REFRESH_MS,
    // The list is a live feed: a fresh mount asks again rather than showing a 30 s old answer.
    staleTime: 0,
  });
}
