/**
 * DuckDB schema migrations, applied in order by `migrate()`. A migration is frozen once released:
 * later changes are new entries (for example `ALTER TABLE hits ADD COLUMN ...`, appended at the end
 * of the table and of its catalogue in `event-columns.ts`).
 */
export interface DuckDbMigration {
  version: number;
  description: string;
  statements: readonly string[];
}

const customVarColumns = Array.from({ length: 20 }, (_, index) => `  var${index + 1} VARCHAR`).join(',\n');

const riskLevelCheck = (column: string) => `CHECK (${column} IN ('low', 'medium', 'high'))`;

/** The hits table of version 1; later versions add columns at its end. */
const HITS_V1 = `CREATE TABLE hits (
  relationship_id INTEGER NOT NULL,
  id VARCHAR NOT NULL,
  session_id VARCHAR NOT NULL,
  ts TIMESTAMPTZ NOT NULL,
  url VARCHAR NOT NULL,
  referrer VARCHAR,
  traffic_type VARCHAR NOT NULL,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  utm_content VARCHAR,
  utm_term VARCHAR,
  campaign_id BIGINT,
  offer_id BIGINT,
  traffic_source_id BIGINT,
  sub_publisher VARCHAR,
  click_id VARCHAR,
  click_id_type VARCHAR,
  ip VARCHAR,
  country VARCHAR,
  isp VARCHAR,
  asn BIGINT,
  device_type VARCHAR,
  os_name VARCHAR,
  browser VARCHAR,
  user_agent VARCHAR,
  risk_level VARCHAR NOT NULL ${riskLevelCheck('risk_level')},
  threats VARCHAR[] NOT NULL,
  hit_status VARCHAR NOT NULL CHECK (hit_status IN ('delivered', 'paused', 'blocked')),
  cost DOUBLE,
${customVarColumns},
  PRIMARY KEY (relationship_id, id)
)`;

/** The sessions table of version 1; later versions add columns at its end. */
const SESSIONS_V1 = `CREATE TABLE sessions (
  relationship_id INTEGER NOT NULL,
  id VARCHAR NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  landing_url VARCHAR NOT NULL,
  referrer VARCHAR,
  traffic_type VARCHAR NOT NULL,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  campaign_id BIGINT,
  offer_id BIGINT,
  traffic_source_id BIGINT,
  ip VARCHAR,
  country VARCHAR,
  device_type VARCHAR,
  os_name VARCHAR,
  browser VARCHAR,
  risk_level VARCHAR NOT NULL ${riskLevelCheck('risk_level')},
  threats VARCHAR[] NOT NULL,
  hits INTEGER NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (relationship_id, id)
)`;

/** The conversions table of version 1; later versions add columns at its end. */
const CONVERSIONS_V1 = `CREATE TABLE conversions (
  relationship_id INTEGER NOT NULL,
  id VARCHAR NOT NULL,
  session_id VARCHAR,
  hit_id VARCHAR,
  ts TIMESTAMPTZ NOT NULL,
  name VARCHAR NOT NULL,
  value DOUBLE,
  currency VARCHAR,
  traffic_type VARCHAR NOT NULL,
  campaign_id BIGINT,
  offer_id BIGINT,
  traffic_source_id BIGINT,
  risk_level VARCHAR NOT NULL ${riskLevelCheck('risk_level')},
  threats VARCHAR[] NOT NULL,
  status VARCHAR NOT NULL CHECK (status IN ('reported', 'paused', 'not_reported')),
  PRIMARY KEY (relationship_id, id)
)`;

/** Version 2's hit columns, added to `table`. */
const hitColumnsV2 = (table: string) =>
  [
    'domain VARCHAR',
    'device_id VARCHAR',
    'google_campaign_id VARCHAR',
    'google_placement VARCHAR',
    'google_keyword VARCHAR',
    'google_account_id VARCHAR',
    'score INTEGER',
  ].map((column) => `ALTER TABLE ${table} ADD COLUMN ${column}`);

/** Version 3's columns of the landing hit or click, added to the sessions and conversions tables named. */
const landingColumnsV3 = (tables: { sessions: string; conversions: string }) => [
  ...[
    'referrer',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'country',
    'device_type',
    'os_name',
    'browser',
  ].map((name) => `ALTER TABLE ${tables.conversions} ADD COLUMN ${name} VARCHAR`),
  ...[tables.sessions, tables.conversions].flatMap((table) =>
    [
      'utm_content',
      'utm_term',
      'sub_publisher',
      'isp',
      'domain',
      'google_campaign_id',
      'google_placement',
      'google_keyword',
      'google_account_id',
      'hit_status',
      ...Array.from({ length: 20 }, (_, index) => `var${index + 1}`),
    ].map((name) => `ALTER TABLE ${table} ADD COLUMN ${name} VARCHAR`),
  ),
];

const PRIMARY_KEY = ',\n  PRIMARY KEY (relationship_id, id)\n)';

/**
 * Version 1's `table` as `name`, without its primary key; later versions' columns are added after.
 * DuckDB cannot drop a key, so version 5 copies each event table into one made this way.
 */
function withoutKey(ddl: string, table: string, name: string): string {
  const head = `CREATE TABLE ${table} (`;
  if (!ddl.startsWith(head) || !ddl.endsWith(PRIMARY_KEY)) {
    throw new Error(`The ${table} table of version 1 has changed`);
  }
  return `CREATE TABLE ${name} (${ddl.slice(head.length, -PRIMARY_KEY.length)}\n)`;
}

