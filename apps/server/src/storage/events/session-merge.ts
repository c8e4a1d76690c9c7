import { type CellValue, sessionTable } from './event-columns.js';
import { mergeEvidenceJson } from './event-evidence.js';
import { RISK_LEVELS } from './event-store.js';

/**
 * The session merge rule (documented on `EventStore.insertSessions`) over validated cells in catalogue
 * order, for stores that merge in application code (ClickHouse reads the stored row, folds the batch
 * into it and writes the result). DuckDB runs the same rule as SQL (`duckdb/duckdb-session-merge.ts`).
 */

const position = (name: string): number => {
  const index = sessionTable.columns.findIndex((column) => column.name === name);
  if (index < 0) throw new Error(`The session catalogue has no column ${name}`);
  return index;
};

const STARTED_AT = position('started_at');
const KEY_POSITIONS = new Set([position('relationship_id'), position('id')]);

type Fold = (earlier: CellValue, later: CellValue) => CellValue;

const time = (cell: CellValue): number => (cell instanceof Date ? cell.getTime() : Number.NaN);
const riskRank = (cell: CellValue): number => RISK_LEVELS.indexOf(cell as (typeof RISK_LEVELS)[number]);

/** Columns merged by a rule rather than taken from the earliest snapshot. */
const FOLDS = new Map<number, Fold>([
  [STARTED_AT, (a, b) => (time(b) < time(a) ? b : a)],
  [position('last_seen_at'), (a, b) => (time(b) > time(a) ? b : a)],
  [position('hits'), (a, b) => Math.max(Number(a), Number(b))],
  [position('risk_level'), (a, b) => (riskRank(b) > riskRank(a) ? b : a)],
  [
    position('threats'),
    (a, b) => [...new Set([...(a as readonly string[]), ...(b as readonly string[])])].sort(),
  ],
  // Each reason's evidence from either side, by the rule of mergeEvidenceJson (event-evidence.ts).
  [position('evidence'), (a, b) => mergeEvidenceJson(a as string | null, b as string | null)],
]);

/**
 * Folds `later` into `earlier` (a stored session, or one earlier in the batch): commutative in every
 * folded column, and acquisition fields move only with a strictly earlier start, so ties keep `earlier`.
 */
export function mergeSessionCells(earlier: readonly CellValue[], later: readonly CellValue[]): CellValue[] {
  const laterStartedFirst = time(later[STARTED_AT] ?? null) < time(earlier[STARTED_AT] ?? null);
  return earlier.map((cell, index) => {
    if (KEY_POSITIONS.has(index)) return cell;
    const fold = FOLDS.get(index);
    const other = later[index] ?? null;
    if (fold !== undefined) return fold(cell, other);
    return laterStartedFirst ? other : cell;
  });
}

/** Identity of an event row in cells (relationship_id and id are the first two catalogue columns). */
export function eventKey(cells: readonly CellValue[]): string {
  return `${String(cells[0])}\u0000${String(cells[1])}`;
}
