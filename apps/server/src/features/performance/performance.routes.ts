import { zPerformance, zPerformanceQuery } from '@veracity/contracts/performance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { performance } from './performance.service.js';

/**
 * The performance view (spec 01 §6: not in free or lite; a flag-driven account needs the performance
 * flag). Reading changes nothing, so the demo account may call it.
 */
const READ: Access = { kind: 'account', view: 'performance' };

/** GET /api/performance/figures: protection over time for a period (and optionally one channel). */
export const performanceRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/performance/figures',
      {
        config: { access: READ },
        schema: { querystring: zPerformanceQuery, response: { 200: zPerformance } },
      },
      async (request) => performance(events, services.db, accountOf(request).relationship, request.query),
    );
  };
