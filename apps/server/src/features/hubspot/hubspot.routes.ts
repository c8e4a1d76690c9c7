import { zHubspotConnectBody, zHubspotQuery, zHubspotState } from '@veracity/contracts/hubspot';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidRangeError } from '../../analytics/time-range.js';
import { type Access, accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import {
  disconnectHubspot,
  finishHubspotConnect,
  HUBSPOT_CALLBACK_PATH,
  readHubspot,
  startHubspotConnect,
} from './hubspot.service.js';

const zCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** A range the time zone cannot make sense of is the caller's mistake. */
async function inRange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
    throw error;
  }
}

/**
 * HubSpot (issue 35; docs/api.md "HubSpot"): GET the page's state with the flagged contacts of a range,
 * POST connect, the OAuth callback, DELETE to disconnect. Reading needs the hubspot view; changes also
 * account_manage_integrations, refused to the demo (418).
 */
export const hubspotRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const read: Access = { kind: 'account', view: 'hubspot' };
    const manage: Access = { ...read, permission: 'account_manage_integrations', write: true };
    const redirectUri = (request: Parameters<typeof dashboardBaseUrl>[1]) =>
      `${dashboardBaseUrl(services.config, request)}${HUBSPOT_CALLBACK_PATH}`;

    app.get(
      '/integrations/hubspot',
      { config: { access: read }, schema: { querystring: zHubspotQuery, response: { 200: zHubspotState } } },
      async (request) => inRange(() => readHubspot(services, accountOf(request).relationship, request.query)),
    );

    app.post(
      '/integrations/hubspot/connect',
      {
        config: { access: manage },
        schema: { body: zHubspotConnectBody, response: { 200: z.object({ url: z.string() }) } },
      },
      async (request) => ({
        url: await startHubspotConnect(
          services,
          actorOf(request),
          request.body.returnPath,
          redirectUri(request),
        ),
      }),
    );

    app.get(
      '/integrations/hubspot/oauth/callback',
      { config: { access: { kind: 'public' } }, schema: { querystring: zCallbackQuery } },
      async (request, reply) =>
        reply.redirect(
          await finishHubspotConnect(services, request.log, request.query, redirectUri(request), request.ip),
          302,
        ),
    );

    app.delete(
      '/integrations/hubspot',
      {
        config: { access: manage },
        schema: { querystring: zHubspotQuery, response: { 200: zHubspotState } },
      },
      async (request) =>
        inRange(() =>
          disconnectHubspot(services, actorOf(request), accountOf(request).relationship, request.query),
        ),
    );
  };
