import {
  type ColumnKind,
  conversionTable,
  type EventTable,
  engagementTable,
  exclusionFiringTable,
  hitTable,
  sessionTable,
} from '../event-columns.js';
import { HIT_ROLLUP_COLUMNS, HIT_ROLLUP_TABLE } from '../hit-rollup.js';

/**
 * SQL that reads ingestion journal segments (`journal/journal-format.ts`) in DuckDB itself: `read_json`
 * with the columns of the catalogue parses the lines into a temporary table, and the rows move from
 * there into the staging tables that the inserts and the session merge already read. Generated from the
 * column catalogue, like the merge: a column added later is read from the journal by its field name.
 */

const JSON_TYPES: Record<ColumnKind, string> = {
  relationship: 'INTEGER',
  count: 'INTEGER',
  int: 'BIGINT',
  number: 'DOUBLE',
  timestamp: 'TIMESTAMPTZ',
  threats: 'VARCHAR[]',
  id: 'VARCHAR',
  text: 'VARCHAR',
  country: 'VARCHAR',
  currency: 'VARCHAR',
  riskLevel: 'VARCHAR',
  hitStatus: 'VARCHAR',
  conversionStatus: 'VARCHAR',
  // Journaled as an object: read as JSON, stored as its text.
  evidence: 'JSON',
};

const VARS = 'vars.';
const quote = (name: string) => `"${name}"`;

/** The row as the journal holds it (`JSON.stringify` of the row type), as a DuckDB STRUCT type. */
function rowStruct<Row>(table: EventTable<Row>): string {
  const fields: string[] = [];
  const vars: string[] = [];
  for (const column of table.columns) {
    if (column.field.startsWith(VARS)) vars.push(`${quote(column.field.slice(VARS.length))} VARCHAR`);
    else fields.push(`${quote(column.field)} ${JSON_TYPES[column.kind]}`);
  }
  if (vars.length > 0) fields.push(`vars STRUCT(${vars.join(', ')})`);
  return `STRUCT(${fields.join(', ')})`;
}

/** The value of a row field of struct `alias`. */
function field(alias: string, name: string): string {
  return name.startsWith(VARS)
    ? `${alias}.vars.${quote(name.slice(VARS.length))}`
    : `${alias}.${quote(name)}`;
}

/** The stored columns of a row read from the journal, in table order. */
function rowColumns<Row>(table: EventTable<Row>, alias: string): string {
  return table.columns.map((column) => `${field(alias, column.field)} AS ${column.name}`).join(', ');
}

const HIT_FIELDS = new Set(hitTable.columns.map((column) => column.field));

/** The session row `sessionOfHit` builds, from hit `h` and its session figures `s`. */
function sessionOfHitColumns(): string {
  const special: Record<string, string> = {
    relationship_id: 'h."relationshipId"',
    id: 'h."sessionId"',
    started_at: 'least(s."startedAt", h.ts)',
    last_seen_at: 'h.ts',
    landing_url: 'h.url',
    hits: 's.hits',
    // A hit's evidence stays on the hit (`sessionOfHit`).
    evidence: 'CAST(NULL AS VARCHAR)',
  };
  return sessionTable.columns
    .map((column) => {
      const expression = special[column.name];
      if (expression !== undefined) return `${expression} AS ${column.name}`;
      if (!HIT_FIELDS.has(column.field)) {
        throw new Error(`A session of a hit takes ${column.field}, which hits do not have`);
      }
      return `${field('h', column.field)} AS ${column.name}`;
    })
    .join(', ');
}

/**
 * `read_json` of the segment files (paths quoted as SQL strings) into temp.journal, in file order. A
 * line DuckDB cannot read fails the load rather than being skipped, as in the journal's own reader
 * (`parseSegment`, for the other stores): the journal then sets that line aside
 * (`journal/journal-quarantine.ts`) and loads the others.
 */
export function readJournalSql(files: readonly string[]): string {
  const list = files.map((file) => `'${file.replaceAll("'", "''")}'`).join(', ');
  const columns = {
    hits: `${rowStruct(hitTable)}[]`,
    hitSessions: 'STRUCT("hits" INTEGER, "startedAt" TIMESTAMPTZ)[]',
    sessions: `${rowStruct(sessionTable)}[]`,
    conversions: `${rowStruct(conversionTable)}[]`,
    exclusionFirings: `${rowStruct(exclusionFiringTable)}[]`,
    engagements: `${rowStruct(engagementTable)}[]`,
  };
  const spec = Object.entries(columns)
    .map(([name, type]) => `${quote(name)}: '${type}'`)
    .join(', ');
  return `CREATE OR REPLACE TEMP TABLE journal AS
SELECT * FROM read_json([${list}], format = 'newline_delimited', ignore_errors = false, columns = {${spec}})`;
}

