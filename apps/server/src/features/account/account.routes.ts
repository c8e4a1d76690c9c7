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
import { ApiError } from '../../http/api-error.js';
import { connectionOrigin } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { isUniqueViolation } from '../../storage/oltp/oltp-database.js';
import { audit } from './audit.js';
import { readIpList, replaceIpList } from './ip-lists.js';
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
    const toLabel = (row: { id: number; name: string; color: string; created_at: string }) => ({
      id: row.id,
      name: row.name,
      color: row.color,
      createdAt: row.created_at,
    });
    const labelConflict = (error: unknown): never => {
      if (isUniqueViolation(error)) throw ApiError.conflict([{ code: 'ALREADY_EXISTS', field: 'name' }]);
      throw error;
    };
    app.get(
      '/account/labels',
      { config: { access: { kind: 'account', view: 'labels' } }, schema: { response: { 200: zLabels } } },
      async (request) => {
        const rows = await db
          .selectFrom('labels')
          .selectAll()
          .where('relationship_id', '=', accountOf(request).relationship.id)
          .orderBy('name')
          .execute();
        return rows.map(toLabel);
      },
    );
    app.post(
      '/account/labels',
      { config: { access: labelsWrite }, schema: { body: zLabelBody, response: { 201: zLabel } } },
      async (request, reply) => {
        const row = await db
          .insertInto('labels')
          .values({
            relationship_id: accountOf(request).relationship.id,
            name: request.body.name,
            color: request.body.color,
            created_at: new Date().toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch(labelConflict);
        return reply.code(201).send(toLabel(row));
      },
    );
    app.put(
      '/account/labels/:id',
      {
        config: { access: labelsWrite },
        schema: { params: zIdParams, body: zLabelBody, response: { 200: zLabel } },
      },
      async (request) => {
        const row = await db
          .updateTable('labels')
          .set({ name: request.body.name, color: request.body.color })
          .where('id', '=', request.params.id)
          .where('relationship_id', '=', accountOf(request).relationship.id)
          .returningAll()
          .executeTakeFirst()
          .catch(labelConflict);
        if (!row) throw ApiError.notFound('No such label');
        return toLabel(row);
      },
    );
    app.delete(
      '/account/labels/:id',
      { config: { access: labelsWrite }, schema: { params: zIdParams } },
      async (request, reply) => {
        const result = await db
          .deleteFrom('labels')
          .where('id', '=', request.params.id)
          .where('relationship_id', '=', accountOf(request).relationship.id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw ApiError.notFound('No such label');
        return reply.code(204).send();
      },
    );

    const accessSettings = async (relationshipId: number, enabled: boolean) => ({
      enabled,
      entries: await readIpList(db, relationshipId, 'login_allow'),
    });
    app.get(
      '/account/access-login-settings',
      {
        config: { access: { kind: 'account', view: 'access', permission: 'account_manage_ip_whitelist' } },
        schema: { response: { 200: zLoginAccessSettings } },
      },
      async (request) => {
        const { relationship } = accountOf(request);
        return accessSettings(relationship.id, relationship.loginIpCheck);
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
      async (request) => {
        const auth = accountOf(request);
        const { enabled, entries } = request.body;
        // An empty allow-list would send every login of the account to the admins for approval.
        if (enabled && entries.length === 0) throw ApiError.fields([{ code: 'REQUIRED', field: 'entries' }]);
        await replaceIpList(db, auth.relationship.id, 'login_allow', entries);
        await db
          .updateTable('relationships')
          .set({ login_ip_check: enabled ? 1 : 0 })
          .where('id', '=', auth.relationship.id)
          .execute();
        await audit(db, {
          actorUserId: auth.user.id,
          relationshipId: auth.relationship.id,
          action: 'login_access.updated',
          detail: { enabled, entries: entries.length },
          ip: request.ip,
        });
        return accessSettings(auth.relationship.id, enabled);
      },
    );
  };
