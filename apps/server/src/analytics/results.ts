import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type {
  AnalyticsThreat,
  AnalyticsTree,
  AnalyticsTreeRow,
  DimensionValue,
  MetricValues,
  TierCounts,
  WidgetStats,
} from '@veracity/contracts/analytics/query';
import { MAX_CHILD_ROWS, MAX_WIDGET_ROWS } from '@veracity/contracts/analytics/query';
import type { EventStore, ResultRow, ResultValue } from '../storage/events/event-store.js';
import { sql } from '../storage/events/sql.js';
import type { SourceTable } from './measures.js';
import type { ComputedMetric } from './metric-formulas.js';
import {
  analyticsSql,
  dimensionAlias,
  groupCountSql,
  type PlannedQuery,
  TOTAL_GROUPS_ALIAS,
  whereSql,
} from './query-sql.js';

/**
 * Runs planned queries on the event store and shapes the answers of the analytics calls: the tree
 * (a page of top-level rows, the totals, and the rows under each expanded one), the threat breakdown
 * and the widget statistics.
 */

/** A query over a range with everything but the grouping decided (see {@link PlannedQuery}). */
export type QueryScope = Omit<PlannedQuery, 'dimensions' | 'path' | 'sort' | 'limit' | 'offset'>;

function dimensionValue(value: ResultValue | undefined): DimensionValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

