import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import { afterAll, beforeAll } from 'vitest';
import { openChdbExecutor } from '../storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../storage/events/clickhouse/clickhouse-event-store.js';
import type { EventStore } from '../storage/events/event-store.js';

export interface EventStoreEngine {
  name: string;
  /** How a test app opens its event store: undefined for DuckDB in its DATA_DIR. */
  opener: () => (() => Promise<EventStore>) | undefined;
}

/**
 * The two event stores an ingestion test runs on, for `describe.each`: DuckDB in the test app's
 * DATA_DIR, and ClickHouse in process (chdb). libchdb binds one data folder a process, so the file
 * gets one chdb session (opened and closed by the hooks this registers: call it at a test file's top
 * level) and each test a database of its own, named after `prefix`.
 */
export function eventStoreEngines(prefix: string): EventStoreEngine[] {
  let folder: string;
  let session: Session;
  let databases = 0;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), `veracity-chdb-${prefix}-`));
    session = new Session(folder);
  });
  afterAll(async () => {
    session.close();
    await rm(folder, { recursive: true, force: true });
  });
  return [
    { name: 'DuckDB', opener: () => undefined },
    {
      name: 'ClickHouse (chdb)',
      opener: () => {
        databases += 1;
        const database = `${prefix}_${databases}`;
        return () => openChdbExecutor(session, database).then(openClickHouseEventStore);
      },
    },
  ];
}
