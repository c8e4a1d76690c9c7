import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import { openChdbExecutor } from '../storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../storage/events/clickhouse/clickhouse-event-store.js';
import { openDuckDbEventStore } from '../storage/events/duckdb/duckdb-event-store.js';
import { describeMoneyParity } from './analytics-money.suite.js';
import { describeAnalyticsParity } from './analytics-parity.suite.js';

async function openDuckDb() {
  const store = await openDuckDbEventStore({ path: ':memory:' });
  return { store, close: () => store.close() };
}

async function openChdb() {
  const folder = await mkdtemp(join(tmpdir(), 'veracity-chdb-analytics-'));
  const session = new Session(folder);
  const store = await openClickHouseEventStore(await openChdbExecutor(session, 'analytics_parity'));
  return {
    store,
    close: async () => {
      await store.close();
      session.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

describeAnalyticsParity('DuckDB', openDuckDb);
describeAnalyticsParity('ClickHouse (chdb)', openChdb);
describeMoneyParity('DuckDB', openDuckDb);
describeMoneyParity('ClickHouse (chdb)', openChdb);
