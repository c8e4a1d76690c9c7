import { zOutboxMessage } from '@veracity/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { listOutbox } from './mailer.js';

/** GET /api/dev/outbox: the mail kept in the outbox, newest first. Registered outside production only. */
export const outboxRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/outbox',
      {
        config: { access: { kind: 'dev' } },
        schema: {
          querystring: z.object({ to: z.string().max(254).optional() }),
          response: { 200: z.array(zOutboxMessage) },
        },
      },
      async (request) => listOutbox(services.db, request.query.to),
    );
  };
