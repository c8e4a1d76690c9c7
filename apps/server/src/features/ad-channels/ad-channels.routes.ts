import {
  AD_CHANNEL_SEGMENTS,
  AD_CHANNEL_VIEWS,
  AD_CHANNELS,
  type AdChannel,
  zAdChannelAccountBody,
  zAdChannelConnectAnswer,
  zAdChannelConnectBody,
  zAdChannelExclusionsBody,
  zAdChannelState,
  zMicrosoftIpPasteList,
  zMicrosoftIpPasteQuery,
} from '@veracity/contracts/ad-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, accountOf } from '../../http/access.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { actorOf } from '../account/audit.js';
import {
  callbackPath,
  changeChannel,
  disconnect,
  finishConnect,
  readState,
  startConnect,
} from './ad-channels.service.js';
import { microsoftIpPasteList } from './microsoft-ip-paste.js';

const zCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  // TikTok names the code auth_code.
  auth_code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/**
 * The Meta, Microsoft and TikTok linking API (issue 35; docs/api.md "Ad channels"), one route set a
 * channel under /api/integrations/<segment>. Reading needs the channel's view (plans and flags, spec 01
 * §6); every change also needs account_manage_integrations and is refused to the demo (418). The OAuth
 * callback carries no session: its single-use state identifies the account and the person.
 */
export const adChannelsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    for (const channel of AD_CHANNELS) registerChannel(app, services, channel);

    app.get(
      `/integrations/${AD_CHANNEL_SEGMENTS.microsoft}/ip-exclusions`,
      {
        config: { access: { kind: 'account', view: AD_CHANNEL_VIEWS.microsoft } },
        schema: { querystring: zMicrosoftIpPasteQuery, response: { 200: zMicrosoftIpPasteList } },
      },
      async (request) =>
        microsoftIpPasteList(
          events,
          accountOf(request).relationship,
          request.query.wildcard,
          services.clock.now(),
        ),
    );
  };

function registerChannel(app: Parameters<FastifyPluginAsyncZod>[0], services: Services, channel: AdChannel) {
  const base = `/integrations/${AD_CHANNEL_SEGMENTS[channel]}`;
  const read: Access = { kind: 'account', view: AD_CHANNEL_VIEWS[channel] };
  const manage: Access = { ...read, permission: 'account_manage_integrations', write: true };
  const redirectUri = (request: Parameters<typeof dashboardBaseUrl>[1]) =>
    `${dashboardBaseUrl(services.config, request)}${callbackPath(AD_CHANNEL_SEGMENTS[channel])}`;
  const state = { response: { 200: zAdChannelState } };

  app.get(base, { config: { access: read }, schema: state }, async (request) =>
    readState(services, channel, accountOf(request).relationship.id),
  );

  app.post(
    `${base}/connect`,
    {
      config: { access: manage },
      schema: { body: zAdChannelConnectBody, response: { 200: zAdChannelConnectAnswer } },
    },
    async (request) => ({
      url: await startConnect(
        services,
        channel,
        actorOf(request),
        request.body.returnPath,
        redirectUri(request),
      ),
    }),
  );

  app.get(
    `${base}/oauth/callback`,
    { config: { access: { kind: 'public' } }, schema: { querystring: zCallbackQuery } },
    async (request, reply) => {
      const { auth_code, code, ...rest } = request.query;
      const target = await finishConnect(
        services,
        channel,
        request.log,
        { ...rest, code: code ?? auth_code },
        redirectUri(request),
        request.ip,
        `/integrations/${AD_CHANNEL_SEGMENTS[channel]}/overview`,
      );
      return reply.redirect(target, 302);
    },
  );

  app.put(
    `${base}/account`,
    { config: { access: manage }, schema: { body: zAdChannelAccountBody, ...state } },
    async (request) =>
      changeChannel(services, channel, actorOf(request), request.log, {
        kind: 'account',
        accountId: request.body.accountId,
      }),
  );

  app.put(
    `${base}/exclusions`,
    { config: { access: manage }, schema: { body: zAdChannelExclusionsBody, ...state } },
    async (request) =>
      changeChannel(services, channel, actorOf(request), request.log, {
        kind: 'exclusions',
        targetIds: request.body.targetIds,
      }),
  );

  app.post(`${base}/sync`, { config: { access: manage }, schema: state }, async (request) =>
    changeChannel(services, channel, actorOf(request), request.log, { kind: 'sync' }),
  );

  app.delete(base, { config: { access: manage }, schema: state }, async (request) =>
    disconnect(services, channel, actorOf(request)),
  );
}
