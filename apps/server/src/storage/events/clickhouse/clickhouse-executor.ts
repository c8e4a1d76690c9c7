/**
 * The few things the ClickHouse event store asks of an engine, so the same store runs over HTTP
 * (`clickhouse-http-executor.ts`, production) and in process (`chdb-executor.ts`, tests).
 *
 * Parameters are bound server-side by name (`{p1:String}` in the text, `p1` in `params`); dates arrive
 * already formatted as text (see {@link clickhouseParamValue}). Results are JSON rows with the column
 * types ClickHouse reports, read with 64-bit integers quoted and timestamps in ISO 8601.
 */
export interface ClickHouseExecutor {
  /** Runs a statement and discards any result (DDL; `SELECT 1` as a round trip). */
  command(statement: string, params?: ClickHouseParams): Promise<void>;
  /**
   * Inserts rows in one INSERT (one block: atomic on a single partition) and waits for it. With a
   * deduplication token, a table that keeps its last blocks' tokens (`non_replicated_deduplication_window`)
   * drops the INSERT when one of them has the same token.
   */
  insert(
    table: string,
    rows: readonly Record<string, unknown>[],
    options?: { deduplicationToken?: string },
  ): Promise<void>;
  /** Runs a query and returns its rows with the type ClickHouse gives each column ({@link RESULT_SETTINGS}). */
  query(statement: string, params?: ClickHouseParams): Promise<ClickHouseResult>;
  /**
   * Runs a query and hands its rows to `onChunk` at most `chunkRows` at a time, waiting for each; the
   * column types come with every chunk. The HTTP executor streams the answer; the in-process one (chdb,
   * tests only) reads it whole and slices it.
   */
  queryChunks(
    statement: string,
    params: ClickHouseParams,
    chunkRows: number,
    onChunk: (chunk: ClickHouseResult) => Promise<void>,
  ): Promise<void>;
  /** The server's version, e.g. `24.8.4.13`, asked without any setting so that any version answers. */
  serverVersion(): Promise<string>;
  /** Releases the connection (idempotent). */
  close(): Promise<void>;
}

export type ClickHouseParamValue = string | number | boolean | null | readonly string[] | readonly number[];
export type ClickHouseParams = Record<string, ClickHouseParamValue>;

export interface ClickHouseResult {
  meta: readonly { name: string; type: string }[];
  data: readonly Record<string, unknown>[];
}

/** Settings every query (not command or insert) runs with, so results read the same from every engine. */
export const RESULT_SETTINGS = {
  output_format_json_quote_64bit_integers: 1,
  date_time_output_format: 'iso',
} as const;

/** A Date as ClickHouse DateTime64(3) text in UTC: `2024-03-10 04:30:00.000`. */
export function clickhouseDateTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** The oldest ClickHouse the schema and queries are written for (DateTime64, typed query parameters,
 * ISO date output, LowCardinality); `migrate()` refuses an older server with a message saying so. */
export const MIN_CLICKHOUSE_VERSION = [22, 3] as const;

/** True when a `version()` string is at least {@link MIN_CLICKHOUSE_VERSION}. */
export function isSupportedVersion(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [minMajor, minMinor] = MIN_CLICKHOUSE_VERSION;
  return major > minMajor || (major === minMajor && minor >= minMinor);
}
