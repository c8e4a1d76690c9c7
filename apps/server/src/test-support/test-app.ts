import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { RATE_LIMITS, type RateLimits } from '../features/auth/auth-limits.js';
import { prepareAccounts } from '../features/bootstrap/first-start.js';
import type { BatchWriterOptions } from '../storage/events/journal/batch-writer.js';
import { type OpenStoresOptions, openStores, type Stores } from '../storage/open-stores.js';

/** Tests log the same people in many times; the rate-limit test sets tight limits of its own. */
export const RELAXED_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((rule) => [rule, { limit: 10_000, windowMs: 60_000 }]),
) as RateLimits;

export interface TestApp {
  app: FastifyInstance;
  stores: Stores;
  config: Config;
  dataDir: string;
  /**
   * Restarts the server as a new process would: the app and both stores closed, then opened again on
   * the same DATA_DIR (and databases); `app` and `stores` are the new ones afterwards.
   */
  restart(): Promise<void>;
  /** The support user the first start created: the one who may read the outbox. */
  instanceAdmin: { email: string; password: string };
  close(): Promise<void>;
}

export interface TestStoreOptions {
  /** Opens the event store instead of DuckDB in DATA_DIR, at start and at each restart. */
  openEvents?: OpenStoresOptions['openEvents'];
  /** Ingestion journal limits other than the defaults, at start and at each restart. */
  journal?: BatchWriterOptions;
}

/** A database of its own on the test PostgreSQL cluster (`adminUrl`), and how to drop it. */
export async function createTestDatabase(
  adminUrl: string,
  prefix = 'veracity_it',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * The server-postgres test project (vitest.postgres.config.ts) runs the same integration suites with
 * the accounts store on PostgreSQL: each test app gets a database of its own, dropped afterwards.
 */
async function postgresForAccounts(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.VERACITY_TEST_ACCOUNTS !== 'postgres' || !adminUrl) return undefined;
  return createTestDatabase(adminUrl);
}

/**
 * Every scheduled job's period at 0: the environment of a test app whose scheduler runs only the jobs
 * a test turns back on (`{ ...NO_JOBS, REPORTS_CHECK_SECONDS: '60' }`), so what it ticks is what it
 * counts. A job added to jobs/jobs.ts gets its variable here.
 */
export const NO_JOBS = {
  ALERTS_CHECK_SECONDS: '0',
  GOOGLE_ADS_SYNC_MINUTES: '0',
  GOOGLE_ADS_COST_IMPORT_HOURS: '0',
  AD_CHANNELS_SYNC_MINUTES: '0',
  HUBSPOT_MATCH_SECONDS: '0',
  REPORTS_CHECK_SECONDS: '0',
  POSTBACK_DELIVERY_SECONDS: '0',
  BILLING_USAGE_CHECK_SECONDS: '0',
  SENSOR_COVERAGE_CHECK_SECONDS: '0',
  PERFORMANCE_EMAIL_CHECK_SECONDS: '0',
  BENCHMARK_REFRESH_MINUTES: '0',
} as const satisfies Record<string, '0'>;

/** A real server on real embedded stores in a temporary DATA_DIR; close() removes everything. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
  storeOptions: TestStoreOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-test-'));
  const postgres = await postgresForAccounts();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const stores = await openStores(config, storeOptions);
  const seeded = await prepareAccounts(stores.accounts.db, { email: undefined, password: undefined });
  if (!seeded) throw new Error('the test stores were not empty');
  const start = async (opened: Stores) => {
    const app = await buildApp(config, opened, { rateLimits: RELAXED_LIMITS, ...options });
    await app.ready();
    return app;
  };
  const testApp: TestApp = {
    app: await start(stores),
    stores,
    config,
    dataDir,
    instanceAdmin: { email: seeded.admin.email, password: seeded.admin.password },
    async restart() {
      await testApp.app.close();
      await testApp.stores.close();
      testApp.stores = await openStores(config, storeOptions);
      testApp.app = await start(testApp.stores);
    },
    async close() {
      await testApp.app.close();
      await testApp.stores.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
