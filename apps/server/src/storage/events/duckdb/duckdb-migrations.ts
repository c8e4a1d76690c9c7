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

export const DUCKDB_MIGRATIONS: readonly DuckDbMigration[] = [
  {
    version: 1,
    description: 'hits, sessions and conversions',
    statements: [
      `CREATE TABLE hits (
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
)`,
      `CREATE TABLE sessions (
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
)`,
      `CREATE TABLE conversions (
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
)`,
    ],
  },
  {
    version: 2,
    description: 'hits: site domain, device id, Google ValueTrack values, detection score',
    statements: [
      'ALTER TABLE hits ADD COLUMN domain VARCHAR',
      'ALTER TABLE hits ADD COLUMN device_id VARCHAR',
      'ALTER TABLE hits ADD COLUMN google_campaign_id VARCHAR',
      'ALTER TABLE hits ADD COLUMN google_placement VARCHAR',
      'ALTER TABLE hits ADD COLUMN google_keyword VARCHAR',
      'ALTER TABLE hits ADD COLUMN google_account_id VARCHAR',
      'ALTER TABLE hits ADD COLUMN score INTEGER',
    ],
  },
  {
    version: 3,
    description: 'sessions and conversions: the dimensions of their landing hit or click, for analytics',
    statements: [
      ...[
        'referrer',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'country',
        'device_type',
        'os_name',
        'browser',
      ].map((name) => `ALTER TABLE conversions ADD COLUMN ${name} VARCHAR`),
      ...['sessions', 'conversions'].flatMap((table) =>
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
    ],
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
];
