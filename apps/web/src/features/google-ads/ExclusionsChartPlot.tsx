import type { ExclusionWidget } from '@veracity/contracts/google-ads';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber } from '../../lib/format';

export type SeriesKey = Exclude<keyof ExclusionWidget['series'][number], 'day'>;

export interface ChartLine {
  key: SeriesKey;
  label: string;
  colour: string;
}

const TOOLTIP_STYLE = {
  borderRadius: 6,
  border: '1px solid var(--color-border)',
  boxShadow: 'var(--shadow-tooltip)',
  fontSize: 12,
};

/**
 * The drawing of a section's series, one line per figure and a point a day (Recharts, like the
 * analytics chart). Loaded with the chart, not with the page.
 */
export function ExclusionsChartPlot({
  series,
  lines,
}: {
  series: ExclusionWidget['series'];
  lines: readonly ChartLine[];
}) {
  const names = new Map(lines.map((line) => [line.key, line.label]));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="day"
          tickFormatter={(day: string) => formatDate(day)}
          tick={{ fontSize: 11 }}
          minTickGap={16}
        />
        <YAxis
          tickFormatter={(value: number) => formatNumber(value)}
          tick={{ fontSize: 11 }}
          width={44}
          allowDecimals={false}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value: unknown, name: unknown) => [
            formatNumber(Number(value)),
            names.get(String(name) as SeriesKey) ?? String(name),
          ]}
          labelFormatter={(label: unknown) => formatDate(String(label))}
        />
        <Legend
          formatter={(value: unknown) => names.get(String(value) as SeriesKey) ?? String(value)}
          wrapperStyle={{ fontSize: 12 }}
        />
        {lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            type="linear"
            stroke={line.colour}
            strokeWidth={2}
            dot={series.length <= 31 ? { r: 2.5, fill: line.colour } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
