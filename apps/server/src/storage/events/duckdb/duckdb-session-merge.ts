import { sessionTable } from '../event-columns.js';

/**
 * The session merge rule (documented on `EventStore.insertSessions`) as DuckDB SQL, generated from the
 * session column catalogue so a column added later is merged as an acquisition field by default.
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

const KEY_COLUMNS = new Set(['relationship_id', 'id']);

/** Columns merged by aggregate rather than taken from the earliest row. */
const FOLDED: Record<string, string> = {
  started_at: 'min(started_at)',
  last_seen_at: 'max(last_seen_at)',
  hits: 'max(hits)',
  risk_level: `CASE max(${rank('risk_level')}) WHEN 3 THEN 'high' WHEN 2 THEN 'medium' ELSE 'low' END`,
  threats: 'list_sort(list_distinct(flatten(list(threats))))',
  // The rows' evidence texts, merged per reason by EVIDENCE_MERGE in the outer select.
  evidence: 'list(evidence) FILTER (WHERE evidence IS NOT NULL)',
};

/** The JSON path of the reason named by SQL expression `reason` (reason ids hold no quotes). */
const reasonPath = (reason: string) => `'$."' || ${reason} || '"'`;

/**
 * `mergeEvidenceJson` (event-evidence.ts) over the list of a session's evidence texts: for every
 * reason any of them holds, the evidence text that is the longest, then the greatest.
 */
const EVIDENCE_MERGE = `CASE WHEN len(evidence) = 0 THEN NULL ELSE '{' || array_to_string(list_transform(
  list_sort(list_distinct(flatten(list_transform(evidence, lambda e: json_keys(e))))),
  lambda reason: to_json(reason)::VARCHAR || ':' || list_reduce(
    list_transform(
      list_filter(evidence, lambda e: json_exists(e, ${reasonPath('reason')})),
      lambda e: json_extract(e, ${reasonPath('reason')})::VARCHAR
    ),
    lambda a, b: CASE WHEN strlen(b) > strlen(a) OR (strlen(b) = strlen(a) AND b > a) THEN b ELSE a END
  )
), ',') || '}' END`;

/** Folded columns finished in the outer select, from their aggregate. */
const FINISHED: Record<string, string> = { evidence: EVIDENCE_MERGE };

function buildMerge(): string[] {
  const names = sessionTable.columns.map((column) => column.name);
  const acquisition = names.filter((name) => !KEY_COLUMNS.has(name) && !(name in FOLDED));
  const select = names.map((name) => {
    if (name in FINISHED) return `${FINISHED[name]} AS ${name}`;
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
      {'started': started_at, 'origin': origin, 'position': position}
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
