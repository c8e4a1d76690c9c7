import { zAlert, zAlertBody, zAlertHistory, zAlerts } from '@veracity/contracts/alerts';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import { listAlerts, listFirings, toAlertDto } from './alerts.repo.js';
import {
  ALERT_MANAGER_PERMISSION,
  alertRuleOf,
  changeAlert,
  createAlert,
  removeAlert,
} from './alerts.service.js';

const zIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Reading needs the alerts view (Lite and up, or the flag); changing also the alert managers' permission. */
const read: Access = { kind: 'account', view: 'alerts' };
const change: Access = { kind: 'account', view: 'alerts', permission: ALERT_MANAGER_PERMISSION, write: true };

/** Alerts (spec 01 §7, spec 02 §7): list, create, update, delete (PATCH), and the firing history. */
export const alertsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/alerts',
      { config: { access: read }, schema: { response: { 200: zAlerts, 204: z.null() } } },
      async (request, reply) => {
        const alerts = await listAlerts(db, accountOf(request).relationship.id);
        // Spec 01 §7: no alerts is a 204 (the dashboard shows an empty list).
        if (alerts.length === 0) return reply.code(HTTP_STATUS.NO_CONTENT).send(null);
        return alerts.map(toAlertDto);
      },
    );

    app.get(
      '/alerts/history',
      { config: { access: read }, schema: { response: { 200: zAlertHistory } } },
      async (request) => listFirings(db, accountOf(request).relationship.id),
    );

    app.post(
      '/alerts',
      { config: { access: change }, schema: { body: zAlertBody, response: { 201: zAlert } } },
      async (request, reply) => {
        const rule = alertRuleOf(accountOf(request).relationship, request.body);
        const created = await createAlert(db, actorOf(request), rule);
        return reply.code(HTTP_STATUS.CREATED).send(toAlertDto(created));
      },
    );

    app.put(
      '/alerts/:id',
      {
        config: { access: change },
        schema: { params: zIdParams, body: zAlertBody, response: { 200: zAlert } },
      },
      async (request) => {
        const rule = alertRuleOf(accountOf(request).relationship, request.body);
        return toAlertDto(await changeAlert(db, actorOf(request), request.params.id, rule));
      },
    );

    // Spec 01 §7: PATCH without a body is the delete action.
    app.patch(
      '/alerts/:id',
      { config: { access: change }, schema: { params: zIdParams } },
      async (request, reply) => {
        await removeAlert(db, actorOf(request), request.params.id);
        return reply.code(HTTP_STATUS.NO_CONTENT).send();
      },
    );
  };
