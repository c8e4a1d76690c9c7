import { UNSUBSCRIBE_LINK_INVALID, zOkResponse, zUnsubscribeBody } from '@veracity/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { normaliseEmail } from '../users/users.repo.js';
import { insertUnsubscribe } from './unsubscribe.repo.js';
import { UnsubscribeLinks } from './unsubscribe-link.js';

/** A one-click request's form body (`List-Unsubscribe=One-Click`, RFC 8058): read up to this size and ignored. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * POST /api/performance/unsubscribe: stops the performance report mails to an address, for the
 * holder of the signed link of a performance mail only (unsubscribe-link.ts). A missing or wrong
 * token is answered 403 and nothing is stored.
 *
 * POST /api/performance/unsubscribe/one-click?email=&token=: the same for a mail client's one-click
 * unsubscribe (the mail's List-Unsubscribe and List-Unsubscribe-Post headers), which posts a form.
 */
export const unsubscribeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const links = new UnsubscribeLinks(services.config.secretKey, services.config.publicUrl);
    const unsubscribe = async (request: FastifyRequest, body: { email: string; token: string }) => {
      await services.requestLimits.publicFormPerIp(request);
      if (!links.verify(body.email, body.token)) throw ApiError.forbidden(UNSUBSCRIBE_LINK_INVALID);
      await insertUnsubscribe(services.db, normaliseEmail(body.email));
      return { ok: true as const };
    };
    app.post(
      '/performance/unsubscribe',
      {
        config: { access: { kind: 'public' } },
        schema: { body: zUnsubscribeBody, response: { 200: zOkResponse } },
      },
      async (request) => unsubscribe(request, request.body),
    );
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      // RFC 8058 allows either form encoding; the address and token ride in the URL, so the body is not read.
      oneClick.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data'],
        { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
        (_request, _body, done) => done(null, {}),
      );
      oneClick.post(
        '/performance/unsubscribe/one-click',
        {
          config: { access: { kind: 'public' } },
          schema: { querystring: zUnsubscribeBody, response: { 200: zOkResponse } },
        },
        async (request) => unsubscribe(request, request.query),
      );
    });
  };
