import { sessionTable } from '../event-columns.js';

/**
 * The session merge rule (documented on `EventStore.insertSessions`) as DuckDB SQL, generated from the
 * session column catalogue so a column added later is merged as an acquisition field by default.
 *
 * Step 1 folds the staged batch to one row per session (so a batch may carry several snapshots of a
 * session); step 2 inserts the folded rows and merges them into stored sessions with ON CONFLICT.
 */

const RISK_RANK = "CASE {col} WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END";
const rank = (column: string) => RISK_RANK.replace('{col}', column);

const KEY_COLUMNS = new Set(['relationship_id', 'id']);

/** Columns merged by aggregate rather than taken from the earliest snapshot. */
const FOLDED: Record<string, { inBatch: string; onConflict: string }> = {
  started_at: {
    inBatch: 'min(started_at)',
    onConflict: 'least(sessions.started_at, excluded.started_at)',
  },
  last_seen_at: {
    inBatch: 'max(last_seen_at)',
    onConflict: 'greatest(sessions.last_seen_at, excluded.last_seen_at)',
  },
  hits: { inBatch: 'max(hits)', onConflict: 'greatest(sessions.hits, excluded.hits)' },
  risk_level: {
    inBatch: `CASE max(${rank('risk_level')}) WHEN 3 THEN 'high' WHEN 2 THEN 'medium' ELSE 'low' END`,
    onConflict: `CASE WHEN ${rank('excluded.risk_level')} > ${rank('sessions.risk_level')} THEN excluded.risk_level ELSE sessions.risk_level END`,
  },
  threats: {
    inBatch: 'list_sort(list_distinct(flatten(list(threats))))',
    onConflict: 'list_sort(list_distinct(list_concat(sessions.threats, excluded.threats)))',
  },
};

function buildUpsert(): string {
  const names = sessionTable.columns.map((column) => column.name);
  const select = names.map((name) => {
    if (KEY_COLUMNS.has(name) || name in FOLDED) return `folded.${name}`;
    return `earliest.${name}`;
  });
  const folded = Object.entries(FOLDED).map(([name, rule]) => `${rule.inBatch} AS ${name}`);
  const updates = names
    .filter((name) => !KEY_COLUMNS.has(name))
    .map((name) => {
      const rule = FOLDED[name];
      if (rule !== undefined) return `${name} = ${rule.onConflict}`;
      // An acquisition field moves only with an earlier start; the stored row wins ties.
      return `${name} = CASE WHEN excluded.started_at < sessions.started_at THEN excluded.${name} ELSE sessions.${name} END`;
    });
  return `INSERT INTO main.sessions
SELECT ${select.join(', ')}
FROM (
  SELECT * FROM temp.stage_sessions
  QUALIFY row_number() OVER (PARTITION BY relationship_id, id ORDER BY started_at, rowid) = 1
) AS earliest
JOIN (
  SELECT relationship_id, id, ${folded.join(', ')}
  FROM temp.stage_sessions GROUP BY relationship_id, id
) AS folded USING (relationship_id, id)
ON CONFLICT (relationship_id, id) DO UPDATE SET
  ${updates.join(',\n  ')}`;
}

export const SESSION_UPSERT_SQL = buildUpsert();

/** Number of distinct staged sessions not stored yet (run before the upsert). */
export const NEW_SESSION_COUNT_SQL = `SELECT count(*) AS new_sessions
FROM (SELECT DISTINCT relationship_id, id FROM temp.stage_sessions) AS staged
WHERE NOT EXISTS (
  SELECT 1 FROM main.sessions AS stored
  WHERE stored.relationship_id = staged.relationship_id AND stored.id = staged.id
)`;
