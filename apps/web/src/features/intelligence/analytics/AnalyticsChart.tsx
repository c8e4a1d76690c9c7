import type { AnalyticsAccess, DimensionId } from '@veracity/contracts/analytics/dimensions';
import { lazy, Suspense } from 'react';
import { Card } from '../../../components/Card/Card';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { formatNumber } from '../../../lib/format';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import type { AnalyticsState } from '../../../lib/url-state';
import styles from './AnalyticsChart.module.css';
import { useWidgetStats, widgetStatsBody } from './analytics.api';
import { type ChartData, chartPlan, lineData, rangeBuckets, tierData } from './chart-series';
import { dimensionValueLabel, type ValueNames } from './dimension-values';
import { formatMetric, formatTimeBucket } from './format';
import { TrafficTypeMark } from './TrafficTypeMark';

const TIER_NAMES: Record<string, string> = {
  highRiskHits: 'Invalid',
  mediumRiskHits: 'Suspicious',
  lowRiskHits: 'Legitimate',
};

const CHART_HEIGHT = 260;

/**
 * The drawing (Recharts, the largest library of the page) loads apart from the page: the table and
 * the chart's own figures do not wait for it.
 */
const ChartPlot = lazy(async () => ({ default: (await import('./ChartPlot')).ChartPlot }));

interface AnalyticsChartProps {
  state: AnalyticsState;
  access: AnalyticsAccess;
  names: Partial<Record<DimensionId, ValueNames>>;
  currency: string;
  terms?: Terms;
}

/**
 * The chart above the table, from /api/widget-stats with the table's first dimension. Figures are
 * drawn at once, without animation: a chart of counts should not show values it does not have.
 */
export function AnalyticsChart({
  state,
  access,
  names,
  currency,
  terms = DEFAULT_TERMS,
}: AnalyticsChartProps) {
  const plan = chartPlan(state, state, access);
  const stats = useWidgetStats(widgetStatsBody(state, plan.dimensions, plan.metrics));
  const first = state.dimensions[0] as DimensionId;
  const metric = plan.metrics[0] ?? 'hits';
  const title =
    plan.kind === 'tiers'
      ? `${terms.plural('click')} by analysis level and ${terms.dimensionLabel(first).toLowerCase()}`
      : `${terms.metricLabel(metric)} by ${terms.dimensionLabel(first)}`;

  let data: ChartData | undefined;
  if (stats.data) {
    data =
      plan.kind === 'tiers'
        ? tierData(
            stats.data,
            first === 'day' || first === 'hour' ? rangeBuckets(first, state.from, state.to) : undefined,
          )
        : lineData(stats.data, first, metric, rangeBuckets(plan.bucket, state.from, state.to));
  }
  const empty = data?.series.every((series) => series.total === 0) ?? false;
  const seriesName = (key: string) => {
    if (plan.kind === 'tiers') return TIER_NAMES[key] ?? key;
    const series = data?.series.find((entry) => entry.key === key);
    return series ? dimensionValueLabel(first, series.value, names[first]) : key;
  };
  const valueText = (value: unknown) =>
    plan.kind === 'tiers' ? formatNumber(Number(value)) : formatMetric(metric, Number(value), currency);
  const bucketText = (value: unknown) => formatTimeBucket(String(value), { short: plan.bucket !== 'month' });
  const axisValue = (value: unknown) =>
    new Intl.NumberFormat('en-ES', { notation: 'compact', maximumFractionDigits: 1 }).format(Number(value));

  return (
    <Card title={title} data-testid="analytics-chart">
      {stats.isPending ? (
        <SkeletonRows rows={6} testId="chart-loading" />
      ) : stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : empty || !data ? (
        <EmptyState title="Nothing to chart in this period" testId="chart-empty">
          Widen the date range or remove a filter to see traffic here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.chart} style={{ height: CHART_HEIGHT }}>
            <Suspense fallback={<SkeletonRows rows={6} testId="chart-plot-loading" />}>
              <ChartPlot
                kind={plan.kind}
                data={data}
                valueText={valueText}
                seriesName={seriesName}
                bucketText={bucketText}
                axisValue={axisValue}
              />
            </Suspense>
          </div>
          <ul className={styles.legend} data-testid="chart-legend">
            {data.series.map((series) => (
              <li key={series.key} className={styles.legendItem} data-testid="chart-legend-item">
                {plan.kind === 'lines' && first === 'trafficType' && series.value !== null ? (
                  <TrafficTypeMark type={String(series.value)} colour={series.colour} />
                ) : (
                  <span className={styles.swatch} style={{ background: series.colour }} aria-hidden="true" />
                )}
                <span className={styles.legendName}>{seriesName(series.key)}</span>
                <span className={styles.legendTotal}>{valueText(series.total)}</span>
              </li>
            ))}
            {data.hiddenCount > 0 ? (
              <li className={styles.legendMore}>and {formatNumber(data.hiddenCount)} more in the table</li>
            ) : null}
          </ul>
        </>
      )}
    </Card>
  );
}
