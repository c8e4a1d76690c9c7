import type { PerformanceDay } from '@veracity/contracts/performance';
import { lazy, Suspense } from 'react';
import { SkeletonRows } from '../../../components/PageStates/PageStates';
import { formatDate } from '../../../lib/format';
import styles from './Performance.module.css';
import type { PlotLine, PlotRow } from './PerformanceChartPlot';

/** The chart library loads with the chart, after the page's figures. */
const PerformanceChartPlot = lazy(async () => ({
  default: (await import('./PerformanceChartPlot')).PerformanceChartPlot,
}));

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
  const rows: PlotRow[] = days.map((day, index) => {
    const row: PlotRow = { day };
    for (const entry of series) row[entry.key] = entry.series[index]?.[figure] ?? 0;
    return row;
  });
  const lines: PlotLine[] = series.map(({ key, label: name, colour }) => ({ key, label: name, colour }));
  return (
    <>
      <div className={styles.chart} data-testid={testId} aria-hidden="true">
        <Suspense fallback={<SkeletonRows rows={6} />}>
          <PerformanceChartPlot rows={rows} lines={lines} format={format} />
        </Suspense>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {lines.map((line) => (
                <th key={line.key} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{formatDate(row.day)}</th>
                {lines.map((line) => (
                  <td key={line.key}>{format(Number(row[line.key] ?? 0))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
