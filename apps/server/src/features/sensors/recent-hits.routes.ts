import { zRecentHits } from '@veracity/contracts/s2s';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { recentHits } from './recent-hits.repo.js';

/** The account's latest hits with their verdicts: how a new customer sees the sensor at work. */
export const recentHitsRoutes =
  (events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sensors/recent-hits',
      {
        config: { access: { kind: 'account', view: 'sensor_js' } },
        schema: { response: { 200: zRecentHits } },
      },
      async (request) => recentHits(events, accountOf(request).relationship.id),
    );
  };
