import type { ConversionStatus } from '@veracity/contracts/postbacks';
import type { SqlDialect } from '../storage/events/dialect.js';
import { inList, rawSql, type Sql, sql } from '../storage/events/sql.js';

/**
 * What the analytics metrics are made of. Each fact table is counted on its own (a hit by its own
 * dimensions, a session by its landing hit's, a conversion by its click's): these are the counts and
 * sums per table ("measures"), and every metric of the spec is a measure or a formula over measures
 * (`docs/metrics.md`).
 */

export type SourceTable = 'hits' | 'sessions' | 'conversions';

/** The time column a table is bucketed and ranged by. */
export const SOURCE_TIME_COLUMN: Record<SourceTable, string> = {
  hits: 'ts',
  sessions: 'started_at',
  conversions: 'ts',
};

/**
 * Held conversions the account released (`conversion_releases` of the accounts store, read for the
 * query's range): stored `paused` in the event store, whose rows are immutable, each counted by what
 * its release came to.
 */
export interface ReleasedConversions {
  reported: readonly string[];
  notReported: readonly string[];
}

export const NO_RELEASES: ReleasedConversions = { reported: [], notReported: [] };

/** The measures whose counts releases change. */
export const RELEASE_MEASURES: ReadonlySet<string> = new Set([
  'conversionsReported',
  'pausedConversions',
  'conversionsNotReported',
]);

const releasedAs = (ids: readonly string[]) => sql`(status = ${'paused'} AND ${inList(rawSql('id'), ids)})`;

/**
 * Whether a conversion came to a status: as stored, or, for a held (paused) one, as its release made
 * it. The conversions measures and the conversions list read the same condition.
 */
export function conversionStatusIs(status: ConversionStatus, released: ReleasedConversions): Sql {
  switch (status) {
    case 'reported':
      return sql`(status = ${'reported'} OR ${releasedAs(released.reported)})`;
    case 'not_reported':
      return sql`(status = ${'not_reported'} OR ${releasedAs(released.notReported)})`;
    case 'paused':
      return sql`(status = ${'paused'} AND NOT (${inList(rawSql('id'), [...released.reported, ...released.notReported])}))`;
  }
}

interface MeasureDefinition {
  source: SourceTable;
  /**
   * The aggregate over the source table's rows of one group; `hitCost` is the price of a hit row
   * (`hit-cost.ts`), which the cost measure adds up; `released` the conversions released.
   */
  aggregate: (dialect: SqlDialect, hitCost: Sql, released: ReleasedConversions) => Sql;
  /** The same aggregate over the hourly hit rollup's partial sums (hit measures only). */
  rollup?: (dialect: SqlDialect) => Sql;
}

const riskIs = (level: string) => (d: SqlDialect) => d.countIf(sql`risk_level = ${level}`);
const rollupHitsWhere = (column: string, value: string) => (d: SqlDialect) =>
  d.sumIf('hits', sql`${d.ident(column)} = ${value}`);
const rollupRisk = (level: string) => rollupHitsWhere('risk_level', level);
const rollupStatus = (status: string) => rollupHitsWhere('hit_status', status);

export const MEASURES = {
  hits: { source: 'hits', aggregate: () => sql`count(*)`, rollup: () => sql`coalesce(sum(hits), 0)` },
  highRiskHits: { source: 'hits', aggregate: riskIs('high'), rollup: rollupRisk('high') },
  mediumRiskHits: { source: 'hits', aggregate: riskIs('medium'), rollup: rollupRisk('medium') },
  lowRiskHits: { source: 'hits', aggregate: riskIs('low'), rollup: rollupRisk('low') },
  allowedHits: {
    source: 'hits',
    aggregate: (d) => d.countIf(sql`hit_status = ${'delivered'}`),
    rollup: rollupStatus('delivered'),
  },
  pausedHits: {
    source: 'hits',
    aggregate: (d) => d.countIf(sql`hit_status = ${'paused'}`),
    rollup: rollupStatus('paused'),
  },
  blockedHits: {
    source: 'hits',
    aggregate: (d) => d.countIf(sql`hit_status = ${'blocked'}`),
    rollup: rollupStatus('blocked'),
  },
  cost: {
    source: 'hits',
    aggregate: (_d, hitCost) => sql`coalesce(sum(${hitCost}), 0)`,
    // Only when a hit's price is its stored cost (`onlyStoredCost`): the rollup keeps no campaign id.
    rollup: () => sql`coalesce(sum(cost), 0)`,
  },
  sessions: { source: 'sessions', aggregate: () => sql`count(*)` },
  highRiskSessions: { source: 'sessions', aggregate: riskIs('high') },
  mediumRiskSessions: { source: 'sessions', aggregate: riskIs('medium') },
  lowRiskSessions: { source: 'sessions', aggregate: riskIs('low') },
  conversions: { source: 'conversions', aggregate: () => sql`count(*)` },
  highRiskConversions: { source: 'conversions', aggregate: riskIs('high') },
  mediumRiskConversions: { source: 'conversions', aggregate: riskIs('medium') },
  lowRiskConversions: { source: 'conversions', aggregate: riskIs('low') },
  conversionsReported: {
    source: 'conversions',
    aggregate: (d, _cost, released) => d.countIf(conversionStatusIs('reported', released)),
  },
  pausedConversions: {
    source: 'conversions',
    aggregate: (d, _cost, released) => d.countIf(conversionStatusIs('paused', released)),
  },
  conversionsNotReported: {
    source: 'conversions',
    aggregate: (d, _cost, released) => d.countIf(conversionStatusIs('not_reported', released)),
  },
  revenue: { source: 'conversions', aggregate: () => sql`coalesce(sum(value), 0)` },
} as const satisfies Record<string, MeasureDefinition>;

export type MeasureKey = keyof typeof MEASURES;
export const MEASURE_KEYS = Object.keys(MEASURES) as MeasureKey[];

/** Measures that are sums of money (floating point) rather than counts. */
const MONEY_MEASURES: ReadonlySet<MeasureKey> = new Set(['cost', 'revenue']);

/** Column alias of a measure in the generated SQL. */
export function measureAlias(key: MeasureKey): Sql {
  return rawSql(`m_${key}`);
}

/** The placeholder a branch of another table selects for a measure it does not count. */
export function measureZero(key: MeasureKey, dialect: SqlDialect): Sql {
  return MONEY_MEASURES.has(key) ? sql`CAST(0 AS DOUBLE)` : dialect.zeroCount;
}
