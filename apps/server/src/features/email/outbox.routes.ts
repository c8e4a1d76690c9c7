import { zOutboxMessages } from '@veracity/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { listOutbox } from './outbox.repo.js';

/**
 * GET /api/support/outbox: the mail kept in the outbox, newest first, for the instance admin only (the
 * support user of the first start), in every mode: its reset and invitation links open accounts.
 */
export const outboxRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/support/outbox',
      {
        config: { access: { kind: 'support' } },
        schema: {
          querystring: z.object({ to: z.string().trim().max(254).optional() }),
          response: { 200: zOutboxMessages },
        },
      },
      async (request) => listOutbox(services.db, request.query.to || undefined),
    );
  };
