import type { PerformanceDay } from '@veracity/contracts/performance';
import {
  type DailyLine,
  DailyLineChart,
  type DailyRow,
} from '../../../components/DailyLineChart/DailyLineChart';

/** A series to draw: a channel or campaign, its colour, and its points a day. */
export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
  series: readonly PerformanceDay[];
}

/**
 * One figure of several series over the period's days, as a line chart, with the same figures as a
 * table for screen readers (a chart is not readable to them).
 */
export function PerformanceChart({
  days,
  series,
  figure,
  format,
  label,
  testId,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  figure: 'invalidVisits' | 'savings';
  format: (value: number) => string;
  label: string;
  testId: string;
}) {
  const rows: DailyRow[] = days.map((day, index) => {
    const row: DailyRow = { day };
    for (const entry of series) row[entry.key] = entry.series[index]?.[figure] ?? 0;
    return row;
  });
  const lines: DailyLine[] = series.map(({ key, label: name, colour }) => ({ key, label: name, colour }));
  return (
    <DailyLineChart rows={rows} lines={lines} format={format} label={label} testId={testId} axisWidth={56} />
  );
}
