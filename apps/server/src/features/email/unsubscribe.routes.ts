import { UNSUBSCRIBE_LINK_INVALID, zOkResponse, zUnsubscribeBody } from '@veracity/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { normaliseEmail } from '../users/users.repo.js';
import { insertUnsubscribe } from './unsubscribe.repo.js';
import { UnsubscribeLinks } from './unsubscribe-link.js';

/**
 * POST /api/performance/unsubscribe: stops the performance report mails to an address, for the
 * holder of the signed link of a performance mail only (unsubscribe-link.ts). A missing or wrong
 * token is answered 403 and nothing is stored.
 */
export const unsubscribeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const links = new UnsubscribeLinks(services.config.secretKey, services.config.publicUrl);
    app.post(
      '/performance/unsubscribe',
      {
        config: { access: { kind: 'public' } },
        schema: { body: zUnsubscribeBody, response: { 200: zOkResponse } },
      },
      async (request) => {
        await services.requestLimits.publicFormPerIp(request);
        const { email, token } = request.body;
        if (!links.verify(email, token)) throw ApiError.forbidden(UNSUBSCRIBE_LINK_INVALID);
        await insertUnsubscribe(services.db, normaliseEmail(email));
        return { ok: true as const };
      },
    );
  };
