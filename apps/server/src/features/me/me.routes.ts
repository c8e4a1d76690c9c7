import {
  zApiKeys,
  zCreateApiKeyBody,
  zCreatedApiKey,
  zDeleteApiKeyBody,
  zMe,
  zPermissions,
  zRelationships,
  zRoles,
  zSettings,
  zSettingsUpdate,
} from '@veracity/contracts/account';
import { sensorScriptPath } from '@veracity/contracts/collect';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listApiKeys } from '../../accounts/api-keys.js';
import { accountOf, userOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import { findRelationship, relationshipsOfUser, toRelationshipDto } from '../account/relationships.repo.js';
import { rolesOf } from '../account/roles.repo.js';
import { findUserById } from '../users/users.repo.js';
import {
  createAccountApiKey,
  describeMe,
  describeSettings,
  revokeApiKey,
  updateSettings,
} from './me.service.js';

/**
 * The signed-in person: profile, accounts, permissions, settings, API keys. The traffic IP lists'
 * /me/ip-whitelist and /me/ip-blacklist belong to the IP settings screen (security/ip-settings.routes.ts).
 */
export const meRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;
    app.get(
      '/me',
      { config: { access: { kind: 'user', allowUnverified: true } }, schema: { response: { 200: zMe } } },
      async (request) => {
        const serverUrl = dashboardBaseUrl(services.config, request);
        return describeMe(db, userOf(request), {
          serverUrl,
          sensorScriptUrl: `${serverUrl}${sensorScriptPath(services.config.sensorPath)}`,
        });
      },
    );

    app.get(
      '/me/relationships',
      { config: { access: { kind: 'user' } }, schema: { response: { 200: zRelationships } } },
      async (request) => {
        const auth = userOf(request);
        // A support session sees the one account it was opened for.
        if (auth.ghost) return auth.relationship ? [toRelationshipDto(auth.relationship)] : [];
        return (await relationshipsOfUser(db, auth.user.id)).map(toRelationshipDto);
      },
    );

    app.get(
      '/me/permissions',
      { config: { access: { kind: 'user' } }, schema: { response: { 200: zPermissions } } },
      // Before an account is chosen there is no permission yet: an empty set, so the dashboard's
      // guard can go on to the account selector.
      async (request) => [...userOf(request).permissions].sort(),
    );

    app.get(
      '/list-roles',
      { config: { access: { kind: 'account' } }, schema: { response: { 200: zRoles } } },
      async (request) => rolesOf(db, accountOf(request).relationship.id),
    );

    app.get(
      '/me/settings',
      { config: { access: { kind: 'account' } }, schema: { response: { 200: zSettings } } },
      async (request) => describeSettings(accountOf(request)),
    );

    app.put(
      '/me/settings',
      {
        config: { access: { kind: 'account', write: true } },
        schema: { body: zSettingsUpdate, response: { 200: zSettings } },
      },
      async (request) => {
        const auth = accountOf(request);
        await updateSettings(services, auth, request.body, request.ip);
        const user = await findUserById(db, auth.user.id);
        const fresh = await findRelationship(db, auth.relationship.id);
        if (!user || !fresh) throw ApiError.notFound();
        return describeSettings({ ...auth, user, relationship: fresh });
      },
    );

    const keysAccess = {
      kind: 'account',
      view: 'developers_settings',
      permission: 'account_manage_integrations',
    } as const;
    app.get(
      '/me/keys',
      { config: { access: keysAccess }, schema: { response: { 200: zApiKeys } } },
      async (request) => listApiKeys(db, accountOf(request).relationship.id),
    );
    app.post(
      '/me/keys',
      {
        config: { access: { ...keysAccess, write: true } },
        schema: { body: zCreateApiKeyBody, response: { 201: zCreatedApiKey } },
      },
      async (request, reply) =>
        reply.code(201).send(await createAccountApiKey(db, actorOf(request), request.body.name)),
    );
    app.delete(
      '/me/keys',
      { config: { access: { ...keysAccess, write: true } }, schema: { body: zDeleteApiKeyBody } },
      async (request, reply) => {
        await revokeApiKey(db, actorOf(request), request.body.key);
        return reply.code(204).send();
      },
    );
  };
