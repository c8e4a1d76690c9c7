import { defineProject } from 'vitest/config';

/**
 * The accounts integration suites again, with the accounts store on PostgreSQL (TEST_DATABASE_URL):
 * one set of migrations and queries, proven on both engines. Listed by the root config only when
 * TEST_DATABASE_URL is set.
 */
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server-postgres',
    environment: 'node',
    include: [
      'src/features/**/*.test.ts',
      'src/jobs/**/*.test.ts',
      'src/integrations/**/*.test.ts',
      'src/postbacks/**/*.test.ts',
      'src/access-matrix.test.ts',
      'src/app.test.ts',
    ],
    env: { VERACITY_TEST_ACCOUNTS: 'postgres' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
