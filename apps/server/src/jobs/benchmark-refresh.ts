import { type BenchmarkRefreshDeps, refreshBenchmark } from '../features/benchmark/benchmark-refresh.js';
import type { Job } from './scheduler.js';

export const BENCHMARK_REFRESH_JOB = 'benchmark.refresh';

/**
 * The industry benchmark's cells (features/benchmark/benchmark-refresh.ts) as a job: every `minutes`
 * (BENCHMARK_REFRESH_MINUTES) it computes again the UTC days since the last run's day before, so the
 * page reads stored cells and never the other accounts' visits.
 */
export function benchmarkRefreshJob(deps: BenchmarkRefreshDeps, minutes: number): Job {
  return {
    name: BENCHMARK_REFRESH_JOB,
    everyMs: minutes * 60_000,
    async run({ now }) {
      const result = await refreshBenchmark(deps, now);
      deps.log.info(result, 'benchmark refreshed');
    },
  };
}
