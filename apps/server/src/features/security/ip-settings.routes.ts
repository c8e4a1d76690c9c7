import { zIpList } from '@veracity/contracts/account';
import { zIpExclusionLists, zTrafficIpListUpdate } from '@veracity/contracts/ip-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import { readIpList } from '../account/ip-lists.repo.js';
import { ipExclusionLists, replaceTrafficIpList, type TrafficIpListName } from './ip-settings.service.js';

const read = { kind: 'account', view: 'ip_settings' } as const;
const manage = { ...read, permission: 'account_manage_ip_whitelist', write: true } as const;

/**
 * The IP settings screen (/setup/security/ip-settings): the traffic IP lists, read and replaced whole at
 * the paths existing clients call (/me/ip-whitelist, /me/ip-blacklist), and the Google Ads exclusion
 * engine's dynamic IP lists (/security/ip-lists).
 */
export const ipSettingsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;
    const trafficList = (path: string, list: TrafficIpListName) => {
      app.get(
        path,
        { config: { access: read }, schema: { response: { 200: zIpList } } },
        async (request) => ({ entries: await readIpList(db, accountOf(request).relationship.id, list) }),
      );
      app.post(
        path,
        {
          config: { access: manage },
          schema: { body: zTrafficIpListUpdate, response: { 200: zIpList } },
        },
        async (request) => {
          const actor = actorOf(request);
          const entries = await replaceTrafficIpList(db, actor, list, request.body.entries);
          services.accountChanges.changed(actor.relationshipId);
          return { entries };
        },
      );
    };
    trafficList('/me/ip-whitelist', 'traffic_allow');
    trafficList('/me/ip-blacklist', 'traffic_deny');

    app.get(
      '/security/ip-lists',
      { config: { access: read }, schema: { response: { 200: zIpExclusionLists } } },
      async (request) => ipExclusionLists(services, accountOf(request).relationship.id),
    );
  };
