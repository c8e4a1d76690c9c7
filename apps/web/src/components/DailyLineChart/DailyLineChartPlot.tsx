import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_TOOLTIP_STYLE } from '../../lib/chart-tooltip';
import { formatDate } from '../../lib/format';
import type { DailyLine, DailyRow } from './DailyLineChart';

/**
 * The drawing of a daily line chart: a line per figure, channel or campaign and a point a day
 * (Recharts). Loaded with the chart, not with the page.
 */
export function DailyLineChartPlot({
  rows,
  lines,
  format,
  axisWidth,
  integers,
}: {
  rows: readonly DailyRow[];
  lines: readonly DailyLine[];
  format: (value: number) => string;
  axisWidth: number;
  integers: boolean;
}) {
  const names = new Map(lines.map((line) => [line.key, line.label]));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="day"
          tickFormatter={(day: string) => formatDate(day)}
          tick={{ fontSize: 11 }}
          minTickGap={16}
        />
        <YAxis
          tickFormatter={(value: number) => format(value)}
          tick={{ fontSize: 11 }}
          width={axisWidth}
          allowDecimals={!integers}
        />
        <Tooltip
          contentStyle={CHART_TOOLTIP_STYLE}
          formatter={(value: unknown, name: unknown) => [
            format(Number(value)),
            names.get(String(name)) ?? String(name),
          ]}
          labelFormatter={(label: unknown) => formatDate(String(label))}
        />
        <Legend
          formatter={(value: unknown) => names.get(String(value)) ?? String(value)}
          wrapperStyle={{ fontSize: 12 }}
        />
        {lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            type="linear"
            stroke={line.colour}
            strokeWidth={2}
            dot={rows.length <= 31 ? { r: 2.5, fill: line.colour } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