/** Replaces `table` by `copy`, made beforehand with the same columns in the same order. */
const replaceBy = (table: string, copy: string) => [
  `INSERT INTO ${copy} SELECT * FROM ${table}`,
  `DROP TABLE ${table}`,
  `ALTER TABLE ${copy} RENAME TO ${table}`,
];

export const DUCKDB_MIGRATIONS: readonly DuckDbMigration[] = [
  {
    version: 1,
    description: 'hits, sessions and conversions',
    statements: [HITS_V1, SESSIONS_V1, CONVERSIONS_V1],
  },
  {
    version: 2,
    description: 'hits: site domain, device id, Google ValueTrack values, detection score',
    statements: [...hitColumnsV2('hits')],
  },
  {
    version: 3,
    description: 'sessions and conversions: the dimensions of their landing hit or click, for analytics',
    statements: [...landingColumnsV3({ sessions: 'sessions', conversions: 'conversions' })],
  },
  {
    version: 4,
    description: 'the hourly hit rollup (hits_hourly), filled from the hits stored so far',
    statements: [
      `CREATE TABLE hits_hourly (
  relationship_id INTEGER NOT NULL,
  hour TIMESTAMPTZ NOT NULL,
  traffic_type VARCHAR,
  country VARCHAR,
  device_type VARCHAR,
  risk_level VARCHAR,
  hit_status VARCHAR,
  hits BIGINT NOT NULL,
  cost DOUBLE NOT NULL
)`,
      `INSERT INTO hits_hourly
SELECT relationship_id, date_trunc('hour', ts), traffic_type, country, device_type, risk_level, hit_status,
  count(*), coalesce(sum(cost), 0)
FROM hits GROUP BY ALL`,
    ],
  },
  {
    version: 5,
    description: 'hits, sessions and conversions without primary keys: the store deduplicates by anti-join',
    statements: [
      withoutKey(HITS_V1, 'hits', 'hits_unkeyed'),
      ...hitColumnsV2('hits_unkeyed'),
      withoutKey(SESSIONS_V1, 'sessions', 'sessions_unkeyed'),
      withoutKey(CONVERSIONS_V1, 'conversions', 'conversions_unkeyed'),
      ...landingColumnsV3({ sessions: 'sessions_unkeyed', conversions: 'conversions_unkeyed' }),
      ...replaceBy('hits', 'hits_unkeyed'),
      ...replaceBy('sessions', 'sessions_unkeyed'),
      ...replaceBy('conversions', 'conversions_unkeyed'),
    ],
  },
  {
    version: 6,
    description: "conversions: the verdict's score, answered again to a resent id",
    statements: ['ALTER TABLE conversions ADD COLUMN score INTEGER'],
  },
  {
    version: 7,
    description: 'hits, sessions and conversions: the evidence of each threat reason (JSON text)',
    statements: ['hits', 'sessions', 'conversions'].map(
      (table) => `ALTER TABLE ${table} ADD COLUMN evidence VARCHAR`,
    ),
  },
  {
    version: 8,
    description: "exclusion firings: the sensor fired the exclusion event on an ad platform's tag for a hit",
    statements: [
      `CREATE TABLE exclusion_firings (
  relationship_id INTEGER NOT NULL,
  id VARCHAR NOT NULL,
  hit_id VARCHAR NOT NULL,
  session_id VARCHAR NOT NULL,
  platform VARCHAR NOT NULL,
  ts TIMESTAMPTZ NOT NULL,
  risk_level VARCHAR NOT NULL ${riskLevelCheck('risk_level')},
  traffic_type VARCHAR NOT NULL,
  google_campaign_id VARCHAR
)`,
    ],
  },
  {
    version: 9,
    description: 'imported ad costs (ad_costs): clicks and cost of a campaign on a day, keyed for upserts',
    statements: [
      `CREATE TABLE ad_costs (
  relationship_id INTEGER NOT NULL,
  provider VARCHAR NOT NULL,
  customer_id VARCHAR NOT NULL,
  campaign_id VARCHAR NOT NULL,
  day DATE NOT NULL,
  clicks BIGINT NOT NULL,
  cost_micros BIGINT NOT NULL,
  currency VARCHAR NOT NULL,
  imported_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (relationship_id, provider, customer_id, campaign_id, day)
)`,
    ],
  },
  {
    version: 10,
    description:
      "hits: the sensor's screen, time zone and languages; engagements: the figures of a page view's engagement beacon",
    statements: [
      'ALTER TABLE hits ADD COLUMN screen_width INTEGER',
      'ALTER TABLE hits ADD COLUMN screen_height INTEGER',
      'ALTER TABLE hits ADD COLUMN time_zone VARCHAR',
      'ALTER TABLE hits ADD COLUMN languages VARCHAR',
      `CREATE TABLE engagements (
  relationship_id INTEGER NOT NULL,
  id VARCHAR NOT NULL,
  session_id VARCHAR NOT NULL,
  ts TIMESTAMPTZ NOT NULL,
  visible_ms INTEGER,
  dwell_ms INTEGER,
  pointer_moves INTEGER,
  clicks INTEGER,
  key_presses INTEGER,
  scrolls INTEGER,
  touches INTEGER
)`,
    ],
  },
];
