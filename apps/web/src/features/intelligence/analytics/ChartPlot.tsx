import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_TOOLTIP_STYLE } from '../../../lib/chart-tooltip';
import type { ChartData } from './chart-series';
import { formatTimeBucket } from './format';

export interface ChartPlotProps {
  kind: 'tiers' | 'lines';
  data: ChartData;
  valueText: (value: unknown) => string;
  seriesName: (key: string) => string;
  bucketText: (value: unknown) => string;
  axisValue: (value: unknown) => string;
}

/** The analytics chart's drawing: stacked bars of the analysis levels, or one line per value. */
export function ChartPlot({ kind, data, valueText, seriesName, bucketText, axisValue }: ChartPlotProps) {
  // What both kinds share: the plot's margin, the time axis, the value axis and the tooltip.
  const margin = { top: 8, right: 8, bottom: 0, left: 0 };
  const timeAxis = { dataKey: 'bucket', tickFormatter: bucketText, tick: { fontSize: 11 }, minTickGap: 16 };
  const valueAxis = { tickFormatter: axisValue, tick: { fontSize: 11 }, width: 44 };
  const tooltip = {
    contentStyle: CHART_TOOLTIP_STYLE,
    formatter: (value: unknown, name: unknown) => [valueText(value), seriesName(String(name))],
    labelFormatter: (label: unknown) => formatTimeBucket(String(label)),
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'tiers' ? (
        <BarChart data={data.points} margin={margin}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis {...timeAxis} />
          <YAxis {...valueAxis} allowDecimals={false} />
          <Tooltip {...tooltip} />
          {data.series.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              stackId="tiers"
              fill={series.colour}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart data={data.points} margin={margin}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis {...timeAxis} />
          <YAxis {...valueAxis} />
          <Tooltip {...tooltip} itemSorter={(item) => -Number(item.value ?? 0)} />
          {data.series.map((series) => (
            <Line
              key={series.key}
              dataKey={series.key}
              type="linear"
              stroke={series.colour}
              strokeWidth={2}
              dot={data.points.length <= 31 ? { r: 2.5, fill: series.colour } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
