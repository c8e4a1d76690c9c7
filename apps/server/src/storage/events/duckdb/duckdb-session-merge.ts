import { sessionTable } from '../event-columns.js';
import { SESSION_ORDER_FIELD, type SessionFoldRule, sessionColumnRule } from '../session-merge.js';

/**
 * The session merge rule (declared in `session-merge.ts`) as DuckDB SQL, generated from that
 * declaration over the session column catalogue: one aggregate per rule, and the `fromEarliestRow`
 * columns from the row that sorts first.
 *
 * The rule is one fold, whatever the rows' origin: the stored row of each staged session (if any) and
 * the batch's snapshots of it are folded into one row, which replaces the stored one. The event tables
 * have no primary key (`duckdb-migrations.ts`, version 5), and an UPDATE joined to the batch made
 * DuckDB read every stored session's columns (the threats lists most of all), so the stored rows of
 * the batch are found by a join on the two key columns alone and then read, deleted and written back
 * by row id.
 */

const RISK_RANK = "CASE {col} WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END";
const rank = (column: string) => RISK_RANK.replace('{col}', column);

/** The aggregate of each folding rule over a session's rows. */
const AGGREGATES: Record<SessionFoldRule, (column: string) => string> = {
  earliest: (column) => `min(${column})`,
  latest: (column) => `max(${column})`,
  largest: (column) => `max(${column})`,
  worstTier: (column) => `CASE max(${rank(column)}) WHEN 3 THEN 'high' WHEN 2 THEN 'medium' ELSE 'low' END`,
  sortedUnion: (column) => `list_sort(list_distinct(flatten(list(${column}))))`,
  // The rows' evidence texts, merged per reason by EVIDENCE_MERGE in the outer select.
  evidencePerReason: (column) => `list(${column}) FILTER (WHERE ${column} IS NOT NULL)`,
};

/** The JSON path of the reason named by SQL expression `reason` (reason ids hold no quotes). */
const reasonPath = (reason: string) => `'$."' || ${reason} || '"'`;

/**
 * `mergeEvidenceJson` (event-evidence.ts) over the list of a session's evidence texts in `column`: for
 * every reason any of them holds, the evidence text that is the longest, then the greatest.
 */
const EVIDENCE_MERGE = (
  column: string,
) => `CASE WHEN len(${column}) = 0 THEN NULL ELSE '{' || array_to_string(list_transform(
  list_sort(list_distinct(flatten(list_transform(${column}, lambda e: json_keys(e))))),
  lambda reason: to_json(reason)::VARCHAR || ':' || list_reduce(
    list_transform(
      list_filter(${column}, lambda e: json_exists(e, ${reasonPath('reason')})),
      lambda e: json_extract(e, ${reasonPath('reason')})::VARCHAR
    ),
    lambda a, b: CASE WHEN strlen(b) > strlen(a) OR (strlen(b) = strlen(a) AND b > a) THEN b ELSE a END
  )
), ',') || '}' END`;

/** Rules whose aggregate is finished in the outer select. */
const FINISHES: Partial<Record<SessionFoldRule, (column: string) => string>> = {
  evidencePerReason: EVIDENCE_MERGE,
};

const ruleOf = new Map(sessionTable.columns.map((column) => [column.name, sessionColumnRule(column)]));
const orderColumn = sessionTable.columns.find((column) => column.field === SESSION_ORDER_FIELD)?.name;
const KEY_COLUMNS = new Set([...ruleOf].flatMap(([name, rule]) => (rule === 'key' ? [name] : [])));

/** Columns merged by aggregate rather than taken from the earliest row. */
const FOLDED: Record<string, string> = Object.fromEntries(
  [...ruleOf].flatMap(([name, rule]) =>
    rule === 'key' || rule === 'fromEarliestRow' ? [] : [[name, AGGREGATES[rule](name)]],
  ),
);

function buildMerge(): string[] {
  const names = sessionTable.columns.map((column) => column.name);
  const acquisition = names.filter((name) => !KEY_COLUMNS.has(name) && !(name in FOLDED));
  const select = names.map((name) => {
    const rule = ruleOf.get(name);
    const finish =
      rule === undefined || rule === 'key' || rule === 'fromEarliestRow' ? undefined : FINISHES[rule];
    if (finish) return `${finish(name)} AS ${name}`;
    return KEY_COLUMNS.has(name) || name in FOLDED ? name : `earliest.${name}`;
  });
  const folded = Object.entries(FOLDED).map(([name, rule]) => `${rule} AS ${name}`);
  // The stored row first (0), then the batch's in order: the earliest start gives the acquisition
  // fields, and on a tie the stored row wins, then the batch's first. One aggregation does both: the
  // folded columns, and the acquisition fields of the row that sorts first (`arg_min` over a struct of
  // start, origin and position). A window over the rows joined to a GROUP BY was several times slower
  // (`npm run bench -- pipeline-cpu` times the load).
  const rows = `SELECT 0 AS origin, 0 AS position, * FROM main.sessions
  WHERE rowid IN (SELECT stored FROM temp.stored_sessions)
  UNION ALL
  SELECT 1 AS origin, rowid AS position, * FROM temp.stage_sessions`;
  return [
    `CREATE OR REPLACE TEMP TABLE stored_sessions AS
SELECT sessions.rowid AS stored FROM main.sessions AS sessions
SEMI JOIN temp.stage_sessions AS staged USING (relationship_id, id)`,
    `CREATE OR REPLACE TEMP TABLE merged_sessions AS
SELECT ${select.join(', ')}
FROM (
  SELECT relationship_id, id, ${folded.join(', ')},
    arg_min(
      {${acquisition.map((name) => `'${name}': ${name}`).join(', ')}},
      {'started': ${orderColumn}, 'origin': origin, 'position': position}
    ) AS earliest
  FROM (${rows}) AS rows GROUP BY relationship_id, id
)`,
    'DELETE FROM main.sessions WHERE rowid IN (SELECT stored FROM temp.stored_sessions)',
    'INSERT INTO main.sessions SELECT * FROM temp.merged_sessions',
    'DROP TABLE temp.merged_sessions',
    'DROP TABLE temp.stored_sessions',
  ];
}

/** The statements of the session merge, run in order in the caller's transaction. */
export const SESSION_MERGE_SQL: readonly string[] = buildMerge();

/** Number of distinct staged sessions not stored yet (run before the merge). */
export const NEW_SESSION_COUNT_SQL = `SELECT count(*) AS new_sessions
FROM (SELECT DISTINCT relationship_id, id FROM temp.stage_sessions) AS staged
WHERE NOT EXISTS (
  SELECT 1 FROM main.sessions AS stored
  WHERE stored.relationship_id = staged.relationship_id AND stored.id = staged.id
)`;