function metricValues(row: ResultRow, metrics: readonly ComputedMetric[]): MetricValues {
  const values: MetricValues = {};
  for (const metric of metrics) {
    const value = row[metric];
    values[metric] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return values;
}

async function levelRows(
  store: EventStore,
  plan: PlannedQuery,
): Promise<{ rows: AnalyticsTreeRow[]; total: number }> {
  const result = await store.query(analyticsSql(plan));
  const level = plan.dimensions.length - 1;
  const rows = result.map((row) => {
    const path = plan.dimensions.map((_, index) => dimensionValue(row[dimensionAlias(index)]));
    return { value: path[level] ?? null, path, metrics: metricValues(row, plan.metrics) };
  });
  // Every row of a page carries the count of all groups (a window over the whole result, before the
  // page is cut). A page past the last has no row to carry it: the groups are counted on their own.
  const first = result[0];
  if (first !== undefined || !plan.offset) return { rows, total: Number(first?.[TOTAL_GROUPS_ALIAS] ?? 0) };
  const [counted] = await store.query(groupCountSql(plan));
  return { rows, total: Number(counted?.[TOTAL_GROUPS_ALIAS] ?? 0) };
}

export async function totals(store: EventStore, scope: QueryScope): Promise<MetricValues> {
  // Every metric asked may be hidden from the account (firewall metrics without it): nothing to total.
  if (scope.metrics.length === 0) return {};
  const [row] = await store.query(analyticsSql({ ...scope, dimensions: [], path: [], sort: [] }));
  return metricValues(row ?? {}, scope.metrics);
}

const samePath = (a: readonly DimensionValue[], b: readonly DimensionValue[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export interface TreeRequest {
  dimensions: readonly DimensionId[];
  sort: PlannedQuery['sort'];
  page: number;
  pageSize: number;
  expanded: readonly (readonly DimensionValue[])[];
}

/** Opened rows whose levels are queried at the same time (each takes a reader connection). */
const EXPANSION_CONCURRENCY = 4;

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function tree(
  store: EventStore,
  scope: QueryScope,
  request: TreeRequest,
): Promise<AnalyticsTree> {
  const top = request.dimensions.slice(0, 1);
  const expanded = [...request.expanded]
    .filter((path) => path.length < request.dimensions.length)
    .sort((a, b) => a.length - b.length);
  // The opened rows' levels are asked alongside the page rather than after it: a tree answers in the
  // time of its slowest query, not their sum. A level whose parent turns out not to be shown is
  // dropped (a path opens only under a row on the page, or under an opened row).
  const [first, overall, childLevels] = await Promise.all([
    levelRows(store, {
      ...scope,
      dimensions: top,
      path: [],
      sort: request.sort,
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
    }),
    totals(store, scope),
    mapLimited(expanded, EXPANSION_CONCURRENCY, (path) =>
      levelRows(store, {
        ...scope,
        dimensions: request.dimensions.slice(0, path.length + 1),
        path,
        sort: request.sort,
        limit: MAX_CHILD_ROWS,
        offset: 0,
      }),
    ),
  ]);
  const find = (rows: AnalyticsTreeRow[], path: readonly DimensionValue[]): AnalyticsTreeRow | undefined => {
    for (const row of rows) {
      if (samePath(row.path, path)) return row;
      const inside = row.children && path.length > row.path.length ? find(row.children, path) : undefined;
      if (inside) return inside;
    }
    return undefined;
  };
  // Parents before children (the paths are sorted by length).
  expanded.forEach((path, index) => {
    const parent = find(first.rows, path);
    const children = childLevels[index];
    if (!parent || parent.children || !children) return;
    parent.children = children.rows;
    parent.totalChildren = children.total;
  });
  return {
    dimensions: [...request.dimensions],
    metrics: [...scope.metrics],
    totals: overall,
    rows: first.rows,
    page: request.page,
    pageSize: request.pageSize,
    totalRows: first.total,
  };
}

export async function widgetStats(
  store: EventStore,
  scope: QueryScope,
  dimensions: readonly DimensionId[],
): Promise<WidgetStats> {
  const [levels, overall] = await Promise.all([
    levelRows(store, { ...scope, dimensions, path: [], sort: [], limit: MAX_WIDGET_ROWS, offset: 0 }),
    totals(store, scope),
  ]);
  return {
    dimensions: [...dimensions],
    metrics: [...scope.metrics],
    rows: levels.rows.map((row) => ({ values: row.path, metrics: row.metrics })),
    totals: overall,
    truncated: levels.total > MAX_WIDGET_ROWS,
  };
}

const THREAT_SOURCES: readonly SourceTable[] = ['hits', 'sessions', 'conversions'];

interface ThreatRow extends ResultRow {
  threat: string;
  high: number;
  medium: number;
  low: number;
  total: number;
}

/**
 * Each threat reason of the events a query (and, with a path, one row of it) selects, with the hits,
 * sessions and conversions that carry it by risk tier. An event with several reasons counts under each.
 */
export async function threats(
  store: EventStore,
  scope: Omit<QueryScope, 'metrics'>,
  dimensions: readonly DimensionId[],
  path: readonly DimensionValue[],
): Promise<AnalyticsThreat[]> {
  const plan = { ...scope, dimensions, path };
  const counts = await Promise.all(
    THREAT_SOURCES.map((source) =>
      store.query<ThreatRow>(
        (d) => sql`SELECT threat, ${d.countIf(sql`risk_level = ${'high'}`)} AS high,
          ${d.countIf(sql`risk_level = ${'medium'}`)} AS medium, ${d.countIf(sql`risk_level = ${'low'}`)} AS low,
          count(*) AS total
          FROM (SELECT ${d.unnest('threats')} AS threat, risk_level FROM ${d.ident(source)}
                WHERE ${whereSql(plan, source, d)}) AS reasons
          GROUP BY threat`,
      ),
    ),
  );
  const empty = (): TierCounts => ({ high: 0, medium: 0, low: 0, total: 0 });
  const byThreat = new Map<string, AnalyticsThreat>();
  THREAT_SOURCES.forEach((source, index) => {
    for (const row of counts[index] ?? []) {
      const entry = byThreat.get(row.threat) ?? {
        threat: row.threat,
        hits: empty(),
        sessions: empty(),
        conversions: empty(),
      };
      entry[source] = { high: row.high, medium: row.medium, low: row.low, total: row.total };
      byThreat.set(row.threat, entry);
    }
  });
  return [...byThreat.values()].sort(
    (a, b) =>
      b.hits.total - a.hits.total || b.sessions.total - a.sessions.total || a.threat.localeCompare(b.threat),
  );
}
