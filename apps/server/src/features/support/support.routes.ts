import { zSupportRelationships } from '@veracity/contracts/account';
import { zLoginAsBody, zLoginAsResponse } from '@veracity/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../http/access.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { findSupportRelationships } from './support.repo.js';
import { loginAs } from './support.service.js';

/** Support staff open a customer's account in a ghost session, every time written to the audit log. */
export const supportRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/support/relationships',
      {
        config: { access: { kind: 'support' } },
        schema: {
          querystring: z.object({ search: z.string().trim().max(160).optional() }),
          response: { 200: zSupportRelationships },
        },
      },
      async (request) => findSupportRelationships(services.db, request.query.search ?? ''),
    );

    app.post(
      '/support/login-as',
      {
        config: { access: { kind: 'support' } },
        schema: { body: zLoginAsBody, response: { 200: zLoginAsResponse } },
      },
      async (request) =>
        loginAs(services.db, userOf(request), request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          dashboardUrl: dashboardBaseUrl(services.config, request),
        }),
    );
  };
