import type { ExclusionWidget } from '@veracity/contracts/google-ads';
import { DailyLineChart } from '../../components/DailyLineChart/DailyLineChart';
import { formatNumber } from '../../lib/format';
import { SERIES_COLOURS } from '../../lib/series-palette';

export type SeriesKey = Exclude<keyof ExclusionWidget['series'][number], 'day'>;

export interface ChartLine {
  key: SeriesKey;
  label: string;
  colour: string;
}

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
    <DailyLineChart
      rows={series}
      lines={lines}
      format={formatNumber}
      label={label}
      testId="exclusions-chart"
      axisWidth={44}
      integers
    />
  );
}
