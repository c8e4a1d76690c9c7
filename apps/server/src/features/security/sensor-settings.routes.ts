import { zSensorSettings, zSensorSettingsAnswer } from '@veracity/contracts/sensor-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { actorOf } from '../account/audit.js';
import {
  describeSensorSettings,
  readSensorSettings,
  updateSensorSettings,
} from './sensor-settings.service.js';

const VIEW = 'js_settings';

/** /setup/security/javascript-settings: the account's JavaScript sensor settings (issue 40). */
export const sensorSettingsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = services;

    app.get(
      '/security/sensor-settings',
      {
        config: { access: { kind: 'account', view: VIEW } },
        schema: { response: { 200: zSensorSettingsAnswer } },
      },
      async (request) => {
        const { relationship } = accountOf(request);
        const settings = await readSensorSettings(db, relationship.id);
        return describeSensorSettings(settings, relationship.sensorKey, {
          serverUrl: dashboardBaseUrl(config, request),
          sensorPath: config.sensorPath,
        });
      },
    );

    app.put(
      '/security/sensor-settings',
      {
        config: {
          access: { kind: 'account', view: VIEW, permission: 'account_manage_settings', write: true },
        },
        schema: { body: zSensorSettings, response: { 200: zSensorSettingsAnswer } },
      },
      async (request) => {
        const { relationship } = accountOf(request);
        const settings = await updateSensorSettings(db, actorOf(request), request.body);
        services.accountChanges.changed(relationship.id);
        return describeSensorSettings(settings, relationship.sensorKey, {
          serverUrl: dashboardBaseUrl(config, request),
          sensorPath: config.sensorPath,
        });
      },
    );
  };
