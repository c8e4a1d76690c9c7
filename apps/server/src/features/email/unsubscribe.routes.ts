import { zOkResponse, zUnsubscribeBody } from '@veracity/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.js';
import { normaliseEmail } from '../users/users.repo.js';
import { insertUnsubscribe } from './unsubscribe.repo.js';

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
        await services.requestLimits.publicFormPerIp(request);
        await insertUnsubscribe(services.db, normaliseEmail(request.body.email));
        return { ok: true as const };
      },
    );
  };
