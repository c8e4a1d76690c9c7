import { type CellValue, type EventColumn, sessionTable } from './event-columns.js';
import { mergeEvidence, mergeEvidenceJson } from './event-evidence.js';
import { RISK_LEVELS, type SessionRow } from './event-store.js';

/**
 * The session merge rule, declared once. Rows of one session (the stored row, the snapshots of a
 * batch, the snapshots of a journal load) fold into one, field by field, by the rule below. Every
 * implementation is derived from this declaration: the JS fold of a load (`foldSessions`), the fold
 * ClickHouse runs in its writer (`mergeSessionCells`) and the SQL DuckDB runs
 * (`duckdb/duckdb-session-merge.ts`, one aggregate per rule); `session-merge.property.test.ts` checks
 * what both engines store against `foldSessions` on random snapshot sets.
 *
 * The fold is associative and, but for `fromEarliestRow` ties, commutative: re-sending or reordering
 * snapshots stores the same session, and a batch folded before it reaches the store (a load) stores
 * what the snapshots sent one by one would.
 */
export type SessionMergeRule =
  /** The session's identity: the same in every row. */
  | 'key'
  /** The earliest time. */
  | 'earliest'
  /** The latest time. */
  | 'latest'
  /** The largest number (a running total: never summed). */
  | 'largest'
  /** The highest risk tier seen: risk only escalates. */
  | 'worstTier'
  /** The union of the lists, each value once, sorted by code point. */
  | 'sortedUnion'
  /**
   * Per reason any row has, one row's evidence of it: the one whose JSON text is the longest, then the
   * greatest (`mergeEvidenceJson`); commutative and associative.
   */
  | 'evidencePerReason'
  /** The value of the row with the earliest `startedAt`; of equals, the first (stored, then batch order). */
  | 'fromEarliestRow';

/** The rule of each field of a session row: a field added to `SessionRow` must be given one here. */
export const SESSION_MERGE_RULE = {
  relationshipId: 'key',
  id: 'key',
  startedAt: 'earliest',
  lastSeenAt: 'latest',
  hits: 'largest',
  riskLevel: 'worstTier',
  threats: 'sortedUnion',
  evidence: 'evidencePerReason',
  landingUrl: 'fromEarliestRow',
  referrer: 'fromEarliestRow',
  trafficType: 'fromEarliestRow',
  campaignId: 'fromEarliestRow',
  offerId: 'fromEarliestRow',
  trafficSourceId: 'fromEarliestRow',
  utmSource: 'fromEarliestRow',
  utmMedium: 'fromEarliestRow',
  utmCampaign: 'fromEarliestRow',
  utmContent: 'fromEarliestRow',
  utmTerm: 'fromEarliestRow',
  subPublisher: 'fromEarliestRow',
  ip: 'fromEarliestRow',
  country: 'fromEarliestRow',
  isp: 'fromEarliestRow',
  deviceType: 'fromEarliestRow',
  osName: 'fromEarliestRow',
  browser: 'fromEarliestRow',
  domain: 'fromEarliestRow',
  googleCampaignId: 'fromEarliestRow',
  googlePlacement: 'fromEarliestRow',
  googleKeyword: 'fromEarliestRow',
  googleAccountId: 'fromEarliestRow',
  hitStatus: 'fromEarliestRow',
  vars: 'fromEarliestRow',
} as const satisfies Record<keyof SessionRow, SessionMergeRule>;

/** The field whose earliest value picks the row that `fromEarliestRow` fields come from. */
export const SESSION_ORDER_FIELD = 'startedAt' satisfies keyof SessionRow;

/** The rules that combine values (the others keep a row's value as it is). */
export type SessionFoldRule = Exclude<SessionMergeRule, 'key' | 'fromEarliestRow'>;

/** The rule of a catalogue column (the custom variables `vars.varN` follow `vars`). */
export function sessionColumnRule(column: EventColumn<SessionRow>): SessionMergeRule {
  const field = column.field.split('.')[0] as keyof SessionRow;
  const rule = SESSION_MERGE_RULE[field] as SessionMergeRule | undefined;
  if (rule === undefined) throw new Error(`The session merge rule has no field ${column.field}`);
  return rule;
}

const time = (value: unknown): number => (value instanceof Date ? value.getTime() : Number.NaN);
const tierRank = (value: unknown): number => RISK_LEVELS.indexOf(value as (typeof RISK_LEVELS)[number]);

/** Code point order (UTF-8 byte order, as the engines compare text), not UTF-16 unit order. */
function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.codePointAt(index) as number;
    const y = b.codePointAt(index) as number;
    if (x !== y) return x - y;
    if (x > 0xffff) index++;
  }
  return a.length - b.length;
}

