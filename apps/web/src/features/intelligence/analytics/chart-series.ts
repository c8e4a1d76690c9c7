import {
  type AnalyticsAccess,
  DIMENSIONS,
  type DimensionId,
  isDimensionAllowed,
} from '@veracity/contracts/analytics/dimensions';
import { METRICS, type MetricKey } from '@veracity/contracts/analytics/metrics';
import type { DimensionValue, SortKey, WidgetStats } from '@veracity/contracts/analytics/query';
import { addDays } from '../../../lib/date-ranges';
import { channelPalette, seriesPalette } from '../../../lib/series-palette';

/**
 * The chart above the table, planned from the page's state and shaped from /api/widget-stats:
 * - first dimension in time (day, hour, month): the visits of each bucket stacked by analysis level;
 * - otherwise: the chart metric of the first dimension's leading values over time, one line each.
 * When the first dimension is trafficType the lines are the traffic types themselves: their names,
 * marks and channel colours (spec 02 §2).
 */

export const TIER_METRICS = ['highRiskHits', 'mediumRiskHits', 'lowRiskHits'] as const;
/** Lines drawn for a dimension other than traffic type (traffic types: all of them, at most 17). */
export const MAX_LINES = 8;
export const MAX_TRAFFIC_TYPE_LINES = 17;

export type ChartPlan =
  | { kind: 'tiers'; dimensions: [DimensionId]; metrics: MetricKey[]; bucket: DimensionId }
  | { kind: 'lines'; dimensions: [DimensionId, DimensionId]; metrics: [MetricKey]; bucket: 'day' | 'hour' };

function isTime(id: DimensionId): boolean {
  return DIMENSIONS[id].source === 'time';
}

/** The metric the lines show: the sorted column if it is a count or money, else the first count shown. */
export function chartMetric(metrics: readonly MetricKey[], sort: readonly SortKey[]): MetricKey {
  const drawable = (key: string): key is MetricKey =>
    key in METRICS &&
    (metrics as readonly string[]).includes(key) &&
    (METRICS[key as MetricKey].kind === 'count' || METRICS[key as MetricKey].kind === 'money');
  const sorted = sort[0]?.key;
  if (sorted && drawable(sorted)) return sorted;
  return metrics.find((key) => drawable(key)) ?? 'hits';
}

export function chartPlan(
  state: {
    dimensions: readonly DimensionId[];
    metrics: readonly MetricKey[];
    columnSort: readonly SortKey[];
  },
  range: { from: string; to: string },
  access: AnalyticsAccess,
): ChartPlan {
  const first = state.dimensions[0] ?? 'day';
  if (isTime(first)) return { kind: 'tiers', dimensions: [first], metrics: [...TIER_METRICS], bucket: first };
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  const bucket = days <= 2 && isDimensionAllowed('hour', access) ? 'hour' : 'day';
  return {
    kind: 'lines',
    dimensions: [bucket, first],
    metrics: [chartMetric(state.metrics, state.columnSort)],
    bucket,
  };
}

/** Every bucket of the range, so a quiet day reads 0 rather than disappearing. */
export function rangeBuckets(bucket: 'day' | 'hour', from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDays(day, 1)) days.push(day);
  if (bucket === 'day') return days;
  return days.flatMap((day) =>
    Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, '0')}:00`),
  );
}

export interface ChartSeries {
  key: string;
  value: DimensionValue;
  colour: string;
  total: number;
}

export interface ChartData {
  series: ChartSeries[];
  points: Record<string, string | number>[];
  /** Values of the first dimension beyond the lines drawn. */
  hiddenCount: number;
}

const TIER_COLOURS: Record<(typeof TIER_METRICS)[number], string> = {
  highRiskHits: 'var(--tier-invalid)',
  mediumRiskHits: 'var(--tier-suspicious)',
  lowRiskHits: 'var(--tier-legitimate)',
};

/** The stacked tiers of each time bucket, in the answer's order or over the whole range. */
export function tierData(stats: WidgetStats, buckets?: readonly string[]): ChartData {
  const byBucket = new Map(stats.rows.map((row) => [String(row.values[0]), row.metrics]));
  const labels = buckets ?? [...byBucket.keys()].sort();
  const points = labels.map((bucket): Record<string, string | number> => {
    const metrics = byBucket.get(bucket) ?? {};
    return {
      bucket,
      ...Object.fromEntries(TIER_METRICS.map((key) => [key, metrics[key] ?? 0])),
    };
  });
  const series = TIER_METRICS.map((key) => ({
    key,
    value: key,
    colour: TIER_COLOURS[key],
    total: points.reduce((sum, point) => sum + Number(point[key] ?? 0), 0),
  }));
  return { series, points, hiddenCount: 0 };
}

/** One line per leading value of the dimension over the buckets of the range. */
export function lineData(
  stats: WidgetStats,
  dimension: DimensionId,
  metric: MetricKey,
  buckets: readonly string[],
): ChartData {
  const totals = new Map<string, { value: DimensionValue; total: number }>();
  for (const row of stats.rows) {
    const value = row.values[1] ?? null;
    const key = JSON.stringify(value);
    const entry = totals.get(key) ?? { value, total: 0 };
    entry.total += row.metrics[metric] ?? 0;
    totals.set(key, entry);
  }
  const limit = dimension === 'trafficType' ? MAX_TRAFFIC_TYPE_LINES : MAX_LINES;
  const ranked = [...totals.entries()]
    .filter(([, entry]) => entry.total > 0)
    .sort((a, b) => b[1].total - a[1].total);
  const leading = ranked.slice(0, limit);
  const colours =
    dimension === 'trafficType'
      ? channelPalette(leading.map(([, entry]) => String(entry.value)))
      : seriesPalette(leading.length);
  const series = leading.map(([, entry], index) => ({
    key: `s${index}`,
    value: entry.value,
    colour: colours[index] ?? 'var(--color-text-muted)',
    total: entry.total,
  }));
  const seriesOf = new Map(leading.map(([key], index) => [key, `s${index}`]));
  const points = new Map<string, Record<string, string | number>>(
    buckets.map((bucket) => [bucket, { bucket, ...Object.fromEntries(series.map((line) => [line.key, 0])) }]),
  );
  for (const row of stats.rows) {
    const seriesKey = seriesOf.get(JSON.stringify(row.values[1] ?? null));
    const bucket = String(row.values[0]);
    if (!seriesKey) continue;
    const point = points.get(bucket) ?? { bucket };
    point[seriesKey] = Number(point[seriesKey] ?? 0) + (row.metrics[metric] ?? 0);
    points.set(bucket, point);
  }
  const ordered = [...points.values()].sort((a, b) => String(a.bucket).localeCompare(String(b.bucket)));
  return { series, points: ordered, hiddenCount: Math.max(0, ranked.length - leading.length) };
}
