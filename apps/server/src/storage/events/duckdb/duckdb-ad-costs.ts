import type { DuckDBConnection, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { AdCostRow } from '../ad-costs.js';
import { duckdbDialect } from '../dialect.js';
import { joinSql, renderSql, sql } from '../sql.js';
import { toDuckDbParam } from './duckdb-values.js';

/** Rows a statement writes, so that a large import keeps its parameter lists small. */
const ROWS_PER_STATEMENT = 500;

/**
 * Upserts normalized ad cost rows (one per key, see `normalizeAdCosts`) into `ad_costs` on the given
 * connection, inside the caller's transaction: a key already stored takes the new figures.
 */
export async function upsertAdCostRows(
  connection: DuckDBConnection,
  rows: readonly AdCostRow[],
  importedAt: Date,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(
        (row) =>
          sql`(${row.relationshipId}, ${row.provider}, ${row.customerId}, ${row.campaignId}, CAST(${row.day} AS DATE), ${row.clicks}, ${row.costMicros}, ${row.currency}, ${importedAt})`,
      );
    const statement = sql`INSERT INTO ad_costs (relationship_id, provider, customer_id, campaign_id, day, clicks, cost_micros, currency, imported_at)
VALUES ${joinSql(values)}
ON CONFLICT (relationship_id, provider, customer_id, campaign_id, day) DO UPDATE SET
  clicks = excluded.clicks, cost_micros = excluded.cost_micros, currency = excluded.currency,
  imported_at = excluded.imported_at`;
    const { text, params } = renderSql(statement, duckdbDialect.placeholder);
    const bound: DuckDBValue[] = [];
    const types: DuckDBType[] = [];
    for (const param of params) {
      const { value, type } = toDuckDbParam(param);
      bound.push(value);
      types.push(type);
    }
    await connection.run(text, bound, types);
  }
}
