import path from 'node:path';
import type { Config } from '../config.js';
import { openClickHouseEventStore } from './events/clickhouse/clickhouse-event-store.js';
import { openClickHouseHttpExecutor } from './events/clickhouse/clickhouse-http-executor.js';
import { openDuckDbEventStore } from './events/duckdb/duckdb-event-store.js';
import type { EventStore } from './events/event-store.js';
import { ensureMeta } from './oltp/app-meta.repo.js';
import { type OltpStore, openOltpStore } from './oltp/oltp-database.js';
import type { StoreHealth } from './store-health.js';

export interface Stores {
  accounts: OltpStore;
  events: EventStore;
  /** Each store's health under its name, for GET /api/health. */
  checks: readonly { name: string; check(): Promise<StoreHealth> }[];
  /** True when these stores were just created: the first start on this DATA_DIR or database. */
  firstStart: boolean;
  close(): Promise<void>;
}

export const ACCOUNTS_FILE = 'accounts.sqlite';
export const EVENTS_FILE = 'events.duckdb';

/**
 * Opens and migrates both stores: the accounts store on PostgreSQL when DATABASE_URL is set, SQLite in
 * DATA_DIR otherwise; the event store on ClickHouse when CLICKHOUSE_URL is set, DuckDB in DATA_DIR otherwise.
 */
export async function openStores(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & { clickhouseUrl?: string | undefined },
  /** Opens the event store instead (tests run the same suites on ClickHouse in process, chdb). */
  openEvents?: () => Promise<EventStore>,
): Promise<Stores> {
  const accounts = config.databaseUrl
    ? openOltpStore({ databaseUrl: config.databaseUrl })
    : openOltpStore({ sqliteFile: path.join(config.dataDir, ACCOUNTS_FILE) });
  let events: EventStore | undefined;
  let firstStart = false;
  try {
    await accounts.migrate();
    const startedAt = new Date().toISOString();
    firstStart = (await ensureMeta(accounts.db, 'first_started_at', startedAt)) === startedAt;
    events = openEvents
      ? await openEvents()
      : config.clickhouseUrl
        ? openClickHouseEventStore(openClickHouseHttpExecutor({ url: config.clickhouseUrl }))
        : await openDuckDbEventStore({ path: path.join(config.dataDir, EVENTS_FILE) });
    await events.migrate();
  } catch (error) {
    await events?.close();
    await accounts.close();
    throw error;
  }
  const eventStore = events;
  const eventsKind = eventStore.dialect.name === 'clickhouse' ? 'ClickHouse' : 'DuckDB';
  return {
    accounts,
    events: eventStore,
    firstStart,
    checks: [
      { name: 'accounts', check: () => accounts.health() },
      { name: 'events', check: async () => ({ ...(await eventStore.health()), kind: eventsKind }) },
    ],
    async close() {
      await Promise.allSettled([eventStore.close(), accounts.close()]);
    },
  };
}