/** The rows of one list column of the journal, with their line and place in it. */
const unnested = (list: string, alias: string, extra = '') =>
  `SELECT rowid AS line, unnest(range(len(${list}))) AS i, unnest(${list}) AS ${alias}${extra}
   FROM temp.journal WHERE ${list} IS NOT NULL`;

/**
 * The rows of one list column in journal order, unsorted: DuckDB keeps the order of a scan of one
 * table through a filter and a projection (its documented order preservation), and the store runs on
 * one thread. Sorting by line and place would cost the staging CPU for nothing (docs/decisions.md,
 * "Staging in scan order"; `npm run bench -- pipeline-cpu`).
 */
const staged = <Row>(table: EventTable<Row>, list: string) => `INSERT INTO temp.stage_${table.kind}
SELECT ${rowColumns(table, 'r')} FROM (SELECT unnest(${list}) AS r FROM temp.journal WHERE ${list} IS NOT NULL)`;

export const STAGE_JOURNAL_HITS_SQL = staged(hitTable, 'hits');

export const STAGE_JOURNAL_CONVERSIONS_SQL = staged(conversionTable, 'conversions');

/**
 * What the journal carries of hits already stored (the sensor's exclusion firings, engagement beacons'
 * figures): each list is staged and its new keys inserted, as conversions are.
 */
export const JOURNAL_HIT_EVENTS = [
  {
    list: '"exclusionFirings"',
    kind: 'exclusion_firings',
    stage: staged(exclusionFiringTable, '"exclusionFirings"'),
  },
  { list: 'engagements', kind: 'engagements', stage: staged(engagementTable, 'engagements') },
] as const;

/** How many lines of temp.journal hold hits, conversions, sessions and each of JOURNAL_HIT_EVENTS. */
export const JOURNAL_PRESENT_SQL = `SELECT count(hits), count(conversions), count(sessions), ${JOURNAL_HIT_EVENTS.map(
  ({ list }) => `count(${list})`,
).join(', ')} FROM temp.journal`;

/** The session snapshots the journal's hits give (`sessionOfHit`), with their line and place. */
const hitSessions = `SELECT line, i, ${sessionOfHitColumns()}
  FROM (${unnested('hits', 'h', ', unnest(hitSessions) AS s')}) WHERE s IS NOT NULL`;

/**
 * The staging of sessions, in the order of `journalRows`: line by line, a line's hits' sessions then
 * its own session snapshots. Lines with snapshots of their own are rare (an engagement that worsened a
 * verdict), so `interleaved` (sorted) serves loads that hold any, and `hitsOnly` (in scan order, as
 * {@link staged}) the others, which a sort would only slow down.
 */
export const STAGE_JOURNAL_SESSIONS_SQL = {
  hitsOnly: `INSERT INTO temp.stage_sessions SELECT * EXCLUDE (line, i) FROM (${hitSessions})`,
  interleaved: `INSERT INTO temp.stage_sessions
SELECT * EXCLUDE (line, part, i) FROM (
  SELECT line, 0 AS part, * EXCLUDE (line) FROM (${hitSessions})
  UNION ALL
  SELECT line, 1 AS part, i, ${rowColumns(sessionTable, 'r')} FROM (${unnested('sessions', 'r')})
) ORDER BY line, part, i`,
};

/** The first staged row of each key: the one an insert stores when the key is new. */
export const firstStaged = (kind: string) =>
  `SELECT * FROM temp.stage_${kind} QUALIFY row_number() OVER (PARTITION BY relationship_id, id ORDER BY rowid) = 1`;

/**
 * Inserts the first staged row of each key not stored yet, returning the keys inserted. The event
 * tables have no primary key (`duckdb-migrations.ts`, version 5): an anti-join finds the stored ones.
 */
export const insertNewStaged = (kind: string) => `INSERT INTO main.${kind}
SELECT * FROM (${firstStaged(kind)}) AS staged
WHERE NOT EXISTS (
  SELECT 1 FROM main.${kind} AS stored
  WHERE stored.relationship_id = staged.relationship_id AND stored.id = staged.id
)
RETURNING relationship_id, id`;

/** Rollup rows of the staged hits in `from` (a query over stage_hits rows), appended to hits_hourly. */
export const rollupOf = (from: string) => `INSERT INTO main.${HIT_ROLLUP_TABLE}
SELECT relationship_id, date_trunc('hour', ts), ${HIT_ROLLUP_COLUMNS.join(', ')}, count(*), coalesce(sum(cost), 0)
FROM (${from}) GROUP BY ALL`;
