import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { AnalyticsQuery, SqlDialect } from '../storage/events/dialect.js';
import { inList, joinSql, rawSql, type Sql, sql } from '../storage/events/sql.js';
import { type DimensionLookups, dimensionSql, filterColumnSql } from './dimension-columns.js';
import { type CostBasis, costJoinSql, hitCostSql, onlyStoredCost } from './hit-cost.js';
import {
  MEASURE_KEYS,
  MEASURES,
  type MeasureKey,
  measureAlias,
  measureZero,
  NO_RELEASES,
  type ReleasedConversions,
  SOURCE_TIME_COLUMN,
  type SourceTable,
} from './measures.js';
import { type ComputedMetric, METRIC_FORMULAS } from './metric-formulas.js';
import { HIT_ROLLUP_TABLE, HIT_ROLLUP_TIME_COLUMN, rollupServes } from './rollup.js';

/**
 * A planned analytics query: one level of the tree (or a chart's series, or the totals) over one
 * account's events in a time range. `dimensions` are grouped by, in order; `path` fixes the values of
 * the first of them (the expanded parents of a tree level).
 */
export interface PlannedQuery {
  relationshipId: number;
  timeZone: string;
  /** Instants of the range, `from` included, `to` excluded. */
  from: Date;
  to: Date;
  dimensions: readonly DimensionId[];
  path: readonly DimensionValue[];
  metrics: readonly ComputedMetric[];
  filters: readonly PlannedFilter[];
  matchType: 'all' | 'any';
  sort: readonly SortKey[];
  limit?: number;
  offset?: number;
  lookups: DimensionLookups;
  /** How a hit is priced for the cost measure (`hit-cost.ts`). */
  costs: CostBasis;
  /** Read hits from the hourly rollup when it can answer (default true; false forces the hits). */
  useRollups?: boolean;
  /** Held conversions released in the range (none when absent). */
  released?: ReleasedConversions;
}

export type DimensionValue = string | number | null;

export interface PlannedFilter {
  /** The dimension the filter reads (filters mirror dimensions). */
  dimension: DimensionId;
  type: 'equals' | 'notEquals';
  values: readonly string[] | readonly number[];
}

export interface SortKey {
  /** A metric of the query or one of its dimensions. */
  key: ComputedMetric | DimensionId;
  direction: 'asc' | 'desc';
}

/** Alias of the `index`th dimension in the result rows. */
export const dimensionAlias = (index: number): string => `d${index}`;

/** Alias of the window count of groups, for paging. */
export const TOTAL_GROUPS_ALIAS = 'total_groups';

/**
 * The SQL of a planned query, written once for both stores. Each table that a requested metric needs
 * is grouped on its own (UNION ALL, other tables' measures as zeros), the branches are summed per
 * group, and the metrics are computed from the sums, so sorting and paging see every metric:
 *
 *   select d0, metrics..., count(*) over () from (
 *     select d0, sum(m_hits) as m_hits, ... from (
 *       select <dim> as d0, count(*) as m_hits, 0 as m_sessions ... from hits where ... group by d0
 *       union all select <dim> as d0, 0, count(*) ... from sessions where ... group by d0
 *     ) group by d0
 *   ) order by ... limit ... offset ...
 */
export function analyticsSql(plan: PlannedQuery): AnalyticsQuery {
  return (dialect) => {
    const dims = plan.dimensions.map((_, index) => rawSql(dimensionAlias(index)));
    const grouped = groupedSql(plan, dialect);
    const metricColumns = plan.metrics.map(
      (metric) => sql`${METRIC_FORMULAS[metric].sql(measureAlias, dialect)} AS ${dialect.ident(metric)}`,
    );
    const paged = plan.limit !== undefined;
    const select = joinSql([
      ...dims,
      ...metricColumns,
      ...(paged ? [sql`count(*) OVER () AS ${rawSql(TOTAL_GROUPS_ALIAS)}`] : []),
    ]);
    const order = orderSql(plan, dialect);
    const page = paged ? sql` LIMIT ${plan.limit ?? 0} OFFSET ${plan.offset ?? 0}` : sql``;
    return sql`SELECT ${select} FROM (${grouped}) AS groups${order}${page}`;
  };
}

/**
 * The number of groups a query has, whatever its page: the count of a page past the last cannot come
 * from that page's rows (it has none), so it is asked on its own.
 */
export function groupCountSql(plan: PlannedQuery): AnalyticsQuery {
  return (dialect) =>
    sql`SELECT count(*) AS ${rawSql(TOTAL_GROUPS_ALIAS)} FROM (${groupedSql(plan, dialect)}) AS groups`;
}

/** One row per group of the dimensions, with the summed measures of every table the metrics need. */
function groupedSql(plan: PlannedQuery, dialect: SqlDialect): Sql {
  const measures = measuresOf(plan.metrics);
  const sources = [...new Set(measures.map((key) => MEASURES[key].source))];
  const dims = plan.dimensions.map((_, index) => rawSql(dimensionAlias(index)));
  const branches = sources.map((source) => branchSql(plan, source, measures, dialect));
  const summed = joinSql([
    ...dims,
    ...measures.map((key) => sql`sum(${measureAlias(key)}) AS ${measureAlias(key)}`),
  ]);
  return sql`SELECT ${summed} FROM (${joinSql(branches, ' UNION ALL ')}) AS branches${
    dims.length > 0 ? sql` GROUP BY ${joinSql(dims)}` : sql``
  }`;
}

/** The measures the metrics need, in catalogue order (at least one, so a table is always read). */
function measuresOf(metrics: readonly ComputedMetric[]): MeasureKey[] {
  const used = new Set<MeasureKey>(metrics.flatMap((metric) => METRIC_FORMULAS[metric].uses));
  if (used.size === 0) used.add('hits');
  return MEASURE_KEYS.filter((key) => used.has(key));
}