function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort(byCodePoint);
}

/** How two values of a field combine under each rule: `earlier` is the value of the row folded first. */
const FOLD_VALUES: Record<SessionFoldRule, (earlier: unknown, later: unknown) => unknown> = {
  earliest: (earlier, later) => (time(later) < time(earlier) ? later : earlier),
  latest: (earlier, later) => (time(later) > time(earlier) ? later : earlier),
  largest: (earlier, later) => (Number(later) > Number(earlier) ? later : earlier),
  worstTier: (earlier, later) => (tierRank(later) > tierRank(earlier) ? later : earlier),
  sortedUnion: (earlier, later) => sortedUnion(earlier as readonly string[], later as readonly string[]),
  evidencePerReason: (earlier, later) =>
    mergeEvidence(earlier as object | null | undefined, later as object | null | undefined),
};

/** The same folds over stored cells, where evidence is its JSON text. */
const FOLD_CELLS: Record<SessionFoldRule, (earlier: unknown, later: unknown) => unknown> = {
  ...FOLD_VALUES,
  evidencePerReason: (earlier, later) => mergeEvidenceJson(earlier as string | null, later as string | null),
};

const isFold = (rule: SessionMergeRule): rule is SessionFoldRule =>
  rule !== 'key' && rule !== 'fromEarliestRow';

/** The folded fields of a row, with their fold. */
const ROW_FOLDS = Object.entries(SESSION_MERGE_RULE).flatMap(([field, rule]) =>
  isFold(rule) ? [[field as keyof SessionRow, FOLD_VALUES[rule]] as const] : [],
);

/**
 * One row of the session from `earlier` (stored, or first in the batch) and `later`. Folding a row
 * with itself normalises it (its reasons sorted, each once), which is what a store keeps of a
 * session written once.
 */
export function mergeSessionRows(earlier: SessionRow, later: SessionRow): SessionRow {
  const laterFirst = time(later[SESSION_ORDER_FIELD]) < time(earlier[SESSION_ORDER_FIELD]);
  const merged: Record<string, unknown> = { ...(laterFirst ? later : earlier) };
  merged.relationshipId = earlier.relationshipId;
  merged.id = earlier.id;
  for (const [field, fold] of ROW_FOLDS) merged[field] = fold(earlier[field], later[field]);
  return merged as unknown as SessionRow;
}

/**
 * Folds the snapshots of each session in a load into one, in order, by the rule: what the store
 * keeps of them. A visit sends a snapshot per hit; folding first spares the store most of its
 * upserts and changes no result.
 */
export function foldSessions(rows: readonly SessionRow[]): SessionRow[] {
  const folded = new Map<string, SessionRow>();
  for (const row of rows) {
    const key = `${row.relationshipId}:${row.id}`;
    const seen = folded.get(key);
    folded.set(key, mergeSessionRows(seen ?? row, row));
  }
  return [...folded.values()];
}

const position = (field: string): number => {
  const index = sessionTable.columns.findIndex((column) => column.field === field);
  if (index < 0) throw new Error(`The session catalogue has no field ${field}`);
  return index;
};

const ORDER_POSITION = position(SESSION_ORDER_FIELD);

/** The fold of each catalogue column, in catalogue order (undefined: the row's own value). */
const CELL_FOLDS: readonly (((earlier: unknown, later: unknown) => unknown) | undefined)[] =
  sessionTable.columns.map((column) => {
    const rule = sessionColumnRule(column);
    return isFold(rule) ? FOLD_CELLS[rule] : undefined;
  });
const KEY_POSITIONS = new Set(
  sessionTable.columns.flatMap((column, index) => (sessionColumnRule(column) === 'key' ? [index] : [])),
);

/**
 * The rule over validated cells in catalogue order, for stores that merge in application code
 * (ClickHouse reads the stored row, folds the batch into it and writes the result). Folding a row with
 * itself normalises it, as `mergeSessionRows` does.
 */
export function mergeSessionCells(earlier: readonly CellValue[], later: readonly CellValue[]): CellValue[] {
  const laterFirst = time(later[ORDER_POSITION] ?? null) < time(earlier[ORDER_POSITION] ?? null);
  return earlier.map((cell, index) => {
    if (KEY_POSITIONS.has(index)) return cell;
    const other = later[index] ?? null;
    const fold = CELL_FOLDS[index];
    if (fold !== undefined) return fold(cell, other) as CellValue;
    return laterFirst ? other : cell;
  });
}

/** Identity of an event row in cells (relationship_id and id are the first two catalogue columns). */
export function eventKey(cells: readonly CellValue[]): string {
  return `${String(cells[0])}\u0000${String(cells[1])}`;
}
