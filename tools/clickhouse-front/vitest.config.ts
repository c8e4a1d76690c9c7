import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: { name: 'clickhouse-front', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
