import {
  zAnalyticsExportQuery,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { threats, tree, widgetStats } from '../../analytics/run-analytics.js';
import { type Access, accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { accessOf, planMetrics, planSort, queryScope } from './analytics.service.js';
import { analyticsCsv } from './analytics-export.js';
import { filterOptions } from './filter-options.js';

/**
 * Reading analytics is open to every account that has the analytics view, the demo account included:
 * queries are sent as POST (their bodies are large) but change nothing, hence `write: false`.
 */
const READ: Access = { kind: 'account', view: 'analytics', write: false };

/** The analytics calls (spec 02 §7): the tree, threat breakdown, widget statistics, picker options and CSV export. */
export const analyticsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.post(
      '/analytics/tree',
      { config: { access: READ }, schema: { body: zAnalyticsTreeQuery, response: { 200: zAnalyticsTree } } },
      async (request) => {
        const { relationship } = accountOf(request);
        const query = request.body;
        const metrics = planMetrics(accessOf(relationship), query.metrics);
        const sort = planSort(query.sort, metrics, query.dimensions);
        const scope = await queryScope(db, relationship, query, metrics);
        return tree(events, scope, {
          dimensions: query.dimensions,
          sort,
          page: query.page,
          pageSize: query.pageSize,
          expanded: query.expanded,
        });
      },
    );

    app.post(
      '/analytics/threats',
      {
        config: { access: READ },
        schema: { body: zAnalyticsThreatsQuery, response: { 200: zAnalyticsThreats } },
      },
      async (request) => {
        const { relationship } = accountOf(request);
        const query = request.body;
        if (query.path.length > query.dimensions.length) {
          throw ApiError.badRequest('The row path is longer than the dimensions');
        }
        const scope = await queryScope(db, relationship, query, []);
        return { threats: await threats(events, scope, query.dimensions, query.path) };
      },
    );

    app.post(
      '/widget-stats',
      { config: { access: READ }, schema: { body: zWidgetStatsQuery, response: { 200: zWidgetStats } } },
      async (request) => {
        const { relationship } = accountOf(request);
        const query = request.body;
        const metrics = planMetrics(accessOf(relationship), query.metrics);
        const scope = await queryScope(db, relationship, query, metrics);
        return widgetStats(events, scope, query.dimensions);
      },
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
        const { relationship } = accountOf(request);
        const query = request.body;
        const metrics = planMetrics(accessOf(relationship), query.metrics);
        const scope = await queryScope(db, relationship, query, metrics);
        const csv = await analyticsCsv(events, scope, {
          dimensions: query.dimensions,
          sort: planSort(query.sort, metrics, query.dimensions),
          expanded: query.expanded,
        });
        // Nothing to export: the dashboard shows "No content" (spec 02 §8).
        if (csv === undefined) return reply.code(204).send();
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(new Date(), 'analytics')}"`)
          .send(csv);
      },
    );
  };
