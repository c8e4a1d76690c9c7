import { CUSTOM_VAR_NAMES } from '@veracity/contracts/s2s';
import type { SqlDialect, TimeBucket } from '../storage/events/dialect.js';
import { joinSql, type Sql, sql } from '../storage/events/sql.js';
import { SOURCE_TIME_COLUMN, type SourceTable } from './measures.js';

/**
 * How each dimension (and filter) of the analytics vocabulary reads the event tables. Sessions and
 * conversions carry the same dimension columns as hits (event schema 3), so a dimension is one column
 * name for the three tables; time dimensions bucket each table's own time column in the account's zone.
 */

type DimensionSource =
  | { kind: 'column'; column: string }
  | { kind: 'time'; bucket: TimeBucket }
  /** A name or type the account's campaigns give a Google campaign id (see {@link DimensionLookups}). */
  | { kind: 'googleCampaign'; field: 'name' | 'type' };

const column = (name: string): DimensionSource => ({ kind: 'column', column: name });

export const DIMENSION_SOURCES = {
  offer: column('offer_id'),
  campaign: column('campaign_id'),
  trafficSource: column('traffic_source_id'),
  subPublisher: column('sub_publisher'),
  day: { kind: 'time', bucket: 'day' },
  hour: { kind: 'time', bucket: 'hour' },
  month: { kind: 'time', bucket: 'month' },
  device: column('device_type'),
  os: column('os_name'),
  browser: column('browser'),
  country: column('country'),
  isp: column('isp'),
  opt_domain: column('domain'),
  referer: column('referrer'),
  googleCampaignType: { kind: 'googleCampaign', field: 'type' },
  googleCampaignId: column('google_campaign_id'),
  googleCampaignName: { kind: 'googleCampaign', field: 'name' },
  googlePlacement: column('google_placement'),
  googleKeyword: column('google_keyword'),
  googleAccountId: column('google_account_id'),
  // Account names arrive with the Google Ads integration; until then the id is the name.
  googleAccountName: column('google_account_id'),
  trafficType: column('traffic_type'),
  utm_source: column('utm_source'),
  utm_campaign: column('utm_campaign'),
  utm_medium: column('utm_medium'),
  utm_content: column('utm_content'),
  utm_term: column('utm_term'),
  hitSecurityLevel: column('risk_level'),
  hitStatus: column('hit_status'),
  ...Object.fromEntries(CUSTOM_VAR_NAMES.map((name) => [name, column(name)])),
} as Record<string, DimensionSource>;

/** Values the account's own records give to dimensions the event tables hold only an id for. */
export interface DimensionLookups {
  /** Google campaign id → the name and campaign type of the account's campaign that carries it. */
  googleCampaigns: ReadonlyMap<string, { name: string; type: string | null }>;
}

export const NO_LOOKUPS: DimensionLookups = { googleCampaigns: new Map() };

export function isKnownDimension(id: string): boolean {
  return Object.hasOwn(DIMENSION_SOURCES, id);
}

export function isTimeDimension(id: string): boolean {
  return DIMENSION_SOURCES[id]?.kind === 'time';
}

/** The SQL expression of a dimension over one event table. */
export function dimensionSql(
  id: string,
  source: SourceTable,
  context: { dialect: SqlDialect; timeZone: string; lookups: DimensionLookups },
): Sql {
  const definition = DIMENSION_SOURCES[id];
  if (!definition) throw new RangeError(`Unknown dimension ${id}`);
  const { dialect } = context;
  switch (definition.kind) {
    case 'column':
      return dialect.ident(definition.column);
    case 'time':
      return dialect.dateBucket(SOURCE_TIME_COLUMN[source], definition.bucket, context.timeZone);
    case 'googleCampaign': {
      const idColumn = dialect.ident('google_campaign_id');
      const cases = [...context.lookups.googleCampaigns].flatMap(([googleId, campaign]) => {
        const value = definition.field === 'name' ? campaign.name : campaign.type;
        return value === null ? [] : [sql`WHEN ${googleId} THEN ${value}`];
      });
      // Without a campaign of the account, a name falls back to the id and a type is unknown.
      const fallback = definition.field === 'name' ? idColumn : sql`NULL`;
      return cases.length === 0
        ? fallback
        : sql`CASE ${idColumn} ${joinSql(cases, ' ')} ELSE ${fallback} END`;
    }
  }
}
