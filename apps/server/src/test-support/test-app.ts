import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { RATE_LIMITS, type RateLimits } from '../features/auth/rate-limit.js';
import { prepareAccounts } from '../features/bootstrap/first-start.js';
import { openStores, type Stores } from '../storage/open-stores.js';

/** Tests log the same people in many times; the rate-limit test sets tight limits of its own. */
const RELAXED_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((rule) => [rule, { limit: 10_000, windowMs: 60_000 }]),
) as RateLimits;

export interface TestApp {
  app: FastifyInstance;
  stores: Stores;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A real server on real embedded stores in a temporary DATA_DIR; close() removes everything. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const stores = await openStores(config);
  await prepareAccounts(stores.accounts.db, { email: undefined, password: undefined });
  const app = await buildApp(config, stores, { rateLimits: RELAXED_LIMITS, ...options });
  await app.ready();
  return {
    app,
    stores,
    config,
    dataDir,
    async close() {
      await app.close();
      await stores.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
