import {
  zAnalyticsExportQuery,
  zAnalyticsSessions,
  zAnalyticsSessionsQuery,
  zAnalyticsThreats,
  zAnalyticsThreatsQuery,
  zAnalyticsTree,
  zAnalyticsTreeQuery,
  zFilterOptions,
  zFilterOptionsQuery,
  zWidgetStats,
  zWidgetStatsQuery,
} from '@veracity/contracts/analytics/query';
import { exportFileName } from '@veracity/contracts/csv';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runAnalytics } from '../../analytics/run-analytics.js';
import { type Access, accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { analyticsReader } from './analytics.service.js';
import { filterOptions } from './filter-options.js';

/**
 * Reading analytics is open to every account that has the analytics view, the demo account included:
 * queries are sent as POST (their bodies are large) but change nothing, hence `write: false`.
 */
const READ: Access = { kind: 'account', view: 'analytics', write: false };

/** The analytics calls (spec 02 §7): the tree, threat breakdown, a row's visits, widget statistics, picker options and CSV export. */
export const analyticsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;
    const readerOf = (request: FastifyRequest) => analyticsReader(db, accountOf(request).relationship);

    app.post(
      '/analytics/tree',
      { config: { access: READ }, schema: { body: zAnalyticsTreeQuery, response: { 200: zAnalyticsTree } } },
      async (request) => runAnalytics(events, { kind: 'tree', ...request.body }, readerOf(request)),
    );

    app.post(
      '/analytics/threats',
      {
        config: { access: READ },
        schema: { body: zAnalyticsThreatsQuery, response: { 200: zAnalyticsThreats } },
      },
      async (request) => runAnalytics(events, { kind: 'threats', ...request.body }, readerOf(request)),
    );

    app.post(
      '/analytics/sessions',
      {
        // The visits behind a number are session-level evidence: the forensics view's, as the screen it opens.
        config: { access: { ...READ, view: 'forensics' } },
        schema: { body: zAnalyticsSessionsQuery, response: { 200: zAnalyticsSessions } },
      },
      async (request) => runAnalytics(events, { kind: 'sessions', ...request.body }, readerOf(request)),
    );

    app.post(
      '/widget-stats',
      { config: { access: READ }, schema: { body: zWidgetStatsQuery, response: { 200: zWidgetStats } } },
      async (request) => runAnalytics(events, { kind: 'widgets', ...request.body }, readerOf(request)),
    );

    app.get(
      '/analytics/filter-options',
      {
        config: { access: READ },
        schema: { querystring: zFilterOptionsQuery, response: { 200: zFilterOptions } },
      },
      async (request) => filterOptions(db, events, accountOf(request).relationship, request.query),
    );

    app.post(
      '/analytics/export',
      {
        config: { access: { ...READ, permission: 'log_export_reports' } },
        schema: { body: zAnalyticsExportQuery },
      },
      async (request, reply) => {
        const csv = await runAnalytics(events, { kind: 'export', ...request.body }, readerOf(request));
        // Nothing to export: the dashboard shows "No content" (spec 02 §8).
        if (csv === undefined) return reply.code(204).send();
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(new Date(), 'analytics')}"`)
          .send(csv);
      },
    );
  };
