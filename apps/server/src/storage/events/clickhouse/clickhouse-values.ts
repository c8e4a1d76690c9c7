import type { CellValue, EventTable } from '../event-columns.js';
import type { ResultValue } from '../event-store.js';
import type { SqlParam } from '../sql.js';
import { type ClickHouseParamValue, clickhouseDateTime } from './clickhouse-executor.js';

/** Conversions between JS values and ClickHouse's JSON formats, in both directions. */

/** A validated batch row as a JSONEachRow object keyed by catalogue column names. */
export function toJsonRow<Row>(table: EventTable<Row>, cells: readonly CellValue[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  table.columns.forEach((column, index) => {
    const cell = cells[index] ?? null;
    row[column.name] = cell instanceof Date ? clickhouseDateTime(cell) : cell;
  });
  return row;
}

/** A stored row read back (selected by catalogue column names) as cells in catalogue order. */
export function fromJsonRow<Row>(table: EventTable<Row>, row: Record<string, unknown>): CellValue[] {
  return table.columns.map((column) => {
    const value = row[column.name] ?? null;
    if (value === null) return null;
    switch (column.kind) {
      case 'timestamp':
        return new Date(String(value));
      case 'relationship':
      case 'int':
      case 'count':
      case 'number':
        return Number(value);
      case 'threats':
        return (value as unknown[]).map(String);
      default:
        return String(value);
    }
  });
}

/** A query parameter in the form both executors send: dates as DateTime64(3) text in UTC. */
export function toClickHouseParam(param: SqlParam): ClickHouseParamValue {
  return param instanceof Date ? clickhouseDateTime(param) : param;
}

/** Strips the wrappers that do not change how a value reads: Nullable(T), LowCardinality(T). */
function innerType(type: string): string {
  const match = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(type);
  return match?.[1] === undefined ? type : innerType(match[1]);
}

/** A result value as documented on `EventStore.query`, by the column type ClickHouse reports. */
export function fromClickHouseValue(value: unknown, type: string, column: string): ResultValue {
  if (value === null || value === undefined) return null;
  const inner = innerType(type);
  if (/^U?Int(64|128|256)$/.test(inner)) {
    const big = BigInt(String(value));
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError(`Column ${column}: integer ${big} is beyond JS number precision`);
    }
    return Number(big);
  }
  if (inner.startsWith('Decimal')) return Number(value);
  if (inner.startsWith('DateTime')) {
    // ISO output (RESULT_SETTINGS) carries its zone; plain `2024-03-10 12:00:00` text is in the type's zone.
    const text = String(value);
    if (text.includes('T')) return new Date(text).toISOString();
    if (/'UTC'\)$/.test(inner)) return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
    throw new RangeError(`Column ${column}: ${type} text ${text} names no zone (ISO output is off)`);
  }
  const array = /^Array\((.*)\)$/.exec(inner);
  if (array?.[1] !== undefined && Array.isArray(value)) {
    const itemType = array[1];
    return value.map((item) => fromClickHouseValue(item, itemType, column));
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.parse(JSON.stringify(value)) as ResultValue;
}
