import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store.conformance.js';
import { sql } from '../sql.js';
import { openClickHouseEventStore } from './clickhouse-event-store.js';
import { isSupportedVersion } from './clickhouse-executor.js';
import { openClickHouseHttpExecutor } from './clickhouse-http-executor.js';

/**
 * The store over HTTP against a real server, when TEST_CLICKHOUSE_URL is set (`.ci/clickhouse.sh`
 * starts Debian's 18.16). A server new enough runs the whole conformance suite in a throwaway database
 * per test; an older one (18.16 has no DateTime64 nor query parameters) gets the reduced check: the
 * client connects, health answers, migrate refuses with a message naming the version needed, and rows
 * inserted over HTTP read back through `query` with the store's conversions.
 */
const serverUrl = process.env.TEST_CLICKHOUSE_URL;
const version = serverUrl === undefined ? undefined : await askVersion(serverUrl);

async function askVersion(url: string): Promise<string> {
  const executor = openClickHouseHttpExecutor({ url });
  try {
    return await executor.serverVersion();
  } finally {
    await executor.close();
  }
}

function urlOfDatabase(database: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${database}`;
  return url.href;
}

/** Runs a statement on the server's default database (to create and drop the throwaway ones). */
async function onServer(statement: string): Promise<void> {
  const executor = openClickHouseHttpExecutor({ url: serverUrl ?? '' });
  try {
    await executor.command(statement);
  } finally {
    await executor.close();
  }
}

const prefix = `veracity_test_${process.pid}_${Date.now()}`;
let databases = 0;

if (version !== undefined && isSupportedVersion(version)) {
  describeEventStoreConformance(`ClickHouse ${version} over HTTP`, async () => {
    databases += 1;
    const database = `${prefix}_${databases}`;
    await onServer(`CREATE DATABASE ${database}`);
    return {
      open: async () =>
        openClickHouseEventStore(openClickHouseHttpExecutor({ url: urlOfDatabase(database) })),
      cleanup: () => onServer(`DROP DATABASE IF EXISTS ${database}`),
    };
  });
}

describe.skipIf(version === undefined || isSupportedVersion(version))(
  `ClickHouse ${version ?? '(no TEST_CLICKHOUSE_URL)'} too old for the schema, over HTTP`,
  () => {
    const database = `${prefix}_legacy`;
    beforeAll(() => onServer(`CREATE DATABASE ${database}`));
    afterAll(() => onServer(`DROP DATABASE IF EXISTS ${database}`));

    it('connects and reports health up', async () => {
      const store = openClickHouseEventStore(openClickHouseHttpExecutor({ url: urlOfDatabase(database) }));
      expect(await store.health()).toMatchObject({ status: 'up', kind: 'clickhouse' });
      await store.close();
      expect(await store.health()).toMatchObject({ status: 'down', detail: expect.stringMatching(/closed/) });
    });

    it('refuses to migrate, naming the version it needs, and creates nothing', async () => {
      const store = openClickHouseEventStore(openClickHouseHttpExecutor({ url: urlOfDatabase(database) }));
      await expect(store.migrate()).rejects.toThrow(
        new RegExp(`ClickHouse ${version?.replaceAll('.', '\\.')} is too old .* needs 22\\.3 or later`),
      );
      await store.close();
      const executor = openClickHouseHttpExecutor({ url: urlOfDatabase(database) });
      await expect(executor.serverVersion()).resolves.toBe(version);
      await executor.close();
    });

    it('inserts rows over HTTP and reads them back with the store conversions', async () => {
      const executor = openClickHouseHttpExecutor({
        url: urlOfDatabase(database),
        resultSettings: { output_format_json_quote_64bit_integers: 1 },
      });
      // The hits table reduced to types 18.16 has: DateTime (seconds) for DateTime64(3), no LowCardinality.
      await executor.command(`CREATE TABLE hits (
        relationship_id UInt32, id String, ts DateTime('UTC'), referrer Nullable(String),
        asn Nullable(Int64), threats Array(String)
      ) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY (relationship_id, toDate(ts), id)`);
      await executor.insert('hits', [
        {
          relationship_id: 101,
          id: 'hit-1',
          ts: '2024-03-10 12:00:00',
          referrer: null,
          asn: 4_200_000_000,
          threats: ['network:datacenter'],
        },
        {
          relationship_id: 101,
          id: 'hit-2',
          ts: '2024-03-11 00:30:00',
          referrer: 'https://a.example/',
          asn: null,
          threats: [],
        },
      ]);
      const store = openClickHouseEventStore(executor);
      const rows = await store.query(
        (
          d,
        ) => sql`select id, ts, referrer, asn, threats, ${d.dateBucket('ts', 'day', 'America/New_York')} as day,
          ${d.countIf(rawTrue)} as one
          from hits where relationship_id = 101 group by id, ts, referrer, asn, threats order by id`,
      );
      expect(rows).toEqual([
        {
          id: 'hit-1',
          ts: '2024-03-10T12:00:00.000Z',
          referrer: null,
          asn: 4_200_000_000,
          threats: ['network:datacenter'],
          day: '2024-03-10',
          one: 1,
        },
        {
          id: 'hit-2',
          ts: '2024-03-11T00:30:00.000Z',
          referrer: 'https://a.example/',
          asn: null,
          threats: [],
          day: '2024-03-10',
          one: 1,
        },
      ]);
      await store.close();
    });
  },
);

const rawTrue = sql`1 = 1`;
