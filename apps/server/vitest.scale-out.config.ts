import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The two-server suite (scale-out/): built servers behind a proxy, on CI's PostgreSQL and Redis.
 * Run by scripts/test.mjs after the build, on its own (not in the root config's projects).
 */
export default defineProject({
  root: path.dirname(fileURLToPath(import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'scale-out',
    environment: 'node',
    include: ['scale-out/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
