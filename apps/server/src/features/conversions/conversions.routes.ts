import { Readable } from 'node:stream';
import {
  zConversionsExportQuery,
  zConversionsList,
  zConversionsListQuery,
} from '@veracity/contracts/conversions-list';
import { exportFileName } from '@veracity/contracts/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { analyticsReader } from '../analytics/analytics.service.js';
import { exportConversions, listConversions } from './conversions.service.js';

/** Reading the list changes nothing (POST for its filters), open to the demo account too. */
const READ: Access = { kind: 'account', view: 'conversions', write: false };

/** The conversions list (issue 36; docs/api.md "Conversions list"): a page, and every page as CSV. */
export const conversionsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.post(
      '/conversions/list',
      {
        config: { access: READ },
        schema: { body: zConversionsListQuery, response: { 200: zConversionsList } },
      },
      async (request) =>
        listConversions(db, events, analyticsReader(db, accountOf(request).relationship), request.body),
    );

    app.post(
      '/conversions/export',
      {
        config: { access: { ...READ, permission: 'log_export_reports' } },
        schema: { body: zConversionsExportQuery },
      },
      async (request, reply) => {
        const reader = analyticsReader(db, accountOf(request).relationship);
        const csv = await exportConversions(db, events, reader, request.body);
        // Nothing to export: the dashboard shows "No content" (spec 02 §8).
        if (csv === undefined) return reply.code(204).send();
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileName(new Date(), 'conversions')}"`,
          )
          .send(Readable.from(csv));
      },
    );
  };
