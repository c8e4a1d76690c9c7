import type { Benchmark, BenchmarkDistribution } from '@veracity/contracts/benchmark';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_TOOLTIP_STYLE } from '../../../lib/chart-tooltip';
import { formatDate, formatPercent } from '../../../lib/format';
import styles from './BenchmarkPage.module.css';

/**
 * The benchmark's two charts, drawn with Recharts: where the account's share falls in the industry's
 * percentile bands, and the account against the industry's median (and middle half) over the period.
 */

/** Shares (0..1) as the dashboard writes percentages. */
export const shareText = (share: number | null | undefined): string =>
  formatPercent(share === null || share === undefined ? share : share * 100);

const axisShare = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The bands from no invalid traffic to the 90th percentile, lighter towards the middle. */
const BANDS = [
  { key: 'below25', label: 'Lowest quarter (0–25th)', colour: '#dbe5ff' },
  { key: 'to50', label: '25th–50th percentile', colour: '#b3c8ff' },
  { key: 'to75', label: '50th–75th percentile', colour: '#86a6ff' },
  { key: 'to90', label: '75th–90th percentile', colour: '#5a84ff' },
] as const;

export function PercentileBandChart({
  industry,
  own,
}: {
  industry: BenchmarkDistribution;
  own: number | null;
}) {
  const row = {
    name: 'Industry',
    below25: industry.p25,
    to50: industry.p50 - industry.p25,
    to75: industry.p75 - industry.p50,
    to90: industry.p90 - industry.p75,
  };
  const top = Math.max(industry.p90, own ?? 0);
  const domainMax = Math.min(1, Math.max(0.01, top * 1.15));
  return (
    <figure className={styles.band}>
      <div style={{ width: '100%', height: 150 }} data-testid="benchmark-band-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[row]} layout="vertical" margin={{ top: 24, right: 16, bottom: 0, left: 0 }}>
            <XAxis
              type="number"
              domain={[0, domainMax]}
              tickFormatter={axisShare}
              tick={{ fontSize: 11 }}
              allowDataOverflow
            />
            <YAxis type="category" dataKey="name" hide />
            <Tooltip
              contentStyle={CHART_TOOLTIP_STYLE}
              cursor={false}
              formatter={(_value, name) => {
                const band = BANDS.find((entry) => entry.key === name);
                return [band?.label ?? String(name), ''];
              }}
              labelFormatter={() =>
                `25th ${shareText(industry.p25)} · median ${shareText(industry.p50)} · 75th ${shareText(industry.p75)} · 90th ${shareText(industry.p90)}`
              }
            />
            {BANDS.map((band) => (
              <Bar
                key={band.key}
                dataKey={band.key}
                stackId="bands"
                fill={band.colour}
                isAnimationActive={false}
                barSize={36}
              />
            ))}
            {own === null ? null : (
              <ReferenceLine
                x={Math.min(own, domainMax)}
                stroke="var(--color-text)"
                strokeWidth={2}
                label={{
                  value: `You ${shareText(own)}`,
                  position: 'top',
                  fontSize: 12,
                  fill: 'var(--color-text)',
                }}
              />
            )}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className={styles.bandCaption} data-testid="benchmark-band-caption">
        Industry: 25th percentile {shareText(industry.p25)} · median {shareText(industry.p50)} · 75th{' '}
        {shareText(industry.p75)} · 90th {shareText(industry.p90)}
      </figcaption>
    </figure>
  );
}

export function BenchmarkTrendChart({ benchmark }: { benchmark: Benchmark }) {
  const points = benchmark.trend.map((point) => ({
    date: point.date,
    account: point.account,
    median: point.industryMedian,
    middle:
      point.industryP25 === null || point.industryP75 === null
        ? null
        : [point.industryP25, point.industryP75],
  }));
  const dateText = (value: unknown) => formatDate(String(value));
  return (
    <div style={{ width: '100%', height: 260 }} data-testid="benchmark-trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="date" tickFormatter={dateText} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis tickFormatter={axisShare} tick={{ fontSize: 11 }} width={48} />
          <Tooltip
            contentStyle={CHART_TOOLTIP_STYLE}
            labelFormatter={(label) =>
              benchmark.trendBucket === 'week' ? `Week of ${dateText(label)}` : dateText(label)
            }
            formatter={(value, name) => {
              const text = Array.isArray(value)
                ? `${shareText(Number(value[0]))} – ${shareText(Number(value[1]))}`
                : shareText(value === null || value === undefined ? null : Number(value));
              return [text, String(name)];
            }}
          />
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value) => <span className={styles.legendText}>{value}</span>}
          />
          <Area
            dataKey="middle"
            name="Industry 25th–75th"
            fill="#dbe5ff"
            stroke="none"
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            dataKey="median"
            name="Industry median"
            stroke="var(--color-text-secondary)"
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="account"
            name="Your account"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
