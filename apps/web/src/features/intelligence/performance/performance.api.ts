import { useQuery } from '@tanstack/react-query';
import type { TrafficType } from '@veracity/contracts/detection';
import { zPerformance } from '@veracity/contracts/performance';
import { api } from '../../../lib/api-client';

/** The performance screen's call (docs/api.md "Performance"), keyed by [endpoint, {from, to, channel}]. */
export const PERFORMANCE_ENDPOINT = '/performance/figures';

export interface PerformanceFilters {
  from: string;
  to: string;
  channel: TrafficType | null;
}

export function usePerformance(filters: PerformanceFilters | undefined) {
  const query = { from: filters?.from, to: filters?.to, channel: filters?.channel ?? undefined };
  return useQuery({
    queryKey: [PERFORMANCE_ENDPOINT, query],
    queryFn: ({ signal }) => api.get(PERFORMANCE_ENDPOINT, { schema: zPerformance, signal, query }),
    enabled: filters !== undefined,
  });
}
