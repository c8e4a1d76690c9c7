import { zSessionForensics } from '@veracity/contracts/forensics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { sessionForensics } from './forensics.service.js';

/**
 * GET /api/forensics/sessions/{id} (issue 36; docs/api.md "Session forensics"): a visit by its session
 * id or one of its hits' or conversions' ids, with the evidence behind its verdict. View `forensics`.
 */
export const forensicsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/forensics/sessions/:id',
      {
        config: { access: { kind: 'account', view: 'forensics' } },
        // The id's own shape is checked by the service: a malformed one is INVALID_HIT (spec 01 §8).
        schema: { params: z.object({ id: z.string().max(2048) }), response: { 200: zSessionForensics } },
      },
      async (request) =>
        sessionForensics(services.db, events, accountOf(request).relationship.id, request.params.id),
    );
  };
