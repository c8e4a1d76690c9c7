import { defineConfig } from 'vitest/config';

// One runner for every package: each project keeps its own environment. With a PostgreSQL server
// (TEST_DATABASE_URL, set by .ci/run) the accounts suites run a second time on it.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/detection',
      'packages/sensor',
      'tools/simulator',
      'tools/fakes',
      'tools/clickhouse-front',
      'apps/server',
      'apps/web',
      ...(process.env.TEST_DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : []),
    ],
  },
});
