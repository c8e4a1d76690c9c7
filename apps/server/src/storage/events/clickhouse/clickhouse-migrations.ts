import {
  type ColumnKind,
  conversionTable,
  type EventColumn,
  type EventTable,
  engagementTable,
  exclusionFiringTable,
  hitTable,
  sessionTable,
} from '../event-columns.js';

/**
 * ClickHouse schema migrations, applied in order by `migrate()`. A migration is frozen once released.
 * Version 1 creates the columns of the catalogue up to a named column: the catalogue only grows at the
 * end, so that prefix never changes. A later column is a new migration (`ALTER TABLE hits ADD COLUMN`,
 * and for sessions also a new `sessions` view).
 *
 * - hits, conversions, exclusion firings, engagements: ReplacingMergeTree partitioned by month and
 *   ordered for one relationship's time-range scans. The store writes each (relationship_id, id) once
 *   (it checks which ids exist before inserting, helped by a bloom filter index on id); the engine's
 *   replacing merge is only a backstop.
 * - sessions: every write appends the merged session with a higher `version` to `session_versions`
 *   (ReplacingMergeTree(version) ordered by (relationship_id, id)); the `sessions` view reads it FINAL,
 *   so a query sees exactly one row a session, the latest merge, before and after background merges.
 * - hits_hourly: SummingMergeTree keyed by the whole group, so background merges fold the partial sums
 *   of a group into one row; queries sum whatever rows are left.
 * - ad_cost_versions: every upsert appends the campaign day with a higher `version`
 *   (ReplacingMergeTree(version) ordered by the row's key); the `ad_costs` view reads it FINAL, so a
 *   query sees the latest import of each day only, before and after background merges.
 * - From version 9, the event tables and hits_hourly keep the deduplication tokens of their last
 *   {@link DEDUPLICATION_WINDOW} inserts: the writer gives each INSERT one made from the keys of its
 *   rows, so the same rows inserted again (a retried insert that had landed) are dropped, rollup too.
 */
export interface ClickHouseMigration {
  version: number;
  description: string;
  statements: readonly string[];
}

const KIND_TYPES: Record<ColumnKind, string> = {
  relationship: 'UInt32',
  id: 'String',
  text: 'String',
  country: 'LowCardinality(String)',
  currency: 'LowCardinality(String)',
  int: 'Int64',
  count: 'UInt32',
  number: 'Float64',
  timestamp: "DateTime64(3, 'UTC')",
  riskLevel: 'LowCardinality(String)',
  hitStatus: 'LowCardinality(String)',
  conversionStatus: 'LowCardinality(String)',
  threats: 'Array(LowCardinality(String))',
  evidence: 'String',
};

/** The ClickHouse type of a catalogue column: optional columns are Nullable (lists are never null). */
export function clickhouseColumnType(column: EventColumn<unknown>): string {
  const type = KIND_TYPES[column.kind];
  if (column.required || column.kind === 'threats') return type;
  return type.startsWith('LowCardinality(')
    ? `LowCardinality(Nullable(${type.slice('LowCardinality('.length, -1)}))`
    : `Nullable(${type})`;
}

/** Column definitions of the catalogue from its first column through `last`. */
function columnsThrough<Row>(table: EventTable<Row>, last: string): string {
  const end = table.columns.findIndex((column) => column.name === last);
  if (end < 0) throw new Error(`The ${table.kind} catalogue has no column ${last}`);
  return table.columns
    .slice(0, end + 1)
    .map((column) => `  ${column.name} ${clickhouseColumnType(column as EventColumn<unknown>)}`)
    .join(',\n');
}

function namesThrough<Row>(table: EventTable<Row>, last: string): string {
  const end = table.columns.findIndex((column) => column.name === last);
  return table.columns
    .slice(0, end + 1)
    .map((column) => column.name)
    .join(', ');
}

/**
 * `ALTER TABLE ... ADD COLUMN` for every catalogue column after `after` (through `through`, or to the
 * end), in catalogue order.
 */
function addColumnsAfter<Row>(
  storedTable: string,
  table: EventTable<Row>,
  after: string,
  through?: string,
): string[] {
  const start = table.columns.findIndex((column) => column.name === after);
  if (start < 0) throw new Error(`The ${table.kind} catalogue has no column ${after}`);
  const end =
    through === undefined
      ? table.columns.length - 1
      : table.columns.findIndex((column) => column.name === through);
  if (end < start) throw new Error(`The ${table.kind} catalogue has no column ${through} after ${after}`);
  let previous = after;
  return table.columns.slice(start + 1, end + 1).map((column) => {
    const statement = `ALTER TABLE ${storedTable} ADD COLUMN ${column.name} ${clickhouseColumnType(column as EventColumn<unknown>)} AFTER ${previous}`;
    previous = column.name;
    return statement;
  });
}

/**
 * Inserts per table whose deduplication tokens ClickHouse keeps (`non_replicated_deduplication_window`):
 * a load inserts a few slices a second, so a retry a second or a minute later is well inside.
 */
export const DEDUPLICATION_WINDOW = 1000;

/** The tables the writer inserts with a deduplication token (`insertOnce` of the store). */
const DEDUPLICATED_TABLES = ['hits', 'conversions', 'exclusion_firings', 'engagements', 'hits_hourly'];

