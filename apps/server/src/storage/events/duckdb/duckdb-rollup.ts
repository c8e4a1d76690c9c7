import type { DuckDBConnection } from '@duckdb/node-api';
import type { CellValue } from '../event-columns.js';
import { HIT_ROLLUP_COLUMNS, HIT_ROLLUP_TABLE, hitRollup } from '../hit-rollup.js';
import { appendCell } from './duckdb-values.js';

/* The hourly hit rollup of the DuckDB store (hits_hourly): partial rows appended, then compacted. */

/** Partial rows appended to hits_hourly below which it is not compacted. */
export const COMPACT_MIN_ROWS = 20_000;

const ROLLUP_GROUP = ['relationship_id', 'hour', ...HIT_ROLLUP_COLUMNS].join(', ');

/** Replaces the partial rows of hits_hourly by one row per group (in the caller's transaction). */
export const COMPACT_ROLLUP_SQL = [
  `CREATE TEMP TABLE hits_hourly_compacted AS
   SELECT ${ROLLUP_GROUP}, sum(hits)::BIGINT AS hits, sum(cost) AS cost
   FROM main.${HIT_ROLLUP_TABLE} GROUP BY ALL`,
  `DELETE FROM main.${HIT_ROLLUP_TABLE}`,
  `INSERT INTO main.${HIT_ROLLUP_TABLE} SELECT * FROM temp.hits_hourly_compacted`,
  'DROP TABLE temp.hits_hourly_compacted',
];

export async function countRows(connection: DuckDBConnection, table: string): Promise<number> {
  const result = await connection.runAndReadAll(`SELECT count(*) FROM main.${table}`);
  return Number(result.getRowsJS()[0]?.[0] ?? 0);
}

/**
 * Adds the rollup rows of newly stored hits to hits_hourly (in the caller's transaction); returns how
 * many it added.
 */
export async function appendRollup(
  connection: DuckDBConnection,
  stored: readonly CellValue[][],
): Promise<number> {
  const rows = hitRollup(stored);
  if (rows.length === 0) return 0;
  const appender = await connection.createAppender(HIT_ROLLUP_TABLE);
  try {
    for (const row of rows) {
      appender.appendInteger(row.relationshipId);
      appendCell(appender, 'timestamp', row.hour);
      for (const name of HIT_ROLLUP_COLUMNS) appendCell(appender, 'text', row.values[name]);
      appender.appendBigInt(BigInt(row.hits));
      appender.appendDouble(row.cost);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return rows.length;
}
