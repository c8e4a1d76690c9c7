import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openSharedState, type SharedState } from '../shared-state/shared-state.js';
import { openClickHouseEventStore } from './events/clickhouse/clickhouse-event-store.js';
import { openClickHouseHttpExecutor } from './events/clickhouse/clickhouse-http-executor.js';
import { openDuckDbEventStore } from './events/duckdb/duckdb-event-store.js';
import type { EventStore } from './events/event-store.js';
import { type EventWriterLock, inProcessWriterLock } from './events/event-writer-lock.js';
import { BatchWriter, type BatchWriterOptions } from './events/journal/batch-writer.js';
import { ensureMeta } from './oltp/app-meta.repo.js';
import { type OltpStore, openOltpStore } from './oltp/oltp-database.js';
import { postgresWriterLock } from './oltp/writer-lock.repo.js';
import type { StoreHealth } from './store-health.js';

export interface Stores {
  accounts: OltpStore;
  events: EventStore;
  /**
   * The event store's durable front for ingestion: `append` resolves once a write is in the journal
   * (`DATA_DIR/ingest-journal/`), loaded into `events` in the background. What a crash left in the
   * journal was loaded before `openStores` resolved.
   */
  journal: BatchWriter;
  /** The state several servers share (SHARED_STATE_URL); none for one server, whose state is in process. */
  shared: SharedState | undefined;
  /** Each store's health under its name, for GET /api/health. */
  checks: readonly { name: string; check(): Promise<StoreHealth> }[];
  /** True when these stores were just created: the first start on this DATA_DIR or database. */
  firstStart: boolean;
  /** Refuses new writes, loads everything the journal acknowledged into the event store, then closes both stores. */
  close(): Promise<void>;
}

export interface OpenStoresOptions {
  /**
   * Opens the event store instead (tests run the same suites on ClickHouse in process, chdb), with
   * the writer lock a ClickHouse store takes for every write.
   */
  openEvents?: (writerLock: EventWriterLock) => Promise<EventStore>;
  /** Journal limits other than the defaults (tests and the benchmarks). */
  journal?: BatchWriterOptions;
  /** Where recovery and loads log (main.ts makes the logger before the stores). */
  log?: FastifyBaseLogger;
}

export const ACCOUNTS_FILE = 'accounts.sqlite';
export const EVENTS_FILE = 'events.duckdb';
/** The folder of the ingestion journal, inside DATA_DIR. */
export const INGEST_JOURNAL_DIR = 'ingest-journal';

/**
 * Opens and migrates both stores: the accounts store on PostgreSQL when DATABASE_URL is set, SQLite in
 * DATA_DIR otherwise; the event store on ClickHouse when CLICKHOUSE_URL is set, DuckDB in DATA_DIR otherwise.
 * Every write to ClickHouse runs under the event writer lock: on PostgreSQL an advisory lock that all
 * the servers of the installation share, so that they write one at a time (docs/events.md, "Several
 * servers"); on SQLite, where one server runs, a lock within the process.
 * Then the ingestion journal in DATA_DIR is opened over the event store: the writes a crash left
 * acknowledged and not yet loaded are loaded before this resolves, so before ingestion accepts anything.
 */
export async function openStores(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & {
    clickhouseUrl?: string | undefined;
    sharedStateUrl?: string | undefined;
  },
  options: OpenStoresOptions = {},
): Promise<Stores> {
  const { openEvents } = options;
  const accounts = config.databaseUrl
    ? openOltpStore({ databaseUrl: config.databaseUrl })
    : openOltpStore({ sqliteFile: path.join(config.dataDir, ACCOUNTS_FILE) });
  let events: EventStore | undefined;
  let journal: BatchWriter | undefined;
  let firstStart = false;
  try {
    await accounts.migrate();
    const startedAt = new Date().toISOString();
    firstStart = (await ensureMeta(accounts.db, 'first_started_at', startedAt)) === startedAt;
    const writerLock = config.databaseUrl ? postgresWriterLock(accounts.db) : inProcessWriterLock();
    events = openEvents
      ? await openEvents(writerLock)
      : config.clickhouseUrl
        ? openClickHouseEventStore(openClickHouseHttpExecutor({ url: config.clickhouseUrl }), { writerLock })
        : await openDuckDbEventStore({ path: path.join(config.dataDir, EVENTS_FILE) });
    await events.migrate();
    journal = new BatchWriter(
      events,
      path.join(config.dataDir, INGEST_JOURNAL_DIR),
      options.journal,
      options.log,
    );
    await journal.open();
  } catch (error) {
    await events?.close();
    await accounts.close();
    throw error;
  }
  const eventStore = events;
  const eventJournal = journal;
  const eventsKind = eventStore.dialect.name === 'clickhouse' ? 'ClickHouse' : 'DuckDB';
  const shared = config.sharedStateUrl
    ? await openSharedState(config.sharedStateUrl, { log: options.log })
    : undefined;
  return {
    accounts,
    events: eventStore,
    journal: eventJournal,
    shared,
    firstStart,
    checks: [
      { name: 'accounts', check: () => accounts.health() },
      { name: 'events', check: async () => ({ ...(await eventStore.health()), kind: eventsKind }) },
      ...(shared ? [{ name: 'sharedState', check: () => shared.health() }] : []),
    ],
    async close() {
      // The journal drains into the event store before the store closes.
      await eventJournal.close().catch((error: unknown) => {
        options.log?.error({ err: error }, 'the ingestion journal did not drain before the stores closed');
      });
      // The event store first: its last writes may still take the writer lock on the accounts database.
      await eventStore.close().catch(() => undefined);
      await Promise.allSettled([accounts.close(), shared?.close()]);
    },
  };
}
