import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { ReportFilter } from '@veracity/contracts/analytics/filters';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import { exportableMetrics } from '@veracity/contracts/analytics/metrics';
import type {
  AnalyticsSessions,
  AnalyticsThreats,
  AnalyticsTree,
  WidgetStats,
  zAnalyticsExportQuery,
  zAnalyticsSessionsQuery,
  zAnalyticsThreatsQuery,
  zAnalyticsTreeQuery,
  zWidgetStatsQuery,
} from '@veracity/contracts/analytics/query';
import type { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import type { EventStore } from '../storage/events/event-store.js';
import { analyticsCsv } from './csv-export.js';
import { rowSessions } from './event-lists.repo.js';
import { type AnalyticsReader, planMetrics, planScope, planSort } from './plan.js';
import { type ReportSink, writeReportCsv } from './report-csv.js';
import { threats, tree, widgetStats } from './results.js';

/**
 * The one entry point of the analytics calls: a query object, as its schema parsed it, and who reads it
 * in; planned (the plan's checks, metrics, sort and scope), run on the event store and shaped into the
 * answer. Routes parse, check access and call this; nothing else plans a query.
 */

export type AnalyticsRequest =
  | ({ kind: 'tree' } & z.output<typeof zAnalyticsTreeQuery>)
  | ({ kind: 'threats' } & z.output<typeof zAnalyticsThreatsQuery>)
  | ({ kind: 'sessions' } & z.output<typeof zAnalyticsSessionsQuery>)
  | ({ kind: 'widgets' } & z.output<typeof zWidgetStatsQuery>)
  | ({ kind: 'export' } & z.output<typeof zAnalyticsExportQuery>);

/** What each kind of query answers; an export with nothing in it is `undefined` (answered 204). */
export interface AnalyticsAnswers {
  tree: AnalyticsTree;
  threats: AnalyticsThreats;
  sessions: AnalyticsSessions;
  widgets: WidgetStats;
  export: string | undefined;
}

export async function runAnalytics<Kind extends AnalyticsRequest['kind']>(
  store: EventStore,
  query: Extract<AnalyticsRequest, { kind: Kind }>,
  reader: AnalyticsReader,
): Promise<AnalyticsAnswers[Kind]>;
export async function runAnalytics(
  store: EventStore,
  query: AnalyticsRequest,
  reader: AnalyticsReader,
): Promise<AnalyticsAnswers[AnalyticsRequest['kind']]> {
  switch (query.kind) {
    case 'tree': {
      const metrics = planMetrics(reader.access, query.metrics);
      const sort = planSort(query.sort, metrics, query.dimensions);
      const scope = await planScope(reader, query, metrics);
      return tree(store, scope, {
        dimensions: query.dimensions,
        sort,
        page: query.page,
        pageSize: query.pageSize,
        expanded: query.expanded,
      });
    }
    case 'threats': {
      if (query.path.length > query.dimensions.length) {
        throw ApiError.badRequest('The row path is longer than the dimensions');
      }
      const scope = await planScope(reader, query, []);
      return { threats: await threats(store, scope, query.dimensions, query.path) };
    }
    case 'sessions': {
      if (query.path.length > query.dimensions.length) {
        throw ApiError.badRequest('The row path is longer than the dimensions');
      }
      const scope = await planScope(reader, query, []);
      const { rows, total } = await rowSessions(store, scope, {
        dimensions: query.dimensions,
        path: query.path,
        riskLevel: query.riskLevel,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          startedAt: new Date(row.started_at).toISOString(),
          landingUrl: row.landing_url,
          trafficType: row.traffic_type,
          country: row.country,
          deviceType: row.device_type,
          browser: row.browser,
          hits: row.hits,
          riskLevel: row.risk_level,
          threats: row.threats,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    }
    case 'widgets': {
      const metrics = planMetrics(reader.access, query.metrics);
      const scope = await planScope(reader, query, metrics);
      return widgetStats(store, scope, query.dimensions);
    }
    case 'export': {
      const metrics = planMetrics(reader.access, query.metrics);
      const scope = await planScope(reader, query, metrics);
      return analyticsCsv(store, scope, {
        dimensions: query.dimensions,
        sort: planSort(query.sort, metrics, query.dimensions),
        expanded: query.expanded,
      });
    }
  }
}

/** A saved report's query over one period (issue 36): what `runReport` plans and writes. */
export interface ReportQuery {
  dimensions: readonly DimensionId[];
  metrics: readonly MetricKey[];
  filters: readonly ReportFilter[];
  matchType: 'all' | 'any';
  /** `YYYY-MM-DD`, both included, in the reader's time zone. */
  from: string;
  to: string;
}

/**
 * A full report, planned like the other calls (the reader's plan checks, its metrics less those a report
 * leaves out, the default sort) and written as CSV to `sink` a chunk at a time (`report-csv.ts`).
 * Resolves with the number of rows written.
 */
export async function runReport(
  store: EventStore,
  query: ReportQuery,
  reader: AnalyticsReader,
  sink: ReportSink,
): Promise<number> {
  const metrics = exportableMetrics(planMetrics(reader.access, query.metrics)) as typeof query.metrics;
  const planned = planMetrics(reader.access, metrics);
  const scope = await planScope(reader, query, planned);
  return writeReportCsv(
    store,
    scope,
    { dimensions: query.dimensions, sort: planSort(undefined, planned, query.dimensions) },
    sink,
  );
}
