import { type CellValue, hitTable } from './event-columns.js';

/**
 * The hourly hit rollup: per account, UTC hour and the common dimensions, the number of hits and
 * their cost. Both stores keep it in a table `hits_hourly` of partial sums, written in the same
 * transaction (DuckDB) or by the same writer (ClickHouse) as the hits it counts, from the rows the
 * insert actually stored, so it stays exact: a query sums the partial rows of its groups. Analytics
 * reads it instead of the hits when a query needs nothing else (`analytics/rollup.ts`).
 */

/** The dimension columns the rollup keeps (hits' column names), in its table order after the hour. */
export const HIT_ROLLUP_COLUMNS = [
  'traffic_type',
  'country',
  'device_type',
  'risk_level',
  'hit_status',
] as const;
export type HitRollupColumn = (typeof HIT_ROLLUP_COLUMNS)[number];

export const HIT_ROLLUP_TABLE = 'hits_hourly';

export interface HitRollupRow {
  relationshipId: number;
  /** Start of the UTC hour. */
  hour: Date;
  values: Record<HitRollupColumn, string | null>;
  hits: number;
  cost: number;
}

const HOUR_MS = 3_600_000;

function columnIndex(name: string): number {
  const index = hitTable.columns.findIndex((column) => column.name === name);
  if (index < 0) throw new Error(`The hits catalogue has no column ${name}`);
  return index;
}

const RELATIONSHIP = columnIndex('relationship_id');
const TS = columnIndex('ts');
const COST = columnIndex('cost');
const DIMENSIONS = HIT_ROLLUP_COLUMNS.map((name) => [name, columnIndex(name)] as const);

/** The rollup rows of newly stored hits (validated cells in catalogue order), one per group. */
export function hitRollup(stored: readonly (readonly CellValue[])[]): HitRollupRow[] {
  const groups = new Map<string, HitRollupRow>();
  for (const cells of stored) {
    const ts = cells[TS];
    if (!(ts instanceof Date)) throw new TypeError('A stored hit has no timestamp');
    const hour = new Date(Math.floor(ts.getTime() / HOUR_MS) * HOUR_MS);
    const values = Object.fromEntries(
      DIMENSIONS.map(([name, index]) => [
        name,
        typeof cells[index] === 'string' ? (cells[index] as string) : null,
      ]),
    ) as HitRollupRow['values'];
    const relationshipId = Number(cells[RELATIONSHIP]);
    const key = JSON.stringify([
      relationshipId,
      hour.getTime(),
      ...HIT_ROLLUP_COLUMNS.map((name) => values[name]),
    ]);
    const cost = typeof cells[COST] === 'number' ? (cells[COST] as number) : 0;
    const group = groups.get(key);
    if (group) {
      group.hits += 1;
      group.cost += cost;
    } else {
      groups.set(key, { relationshipId, hour, values, hits: 1, cost });
    }
  }
  return [...groups.values()];
}
