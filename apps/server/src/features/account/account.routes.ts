import {
  zAccountUser,
  zAccountUsers,
  zGrantRolesBody,
  zInviteBody,
  zLabel,
  zLabelBody,
  zLabels,
  zLoginAccessSettings,
  zLoginAccessUpdate,
  zPaymentPage,
  zRevokeRolesBody,
} from '@veracity/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/access.js';
import { connectionOrigin } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { actorOf } from './audit.js';
import { createLabel, listLabels, removeLabel, renameLabel } from './labels.service.js';
import { loginAccessSettings, updateLoginAccess } from './login-access.service.js';
import { grantUserRoles, inviteUser, listAccountUsers, revokeUserRoles } from './users.service.js';

const zIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Account administration: payment page, users, labels, login IP allow-list (spec 01 §7). */
export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/account/payment-page',
      { config: { access: { kind: 'account' } }, schema: { response: { 200: zPaymentPage } } },
      async (request) => ({ url: accountOf(request).relationship.paymentUrl }),
    );

    const usersAccess = { kind: 'account', permission: 'account_manage_users', noGhost: true } as const;
    app.get(
      '/account/users',
      { config: { access: usersAccess }, schema: { response: { 200: zAccountUsers } } },
      async (request) => listAccountUsers(db, accountOf(request).relationship),
    );
    app.post(
      '/account/invite',
      {
        config: { access: { ...usersAccess, write: true } },
        schema: { body: zInviteBody, response: { 201: zAccountUser } },
      },
      async (request, reply) => {
        const user = await inviteUser(
          services,
          accountOf(request),
          request.body.email,
          request.body.roleIds,
          connectionOrigin(request),
        );
        return reply.code(201).send(user);
      },
    );
    app.put(
      '/account/users/:id',
      {
        config: { access: { ...usersAccess, write: true } },
        schema: { params: zIdParams, body: zGrantRolesBody, response: { 200: zAccountUser } },
      },
      async (request) =>
        grantUserRoles(services, accountOf(request), request.params.id, request.body.roleIds),
    );
    app.delete(
      '/account/users/:id',
      {
        config: { access: { ...usersAccess, write: true } },
        schema: { params: zIdParams, body: zRevokeRolesBody.optional() },
      },
      async (request, reply) => {
        await revokeUserRoles(services, accountOf(request), request.params.id, request.body?.roleIds);
        return reply.code(204).send();
      },
    );

    const labelsWrite = { kind: 'account', permission: 'account_manage_labels', write: true } as const;
    app.get(
      '/account/labels',
      { config: { access: { kind: 'account', view: 'labels' } }, schema: { response: { 200: zLabels } } },
      async (request) => listLabels(db, accountOf(request).relationship.id),
    );
    app.post(
      '/account/labels',
      { config: { access: labelsWrite }, schema: { body: zLabelBody, response: { 201: zLabel } } },
      async (request, reply) => reply.code(201).send(await createLabel(db, actorOf(request), request.body)),
    );
    app.put(
      '/account/labels/:id',
      {
        config: { access: labelsWrite },
        schema: { params: zIdParams, body: zLabelBody, response: { 200: zLabel } },
      },
      async (request) => renameLabel(db, actorOf(request), request.params.id, request.body),
    );
    app.delete(
      '/account/labels/:id',
      { config: { access: labelsWrite }, schema: { params: zIdParams } },
      async (request, reply) => {
        await removeLabel(db, actorOf(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/account/access-login-settings',
      {
        config: { access: { kind: 'account', view: 'access', permission: 'account_manage_ip_whitelist' } },
        schema: { response: { 200: zLoginAccessSettings } },
      },
      async (request) => {
        const { relationship } = accountOf(request);
        return loginAccessSettings(db, relationship.id, relationship.loginIpCheck);
      },
    );
    app.put(
      '/account/access-login-settings',
      {
        config: {
          access: { kind: 'account', view: 'access', permission: 'account_manage_ip_whitelist', write: true },
        },
        schema: { body: zLoginAccessUpdate, response: { 200: zLoginAccessSettings } },
      },
      async (request) => updateLoginAccess(db, accountOf(request), request.body, request.ip),
    );
  };
