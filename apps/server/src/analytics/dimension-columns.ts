import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { SqlDialect, TimeBucket } from '../storage/events/dialect.js';
import { joinSql, type Sql, sql } from '../storage/events/sql.js';
import { SOURCE_TIME_COLUMN, type SourceTable } from './measures.js';

/**
 * How a dimension of the vocabulary (`@veracity/contracts/analytics/dimensions`) reads the event
 * tables. Sessions and conversions carry the same dimension columns as hits (event schema 3), so a
 * dimension is one column name in the three tables; time dimensions bucket each table's own time column
 * in the account's zone; Google campaign names and types, and Google account names, come from what
 * the account imported from Google Ads and its own campaigns; Google account ids show dashed.
 */

const TIME_BUCKETS: Partial<Record<DimensionId, TimeBucket>> = { day: 'day', hour: 'hour', month: 'month' };

/** Values the account's own records give to dimensions the event tables hold only an id for. */
export interface DimensionLookups {
  /**
   * Google campaign id → its name and campaign type: as imported from Google Ads (`ad_campaigns`),
   * else as the account's campaign that carries the id names it.
   */
  googleCampaigns: ReadonlyMap<string, { name: string; type: string | null }>;
  /** Google account id (digits, no dashes) → its name as imported from Google Ads (`ad_accounts`). */
  googleAccounts: ReadonlyMap<string, string>;
}

/** No names: every id shows as itself (queries whose dimensions need none). */
export const NO_LOOKUPS: DimensionLookups = { googleCampaigns: new Map(), googleAccounts: new Map() };

/** A Google account id column without its dashes, as the account lookups and filters key it. */
function accountDigits(stored: Sql): Sql {
  return sql`replace(${stored}, ${'-'}, ${''})`;
}

/**
 * A Google account id as the dashboard shows it: 10 or 11 digits (dashed or not) as 3-3-rest, like
 * `formatGoogleAccountId` of the contracts; anything else as stored.
 */
function dashedAccountId(stored: Sql, dialect: SqlDialect): Sql {
  const digits = accountDigits(stored);
  return sql`CASE WHEN length(${digits}) IN (10, 11) AND ${dialect.isDigits(digits)} THEN concat(substring(${digits}, 1, 3), ${'-'}, substring(${digits}, 4, 3), ${'-'}, substring(${digits}, 7)) ELSE ${stored} END`;
}

/**
 * What a filter on a dimension compares its values with: the dimension's own values, except for the
 * dimensions that name an id, whose filters list ids (`filter-options.ts`): the stored campaign id,
 * or the account id's digits.
 */
export function filterColumnSql(id: DimensionId, source: SourceTable, context: DimensionContext): Sql {
  const definition = DIMENSIONS[id];
  if (id === 'googleAccountId' || id === 'googleAccountName') {
    return accountDigits(context.dialect.ident(definition.column));
  }
  if (definition.source === 'googleCampaigns') return context.dialect.ident(definition.column);
  return dimensionSql(id, source, context);
}

export interface DimensionContext {
  dialect: SqlDialect;
  timeZone: string;
  lookups: DimensionLookups;
  /** The time column read instead of the source table's (the hourly rollup's `hour`). */
  timeColumn?: string;
}

/** The SQL expression of a dimension over one event table. */
export function dimensionSql(id: DimensionId, source: SourceTable, context: DimensionContext): Sql {
  const definition = DIMENSIONS[id];
  const { dialect } = context;
  const stored = dialect.ident(definition.column);
  switch (definition.source) {
    case 'column':
      return id === 'googleAccountId' ? dashedAccountId(stored, dialect) : stored;
    case 'time': {
      const bucket = TIME_BUCKETS[id];
      if (!bucket) throw new RangeError(`No time bucket for ${id}`);
      return dialect.dateBucket(context.timeColumn ?? SOURCE_TIME_COLUMN[source], bucket, context.timeZone);
    }
    case 'googleCampaigns': {
      if (id === 'googleAccountName') {
        // An account Google Ads named is shown by its name, any other by its dashed id.
        const cases = [...context.lookups.googleAccounts].map(
          ([digits, name]) => sql`WHEN ${digits} THEN ${name}`,
        );
        const shown = dashedAccountId(stored, dialect);
        return cases.length === 0
          ? shown
          : sql`CASE ${accountDigits(stored)} ${joinSql(cases, ' ')} ELSE ${shown} END`;
      }
      const field = id === 'googleCampaignType' ? 'type' : 'name';
      const cases = [...context.lookups.googleCampaigns].flatMap(([googleId, campaign]) => {
        const value = campaign[field];
        return value === null ? [] : [sql`WHEN ${googleId} THEN ${value}`];
      });
      // A campaign id no campaign of the account carries is named by the id; its type is unknown.
      const fallback = field === 'name' ? stored : sql`NULL`;
      return cases.length === 0 ? fallback : sql`CASE ${stored} ${joinSql(cases, ' ')} ELSE ${fallback} END`;
    }
  }
}
