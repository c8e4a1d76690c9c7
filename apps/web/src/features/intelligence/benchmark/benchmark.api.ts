import { useQuery } from '@tanstack/react-query';
import { type BenchmarkQuery, zBenchmark } from '@veracity/contracts/benchmark';
import { api } from '../../../lib/api-client';

export const BENCHMARK_ENDPOINT = '/benchmark';

/** The benchmark of the account for the filters and period; keyed by [endpoint, query]. */
export function useBenchmark(query: BenchmarkQuery | undefined) {
  return useQuery({
    queryKey: [BENCHMARK_ENDPOINT, query],
    queryFn: ({ signal }) => api.get(BENCHMARK_ENDPOINT, { schema: zBenchmark, signal, query: { ...query } }),
    enabled: query !== undefined,
  });
}
