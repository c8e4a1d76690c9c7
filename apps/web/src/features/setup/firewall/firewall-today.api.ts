import { useQuery } from '@tanstack/react-query';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import { type WidgetStatsQuery, zWidgetStats } from '@veracity/contracts/analytics/query';
import { api } from '../../../lib/api-client';
import { canView, useMe } from '../../session/session.api';
import { useAccountToday } from '../../session/use-account-today';

/** The dimension each list's rows are: a campaign, an offer or a traffic source id. */
export type FirewallDimension = 'campaign' | 'offer' | 'trafficSource';

/** Today's figures of one row (null where a ratio has nothing to divide by). */
export interface TodayFigures {
  clicks: number;
  /** Invalid (high-risk) clicks in percent of all clicks. */
  invalidShare: number | null;
  delivered: number;
  paused: number;
  blocked: number;
}

export const TODAY_METRICS: MetricKey[] = [
  'hits',
  'highRiskHitsPercent',
  'allowedHits',
  'pausedHits',
  'blockedHits',
];

export function todayBody(dimension: FirewallDimension, today: string): WidgetStatsQuery {
  return { dimensions: [dimension], metrics: TODAY_METRICS, from: today, to: today, filters: [] };
}

/**
 * Today's clicks, invalid share and hit statuses of every row of a list, from one analytics call
 * (POST /api/widget-stats grouped by the list's dimension, today in the account's time zone). A row
 * without traffic today has no entry. Not asked without the analytics view.
 */
export function useTodayFigures(dimension: FirewallDimension) {
  const { today } = useAccountToday();
  const me = useMe();
  const enabled = today !== undefined && canView(me.data, 'analytics');
  const body = today ? todayBody(dimension, today) : null;
  return useQuery({
    queryKey: ['/widget-stats', body],
    queryFn: ({ signal }) => api.post('/widget-stats', body, { schema: zWidgetStats, signal }),
    enabled,
    select: (answer) => {
      const figures = new Map<number, TodayFigures>();
      for (const row of answer.rows) {
        const id = Number(row.values[0]);
        if (!Number.isInteger(id)) continue;
        figures.set(id, {
          clicks: row.metrics.hits ?? 0,
          invalidShare: row.metrics.highRiskHitsPercent ?? null,
          delivered: row.metrics.allowedHits ?? 0,
          paused: row.metrics.pausedHits ?? 0,
          blocked: row.metrics.blockedHits ?? 0,
        });
      }
      return figures;
    },
  });
}
