import {
  zConversionPostbacks,
  zHeldConversions,
  zHeldConversionsQuery,
  zPostbackSecret,
  zReleaseConversionsAnswer,
  zReleaseConversionsBody,
} from '@veracity/contracts/postbacks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findPostbackSecurity } from '../../accounts/postback-security.repo.js';
import { accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { postbackDeliveryLog } from '../../postbacks/postback-delivery.service.js';
import { postbackSecret } from '../../postbacks/postback-secret.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { firewallAccess } from './firewall-http.js';
import { listHeldConversions, releaseHeldConversions } from './held-conversions.service.js';

const VIEW = 'firewall_campaigns';
const zConversionParams = z.object({ id: z.string().min(1).max(128) });

/**
 * Conversions of firewall clicks (issue 34): the held ones and their release, each one's postback
 * delivery log, and the account's postback signing secret. A conversion belongs to its campaign, so the
 * campaign permissions apply: reading needs campaign_view, releasing (it reports the conversion to the
 * traffic source, as a campaign that delivers its tier would) campaign_edit; the signing secret is the
 * account's setting (account_manage_settings).
 */
export const heldConversionsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sensors/firewall/conversions',
      {
        config: { access: firewallAccess(VIEW, 'campaign_view') },
        schema: { querystring: zHeldConversionsQuery, response: { 200: zHeldConversions } },
      },
      async (request) =>
        listHeldConversions(services, events, accountOf(request).relationship.id, request.query),
    );

    app.post(
      '/sensors/firewall/conversions/release',
      {
        config: { access: firewallAccess(VIEW, 'campaign_edit', true) },
        schema: { body: zReleaseConversionsBody, response: { 200: zReleaseConversionsAnswer } },
      },
      async (request) =>
        releaseHeldConversions(services, events, accountOf(request), request.body.ids, request.ip),
    );

    app.get(
      '/sensors/firewall/conversions/:id/postbacks',
      {
        config: { access: firewallAccess(VIEW, 'campaign_view') },
        schema: { params: zConversionParams, response: { 200: zConversionPostbacks } },
      },
      async (request) =>
        postbackDeliveryLog(services.db, accountOf(request).relationship.id, request.params.id),
    );

    app.get(
      '/sensors/firewall/postback-secret',
      {
        config: { access: firewallAccess(VIEW, 'account_manage_settings') },
        schema: { response: { 200: zPostbackSecret } },
      },
      async (request) => {
        const relationshipId = accountOf(request).relationship.id;
        // Once rotated (postback security screen), the secret was shown once and is not shown again.
        if ((await findPostbackSecurity(services.db, relationshipId))?.secretSealed) {
          throw ApiError.conflict(
            'The postback secret was rotated: it is shown once, when rotated on the postback security screen',
          );
        }
        return {
          secret: postbackSecret(services.config.secretKey, relationshipId),
          algorithm: 'HMAC-SHA256' as const,
        };
      },
    );
  };
