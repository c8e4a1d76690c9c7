import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type SpawnedClickHouseFront,
  spawnClickHouseFront,
} from '@veracity/clickhouse-front/spawn-clickhouse-front';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store.conformance.js';
import { openClickHouseEventStore } from './clickhouse-event-store.js';
import { openClickHouseHttpExecutor } from './clickhouse-http-executor.js';

/**
 * The store over HTTP with the official client, against the chdb front (tools/clickhouse-front): the
 * requests the client sends, answered by the current ClickHouse engine. No current clickhouse-server
 * installs on the CI machine (Debian's is 18.16), so this is where the whole conformance suite runs
 * over HTTP; what it does not cover of a real server is in docs/scale-out-test.md.
 */
const folder = await mkdtemp(join(tmpdir(), 'veracity-chdb-front-'));
const front: SpawnedClickHouseFront = await spawnClickHouseFront({ dataDir: folder });

afterAll(async () => {
  await front.stop();
  await rm(folder, { recursive: true, force: true });
});

async function onFront(statement: string): Promise<void> {
  const executor = openClickHouseHttpExecutor({ url: `${front.url}/default` });
  try {
    await executor.command(statement);
  } finally {
    await executor.close();
  }
}

let databases = 0;

describeEventStoreConformance(`ClickHouse ${front.version} over HTTP (chdb front)`, async () => {
  databases += 1;
  const database = `events_${databases}`;
  await onFront(`CREATE DATABASE ${database}`);
  return {
    open: async () =>
      openClickHouseEventStore(openClickHouseHttpExecutor({ url: `${front.url}/${database}` })),
    cleanup: () => onFront(`DROP DATABASE IF EXISTS ${database} SYNC`),
  };
});

describe('the chdb front, through the official client', () => {
  it('raises the engine error with its code, and answers the next request', async () => {
    const executor = openClickHouseHttpExecutor({ url: `${front.url}/default` });
    await expect(executor.query('select * from no_such_table')).rejects.toMatchObject({
      code: '60',
      type: 'UNKNOWN_TABLE',
    });
    await expect(executor.query('select {n:UInt8} + 1 as n', { n: 41 })).resolves.toMatchObject({
      data: [{ n: 42 }],
    });
    await executor.close();
  });

  it('reports the engine version the store checks', async () => {
    const executor = openClickHouseHttpExecutor({ url: `${front.url}/default` });
    expect(await executor.serverVersion()).toBe(front.version);
    await executor.close();
  });
});
