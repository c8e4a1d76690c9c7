import { zRelationship } from '@veracity/contracts/account';
import { zAcceptInvitationBody } from '@veracity/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { acceptInvitation } from './invitations.service.js';
import { toRelationshipDto } from './relationships.repo.js';

/** Invitations to people who already have a login: accepted while signed in (or by logging in). */
export const invitationsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/me/invitations/accept',
      {
        config: { access: { kind: 'user', noGhost: true } },
        schema: { body: zAcceptInvitationBody, response: { 200: zRelationship } },
      },
      async (request) =>
        toRelationshipDto(await acceptInvitation(services.db, userOf(request).user, request.body.token)),
    );
  };
