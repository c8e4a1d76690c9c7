import { type ClickHouseSettings, createClient } from '@clickhouse/client';
import { type ClickHouseExecutor, type ClickHouseResult, RESULT_SETTINGS } from './clickhouse-executor.js';

export interface ClickHouseHttpOptions {
  /** `http(s)://user:password@host:8123/database`; the path names the database (default `default`). */
  url: string;
  /** Extra settings for every request. */
  settings?: ClickHouseSettings;
  /**
   * Settings of `query` requests; {@link RESULT_SETTINGS} by default. Only a check against a server too
   * old for them (`clickhouse-http.test.ts` on 18.16) replaces them.
   */
  resultSettings?: ClickHouseSettings;
}

/** A ClickHouse server over HTTP with the official client (keep-alive pool, server-side parameters). */
export function openClickHouseHttpExecutor(options: ClickHouseHttpOptions): ClickHouseExecutor {
  const client = createClient({
    url: options.url,
    ...(options.settings === undefined ? {} : { clickhouse_settings: options.settings }),
  });
  return {
    async command(statement, params) {
      await client.command({ query: statement, query_params: params });
    },
    async insert(table, rows, insertOptions = {}) {
      const { deduplicationToken } = insertOptions;
      await client.insert({
        table,
        values: [...rows],
        format: 'JSONEachRow',
        ...(deduplicationToken === undefined
          ? {}
          : { clickhouse_settings: { insert_deduplication_token: deduplicationToken } }),
      });
    },
    async query(statement, params) {
      const result = await client.query({
        query: statement,
        query_params: params,
        format: 'JSON',
        clickhouse_settings: options.resultSettings ?? RESULT_SETTINGS,
      });
      const json = await result.json<ClickHouseResult['data'][number]>();
      return { meta: json.meta ?? [], data: json.data };
    },
    async queryChunks(statement, params, chunkRows, onChunk) {
      const result = await client.query({
        query: statement,
        query_params: params,
        format: 'JSONCompactEachRowWithNamesAndTypes',
        clickhouse_settings: options.resultSettings ?? RESULT_SETTINGS,
      });
      // The first two lines name the columns and their types; every other line is a row.
      let names: string[] | undefined;
      let meta: { name: string; type: string }[] = [];
      let pending: Record<string, unknown>[] = [];
      for await (const rows of result.stream()) {
        for (const line of rows) {
          const cells = line.json<unknown[]>();
          if (!names) {
            names = cells.map(String);
            continue;
          }
          if (meta.length === 0 && names.length > 0) {
            meta = names.map((name, index) => ({ name, type: String(cells[index]) }));
            continue;
          }
          pending.push(Object.fromEntries(meta.map(({ name }, index) => [name, cells[index]])));
          if (pending.length >= chunkRows) {
            await onChunk({ meta, data: pending });
            pending = [];
          }
        }
      }
      if (pending.length > 0) await onChunk({ meta, data: pending });
    },
    async serverVersion() {
      const result = await client.query({ query: 'SELECT version() AS version', format: 'JSONEachRow' });
      const [row] = await result.json<{ version: string }>();
      return String(row?.version);
    },
    close: () => client.close(),
  };
}
