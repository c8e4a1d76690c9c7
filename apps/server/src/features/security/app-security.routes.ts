import { zAppSecurity, zAppSecurityUpdate } from '@veracity/contracts/app-security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import { describeAppSecurity, replaceAppSecurity } from './app-security.service.js';

/** In-app traffic security (view `apk`): the Android apps an account allows and blocks. */
export const appSecurityRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;
    app.get(
      '/security/apps',
      { config: { access: { kind: 'account', view: 'apk' } }, schema: { response: { 200: zAppSecurity } } },
      async (request) => describeAppSecurity(db, accountOf(request).relationship.id, services.clock.now()),
    );
    app.put(
      '/security/apps',
      {
        config: {
          access: { kind: 'account', view: 'apk', permission: 'account_manage_settings', write: true },
        },
        schema: { body: zAppSecurityUpdate, response: { 200: zAppSecurity } },
      },
      async (request) => {
        const relationshipId = accountOf(request).relationship.id;
        await replaceAppSecurity(db, actorOf(request), request.body);
        services.accountChanges.changed(relationshipId);
        return describeAppSecurity(db, relationshipId, services.clock.now());
      },
    );
  };