/** Where a branch reads its rows: an event table, or the hourly rollup in place of the hits. */
interface BranchTable {
  name: string;
  timeColumn: string;
  rollup: boolean;
}

function branchTable(plan: PlannedQuery, source: SourceTable, measures: readonly MeasureKey[]): BranchTable {
  const rollup =
    source === 'hits' &&
    plan.useRollups !== false &&
    measures.every((key) => MEASURES[key].source !== 'hits' || MEASURES[key].rollup !== undefined) &&
    (!measures.includes('cost') || onlyStoredCost(plan.costs)) &&
    rollupServes(plan);
  return rollup
    ? { name: HIT_ROLLUP_TABLE, timeColumn: HIT_ROLLUP_TIME_COLUMN, rollup }
    : { name: source, timeColumn: SOURCE_TIME_COLUMN[source], rollup };
}

function branchSql(
  plan: PlannedQuery,
  source: SourceTable,
  measures: MeasureKey[],
  dialect: SqlDialect,
): Sql {
  const table = branchTable(plan, source, measures);
  const context = { dialect, timeZone: plan.timeZone, lookups: plan.lookups, timeColumn: table.timeColumn };
  const dims = plan.dimensions.map(
    (dimension, index) =>
      sql`${dimensionSql(dimension, source, context)} AS ${rawSql(dimensionAlias(index))}`,
  );
  const values = measures.map((key) => {
    const measure: {
      source: SourceTable;
      aggregate: (d: SqlDialect, hitCost: Sql, released: ReleasedConversions) => Sql;
      rollup?: (d: SqlDialect) => Sql;
    } = MEASURES[key];
    if (measure.source !== source) return sql`${measureZero(key, dialect)} AS ${measureAlias(key)}`;
    const aggregate = table.rollup && measure.rollup ? measure.rollup : measure.aggregate;
    return sql`${aggregate(dialect, hitCostSql(plan.costs), plan.released ?? NO_RELEASES)} AS ${measureAlias(key)}`;
  });
  // Hits priced beyond their own cost column read each one's campaign day.
  const priced = source === 'hits' && !table.rollup && measures.includes('cost');
  const join = priced ? costJoinSql(plan.costs, plan, dialect) : sql``;
  const grouping =
    dims.length > 0
      ? sql` GROUP BY ${joinSql(plan.dimensions.map((_, index) => rawSql(dimensionAlias(index))))}`
      : sql``;
  return sql`SELECT ${joinSql([...dims, ...values])} FROM ${dialect.ident(table.name)}${join} WHERE ${whereSql(plan, source, dialect, table.timeColumn)}${grouping}`;
}

/** The rows of one event table a query reads: the account, the range, the filters and the path. */
export function whereSql(
  plan: Pick<
    PlannedQuery,
    | 'relationshipId'
    | 'timeZone'
    | 'from'
    | 'to'
    | 'filters'
    | 'matchType'
    | 'dimensions'
    | 'path'
    | 'lookups'
  >,
  source: SourceTable,
  dialect: SqlDialect,
  timeColumn = SOURCE_TIME_COLUMN[source],
): Sql {
  const context = { dialect, timeZone: plan.timeZone, lookups: plan.lookups, timeColumn };
  const time = dialect.ident(timeColumn);
  const conditions: Sql[] = [
    sql`relationship_id = ${plan.relationshipId}`,
    sql`${time} >= ${plan.from}`,
    sql`${time} < ${plan.to}`,
  ];
  const filters = plan.filters.map((filter) =>
    filterSql(filter, filterColumnSql(filter.dimension, source, context)),
  );
  if (filters.length > 0) {
    conditions.push(sql`(${joinSql(filters, plan.matchType === 'all' ? ' AND ' : ' OR ')})`);
  }
  plan.path.forEach((value, index) => {
    const dimension = plan.dimensions[index];
    if (dimension === undefined) throw new RangeError('A path is longer than the dimensions');
    const expression = dimensionSql(dimension, source, context);
    conditions.push(value === null ? sql`${expression} IS NULL` : sql`${expression} = ${value}`);
  });
  return joinSql(conditions, ' AND ');
}

function filterSql(filter: PlannedFilter, expression: Sql): Sql {
  // Google account ids are compared by their digits, however the filter wrote them.
  const accounts = filter.dimension === 'googleAccountId' || filter.dimension === 'googleAccountName';
  const values = accounts ? filter.values.map((value) => String(value).replaceAll('-', '')) : filter.values;
  const matches = inList(expression, values);
  return filter.type === 'equals' ? matches : sql`(${expression} IS NULL OR NOT ${matches})`;
}

/**
 * Sort keys first, then every dimension ascending so that equal rows always come in the same order
 * (paging stays stable). Missing values sort last either way.
 */
function orderSql(plan: PlannedQuery, dialect: SqlDialect): Sql {
  const keys: Sql[] = [];
  const seen = new Set<string>();
  const add = (key: ComputedMetric | DimensionId, direction: 'asc' | 'desc') => {
    if (seen.has(key)) return;
    seen.add(key);
    const index = plan.dimensions.indexOf(key as DimensionId);
    const expression = index >= 0 ? rawSql(dimensionAlias(index)) : dialect.ident(key);
    keys.push(sql`${expression} ${rawSql(direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`);
  };
  for (const sort of plan.sort) add(sort.key, sort.direction);
  for (const dimension of plan.dimensions) add(dimension, 'asc');
  return keys.length > 0 ? sql` ORDER BY ${joinSql(keys)}` : sql``;
}
