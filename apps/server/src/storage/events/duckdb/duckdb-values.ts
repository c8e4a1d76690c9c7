import { createRequire } from 'node:module';
import { TextDecoder } from 'node:util';
import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  type DuckDBAppender,
  DuckDBArrayValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBStructValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBType,
  type DuckDBValue,
  LIST,
  listValue,
  SQLNULL,
  TIMESTAMPTZ,
  VARCHAR,
} from '@duckdb/node-api';
import type { CellValue, ColumnKind } from '../event-columns.js';
import type { ResultValue } from '../event-store.js';
import type { SqlParam } from '../sql.js';

/** Conversions between JS values and DuckDB values, in both directions. */

/**
 * @duckdb/node-api (1.5.6-r.1) decodes every VARCHAR it reads with `new TextDecoder()`, which takes a
 * leading U+FEFF for a byte order mark and drops it: DuckDB holds "\ufeffx", the client reads "x". Its
 * string readers look the decoder up on their module's exports at each call, so this replaces it, once,
 * with one that keeps the character (the tests of text as sent read one back through the store).
 */
const require = createRequire(import.meta.url);
const dataAccessors = require('@duckdb/node-api/lib/vectors/dataAccessors.js') as {
  textDecoder?: TextDecoder;
};
if (dataAccessors.textDecoder) dataAccessors.textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

const MICROS_PER_MILLI = 1000n;
const VARCHAR_LIST = LIST(VARCHAR);

function timestampTz(date: Date): DuckDBTimestampTZValue {
  return new DuckDBTimestampTZValue(BigInt(date.getTime()) * MICROS_PER_MILLI);
}

/** A query parameter as a DuckDB value and its type (explicit, so empty lists and nulls bind). */
export function toDuckDbParam(param: SqlParam): { value: DuckDBValue; type: DuckDBType } {
  if (param === null) return { value: null, type: SQLNULL };
  if (typeof param === 'string') return { value: param, type: VARCHAR };
  if (typeof param === 'boolean') return { value: param, type: BOOLEAN };
  if (typeof param === 'number') {
    return Number.isSafeInteger(param)
      ? { value: BigInt(param), type: BIGINT }
      : { value: param, type: DOUBLE };
  }
  if (param instanceof Date) return { value: timestampTz(param), type: TIMESTAMPTZ };
  const items: readonly (string | number)[] = param;
  if (items.length > 0 && items.every((item) => typeof item === 'number')) {
    const integers = items.every((item) => Number.isSafeInteger(item));
    const values = items.map((item) => (integers ? BigInt(item) : Number(item)));
    return { value: listValue(values), type: LIST(integers ? BIGINT : DOUBLE) };
  }
  return { value: listValue(items.map(String)), type: VARCHAR_LIST };
}

function expect<T extends CellValue>(
  cell: CellValue,
  ok: (cell: CellValue) => cell is T,
  kind: ColumnKind,
): T {
  if (!ok(cell)) throw new TypeError(`Cell of kind ${kind} has an unexpected value`);
  return cell;
}

const isNumber = (cell: CellValue): cell is number => typeof cell === 'number';
const isString = (cell: CellValue): cell is string => typeof cell === 'string';
const isDate = (cell: CellValue): cell is Date => cell instanceof Date;
const isList = (cell: CellValue): cell is readonly string[] => Array.isArray(cell);

/** Appends one validated cell in the DuckDB type the migrations give columns of that kind. */
export function appendCell(appender: DuckDBAppender, kind: ColumnKind, cell: CellValue): void {
  if (cell === null) {
    appender.appendNull();
    return;
  }
  switch (kind) {
    case 'relationship':
    case 'count':
      appender.appendInteger(expect(cell, isNumber, kind));
      return;
    case 'int':
      appender.appendBigInt(BigInt(expect(cell, isNumber, kind)));
      return;
    case 'number':
      appender.appendDouble(expect(cell, isNumber, kind));
      return;
    case 'timestamp':
      appender.appendTimestampTZ(timestampTz(expect(cell, isDate, kind)));
      return;
    case 'threats':
      appender.appendList(listValue(expect(cell, isList, kind)), VARCHAR_LIST);
      return;
    case 'id':
    case 'text':
    case 'country':
    case 'currency':
    case 'riskLevel':
    case 'hitStatus':
    case 'conversionStatus':
    case 'evidence':
      appender.appendVarchar(expect(cell, isString, kind));
      return;
  }
}

function microsToIso(micros: bigint): string {
  return new Date(Number(micros / MICROS_PER_MILLI)).toISOString();
}

/** A result value as documented on `EventStore.query`. */
export function fromDuckDbValue(value: DuckDBValue, column: string): ResultValue {
  if (
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'number' ||
    typeof value === 'string'
  ) {
    return value;
  }
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError(`Column ${column}: integer ${value} is beyond JS number precision`);
    }
    return Number(value);
  }
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  if (value instanceof DuckDBTimestampTZValue)
    return value.isFinite ? microsToIso(value.micros) : value.toString();
  if (value instanceof DuckDBTimestampValue) {
    return value.isFinite ? microsToIso(value.micros).slice(0, -1) : value.toString();
  }
  if (value instanceof DuckDBDateValue) return value.toString();
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) {
    return value.items.map((item) => fromDuckDbValue(item, column));
  }
  if (value instanceof DuckDBStructValue) {
    const entries = Object.entries(value.entries).map(([key, item]) => [key, fromDuckDbValue(item, column)]);
    return Object.fromEntries(entries);
  }
  return value.toString();
}
