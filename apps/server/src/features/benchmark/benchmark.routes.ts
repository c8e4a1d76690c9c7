import { zBenchmark, zBenchmarkQuery } from '@veracity/contracts/benchmark';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { type BenchmarkDeps, loadBenchmark } from './benchmark.service.js';

/**
 * The benchmark is readable by every member of an account with the benchmark view (spec 01 §6: the
 * `benchmark` flag, opt-in for flag-driven accounts), the demo account included.
 */
const READ: Access = { kind: 'account', view: 'benchmark' };

/** The longest period one call compares. */
export const BENCHMARK_MAX_DAYS = 366;

export const benchmarkRoutes =
  (deps: BenchmarkDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/benchmark',
      { config: { access: READ }, schema: { querystring: zBenchmarkQuery, response: { 200: zBenchmark } } },
      async (request) => {
        const { query } = request;
        const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
        if (!(days >= 1 && days <= BENCHMARK_MAX_DAYS))
          throw ApiError.badRequest(
            `from must not be after to, and the period at most ${BENCHMARK_MAX_DAYS} days`,
          );
        return loadBenchmark(deps, accountOf(request).relationship, query);
      },
    );
  };
