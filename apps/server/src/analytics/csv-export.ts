import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { exportableMetrics, METRICS } from '@veracity/contracts/analytics/metrics';
import type { AnalyticsTreeRow, DimensionValue } from '@veracity/contracts/analytics/query';
import { findSecurityLevel } from '@veracity/contracts/analytics/reference/security-levels';
import { trafficTypeName } from '@veracity/contracts/analytics/reference/traffic-types';
import { csvText } from '@veracity/contracts/csv';
import type { EventStore } from '../storage/events/event-store.js';
import type { ComputedMetric } from './metric-formulas.js';
import { type QueryScope, type TreeRequest, tree } from './results.js';

/** Most top-level rows an export carries (the table pages through more; an export is one file). */
export const MAX_EXPORT_ROWS = 10_000;

/** A dimension value as a report shows it: names for traffic types and analysis levels. */
export function shown(dimension: DimensionId, value: DimensionValue): string | number | null {
  if (value === null) return null;
  if (dimension === 'trafficType') return trafficTypeName(String(value));
  if (dimension === 'hitSecurityLevel') return findSecurityLevel(String(value))?.name ?? value;
  return value;
}

/** A metric value as a report carries it: rounded to hundredths, empty when there is none. */
export function exportedValue(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value * 100) / 100;
}

/**
 * The analytics table as CSV: every top-level row (not only one page), each followed by its expanded
 * rows, one column per dimension and per metric a report carries (spec 02 §3 leaves out labels,
 * status, traffic veracity and the severity shares). Undefined when there is nothing to export.
 */
export async function analyticsCsv(
  store: EventStore,
  scope: QueryScope,
  request: Omit<TreeRequest, 'page' | 'pageSize'>,
): Promise<string | undefined> {
  const metrics = exportableMetrics(scope.metrics) as ComputedMetric[];
  const result = await tree(store, scope, { ...request, page: 1, pageSize: MAX_EXPORT_ROWS });
  if (result.rows.length === 0) return undefined;
  const header = [
    ...request.dimensions.map((id) => DIMENSIONS[id].label),
    ...metrics.map((key) => METRICS[key].label),
  ];
  const lines: (string | number | null)[][] = [header];
  const add = (row: AnalyticsTreeRow) => {
    const cells = request.dimensions.map((dimension, index) =>
      index < row.path.length ? shown(dimension, row.path[index] ?? null) : null,
    );
    const values = metrics.map((key) => exportedValue(row.metrics[key]));
    lines.push([...cells, ...values]);
    for (const child of row.children ?? []) add(child);
  };
  for (const row of result.rows) add(row);
  return csvText(lines);
}
