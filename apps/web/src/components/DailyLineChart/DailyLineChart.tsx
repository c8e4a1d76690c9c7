import { lazy, Suspense } from 'react';
import { formatDate } from '../../lib/format';
import { SkeletonRows } from '../PageStates/PageStates';
import styles from './DailyLineChart.module.css';

/** The chart library loads with the chart, after the page's figures. */
const DailyLineChartPlot = lazy(async () => ({
  default: (await import('./DailyLineChartPlot')).DailyLineChartPlot,
}));

/** One line of the chart: a key of the rows, its label and colour. */
export interface DailyLine {
  key: string;
  label: string;
  colour: string;
}

/** A day and the value of each line's key on it. */
export type DailyRow = { day: string } & Record<string, number | string>;

/**
 * Figures a day as a line chart, with the same figures as a table for screen readers (a chart is not
 * readable to them). The value axis is `axisWidth` wide and, with `integers`, shows whole numbers only.
 */
export function DailyLineChart({
  rows,
  lines,
  format,
  label,
  testId,
  axisWidth,
  integers = false,
}: {
  rows: readonly DailyRow[];
  lines: readonly DailyLine[];
  format: (value: number) => string;
  label: string;
  testId: string;
  axisWidth: number;
  integers?: boolean;
}) {
  return (
    <>
      <div className={styles.chart} data-testid={testId} aria-hidden="true">
        <Suspense fallback={<SkeletonRows rows={6} />}>
          <DailyLineChartPlot
            rows={rows}
            lines={lines}
            format={format}
            axisWidth={axisWidth}
            integers={integers}
          />
        </Suspense>
      </div>
      {/* A table sizes to its content whatever its width: the wrapper keeps it out of the layout. */}
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
