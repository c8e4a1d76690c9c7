import {
  zPostbackSecurity,
  zPostbackSecurityUpdate,
  zRotatedPostbackSecret,
  zRotatePostbackSecretBody,
} from '@veracity/contracts/postback-security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import {
  postbackSecurity,
  rotatePostbackSecret,
  updatePostbackSecurity,
} from './postback-security.service.js';

const VIEW = 'postback';

/**
 * The postback security screen's API (view `postback`, gated by the firewall's plan flag): who may post
 * conversions back. Changes need account_manage_settings; a rotation, which answers the new secret,
 * is refused to support sessions too.
 */
export const postbackSecurityRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/security/postback',
      {
        config: { access: { kind: 'account', view: VIEW } },
        schema: { response: { 200: zPostbackSecurity } },
      },
      async (request) => postbackSecurity(services, accountOf(request).relationship.id),
    );

    app.put(
      '/security/postback',
      {
        config: {
          access: { kind: 'account', view: VIEW, permission: 'account_manage_settings', write: true },
        },
        schema: { body: zPostbackSecurityUpdate, response: { 200: zPostbackSecurity } },
      },
      async (request) => updatePostbackSecurity(services, accountOf(request), request.body, request.ip),
    );

    app.post(
      '/security/postback/rotate-secret',
      {
        config: {
          access: {
            kind: 'account',
            view: VIEW,
            permission: 'account_manage_settings',
            write: true,
            noGhost: true,
          },
        },
        schema: { body: zRotatePostbackSecretBody, response: { 200: zRotatedPostbackSecret } },
      },
      async (request, reply) => {
        // The answer holds the secret: no cache keeps it.
        reply.header('cache-control', 'no-store');
        return rotatePostbackSecret(services, accountOf(request), request.body.overlapHours, request.ip);
      },
    );
  };
