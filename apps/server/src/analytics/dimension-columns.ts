import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { SqlDialect, TimeBucket } from '../storage/events/dialect.js';
import { joinSql, type Sql, sql } from '../storage/events/sql.js';
import { SOURCE_TIME_COLUMN, type SourceTable } from './measures.js';

/**
 * How a dimension of the vocabulary (`@veracity/contracts/analytics/dimensions`) reads the event
 * tables. Sessions and conversions carry the same dimension columns as hits (event schema 3), so a
 * dimension is one column name in the three tables; time dimensions bucket each table's own time column
 * in the account's zone; Google campaign names and types come from the account's campaigns.
 */

const TIME_BUCKETS: Partial<Record<DimensionId, TimeBucket>> = { day: 'day', hour: 'hour', month: 'month' };

/** Values the account's own records give to dimensions the event tables hold only an id for. */
export interface DimensionLookups {
  /** Google campaign id → the name and campaign type of the account's campaign that carries it. */
  googleCampaigns: ReadonlyMap<string, { name: string; type: string | null }>;
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
      return stored;
    case 'time': {
      const bucket = TIME_BUCKETS[id];
      if (!bucket) throw new RangeError(`No time bucket for ${id}`);
      return dialect.dateBucket(context.timeColumn ?? SOURCE_TIME_COLUMN[source], bucket, context.timeZone);
    }
    case 'googleCampaigns': {
      // Account names arrive with the Google Ads integration: until then an account is named by its id.
      if (id === 'googleAccountName') return stored;
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
