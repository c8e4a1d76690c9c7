import type { ExclusionWidget } from '@veracity/contracts/google-ads';
import { lazy, Suspense } from 'react';
import { SkeletonRows } from '../../components/PageStates/PageStates';
import { formatDate, formatNumber } from '../../lib/format';
import { SERIES_COLOURS } from '../../lib/series-palette';
import type { ChartLine } from './ExclusionsChartPlot';
import styles from './GoogleAdsPages.module.css';

/** The chart library loads with the chart, after the page's figures. */
const ExclusionsChartPlot = lazy(async () => ({
  default: (await import('./ExclusionsChartPlot')).ExclusionsChartPlot,
}));

/** Invalid visits in the tier colour of invalid traffic; the exclusion figures take series colours. */
export const INVALID_VISITS_LINE: ChartLine = {
  key: 'invalidVisits',
  label: 'Invalid visits',
  colour: 'var(--tier-invalid)',
};

/** The series of every section page: the exclusion events that fired, those on invalid traffic. */
export const SECTION_LINES: readonly ChartLine[] = [
  { key: 'exclusionEvents', label: 'Exclusion events', colour: SERIES_COLOURS[0] },
  {
    key: 'exclusionEventsInvalid',
    label: 'Exclusion events with invalid traffic',
    colour: SERIES_COLOURS[1],
  },
  INVALID_VISITS_LINE,
];

/** Performance Max: exclusions added and invalid visits, day by day. */
export const PMAX_LINES: readonly ChartLine[] = [
  { key: 'exclusionsAdded', label: 'Exclusions added', colour: SERIES_COLOURS[0] },
  INVALID_VISITS_LINE,
];

/**
 * A section's series as a line chart, with the same figures as a table for screen readers (a chart
 * is not readable to them).
 */
export function ExclusionsChart({
  series,
  lines,
  label,
}: {
  series: ExclusionWidget['series'];
  lines: readonly ChartLine[];
  label: string;
}) {
  return (
    <>
      <div className={styles.chart} data-testid="exclusions-chart" aria-hidden="true">
        <Suspense fallback={<SkeletonRows rows={6} />}>
          <ExclusionsChartPlot series={series} lines={lines} />
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
            {series.map((point) => (
              <tr key={point.day}>
                <th scope="row">{formatDate(point.day)}</th>
                {lines.map((line) => (
                  <td key={line.key}>{formatNumber(point[line.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