export const CLICKHOUSE_MIGRATIONS: readonly ClickHouseMigration[] = [
  {
    version: 1,
    description: 'hits, conversions, session versions and the sessions view',
    statements: [
      `CREATE TABLE hits (
${columnsThrough(hitTable, 'score')},
  INDEX id_lookup id TYPE bloom_filter GRANULARITY 4
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (relationship_id, toDate(ts), id)`,
      `CREATE TABLE conversions (
${columnsThrough(conversionTable, 'status')},
  INDEX id_lookup id TYPE bloom_filter GRANULARITY 4
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (relationship_id, toDate(ts), id)`,
      `CREATE TABLE session_versions (
${columnsThrough(sessionTable, 'hits')},
  version UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (relationship_id, id)`,
      `CREATE VIEW sessions AS
SELECT ${namesThrough(sessionTable, 'hits')}
FROM session_versions FINAL`,
    ],
  },
  {
    version: 2,
    description: 'sessions and conversions: the dimensions of their landing hit or click, for analytics',
    statements: [
      ...addColumnsAfter('conversions', conversionTable, 'status', 'var20'),
      ...addColumnsAfter('session_versions', sessionTable, 'hits', 'var20'),
      'DROP VIEW IF EXISTS sessions',
      `CREATE VIEW sessions AS
SELECT ${namesThrough(sessionTable, 'var20')}
FROM session_versions FINAL`,
    ],
  },
  {
    version: 3,
    description: 'the hourly hit rollup (hits_hourly), filled from the hits stored so far',
    statements: [
      `CREATE TABLE hits_hourly (
  relationship_id UInt32,
  hour DateTime64(3, 'UTC'),
  traffic_type LowCardinality(Nullable(String)),
  country LowCardinality(Nullable(String)),
  device_type LowCardinality(Nullable(String)),
  risk_level LowCardinality(Nullable(String)),
  hit_status LowCardinality(Nullable(String)),
  hits UInt64,
  cost Float64
)
ENGINE = SummingMergeTree((hits, cost))
PARTITION BY toYYYYMM(hour)
ORDER BY (relationship_id, hour, traffic_type, country, device_type, risk_level, hit_status)
SETTINGS allow_nullable_key = 1`,
      `INSERT INTO hits_hourly
SELECT relationship_id, toStartOfHour(ts), traffic_type, country, device_type, risk_level, hit_status,
  count(), coalesce(sum(cost), 0)
FROM hits FINAL
GROUP BY relationship_id, toStartOfHour(ts), traffic_type, country, device_type, risk_level, hit_status`,
    ],
  },
  {
    version: 4,
    description: "conversions: the verdict's score, answered again to a resent id",
    statements: [...addColumnsAfter('conversions', conversionTable, 'var20', 'score')],
  },
  {
    version: 5,
    description: 'hits, sessions and conversions: the evidence of each threat reason (JSON text)',
    statements: [
      ...addColumnsAfter('hits', hitTable, 'score', 'evidence'),
      ...addColumnsAfter('conversions', conversionTable, 'score', 'evidence'),
      ...addColumnsAfter('session_versions', sessionTable, 'var20', 'evidence'),
      'DROP VIEW IF EXISTS sessions',
      `CREATE VIEW sessions AS
SELECT ${sessionTable.columns.map((column) => column.name).join(', ')}
FROM session_versions FINAL`,
    ],
  },
  {
    version: 6,
    description: "exclusion firings: the sensor fired the exclusion event on an ad platform's tag for a hit",
    statements: [
      `CREATE TABLE exclusion_firings (
${columnsThrough(exclusionFiringTable, 'google_campaign_id')},
  INDEX id_lookup id TYPE bloom_filter GRANULARITY 4
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (relationship_id, toDate(ts), id)`,
    ],
  },
  {
    version: 7,
    description: 'imported ad costs: versions of a campaign day (ad_cost_versions) and the ad_costs view',
    statements: [
      `CREATE TABLE ad_cost_versions (
  relationship_id UInt32,
  provider LowCardinality(String),
  customer_id String,
  campaign_id String,
  day Date,
  clicks UInt64,
  cost_micros UInt64,
  currency LowCardinality(String),
  imported_at DateTime64(3, 'UTC'),
  version UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (relationship_id, provider, customer_id, campaign_id, day)`,
      `CREATE VIEW ad_costs AS
SELECT relationship_id, provider, customer_id, campaign_id, day, clicks, cost_micros, currency, imported_at
FROM ad_cost_versions FINAL`,
    ],
  },
  {
    version: 8,
    description:
      "hits: the sensor's screen, time zone and languages; engagements: the figures of a page view's engagement beacon",
    statements: [
      ...addColumnsAfter('hits', hitTable, 'evidence', 'languages'),
      `CREATE TABLE engagements (
${columnsThrough(engagementTable, 'touches')},
  INDEX id_lookup id TYPE bloom_filter GRANULARITY 4
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (relationship_id, toDate(ts), id)`,
    ],
  },
  {
    version: 9,
    description:
      'hits, conversions, exclusion firings, engagements and hits_hourly: keep the deduplication tokens of the last inserts',
    statements: DEDUPLICATED_TABLES.map(
      (table) =>
        `ALTER TABLE ${table} MODIFY SETTING non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`,
    ),
  },
];
