import { zOkResponse, zUnsubscribeBody } from '@veracity/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.js';
import { addressKey } from '../auth/rate-limit.js';
import { normaliseEmail } from '../users/users.repo.js';

/** POST /api/performance/unsubscribe: stops the performance report mails to an address. */
export const unsubscribeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/performance/unsubscribe',
      {
        config: { access: { kind: 'public' } },
        schema: { body: zUnsubscribeBody, response: { 200: zOkResponse } },
      },
      async (request) => {
        services.rateLimiter.hit('publicFormPerIp', addressKey(request.ip));
        await services.db
          .insertInto('unsubscribes')
          .values({ email: normaliseEmail(request.body.email), created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .execute();
        return { ok: true as const };
      },
    );
  };
