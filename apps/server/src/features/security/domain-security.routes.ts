import { zDomainSecurity, zDomainSecurityUpdate, zSeenDomains } from '@veracity/contracts/domain-security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { actorOf } from '../account/audit.js';
import { domainSecurity, updateDomainSecurity } from './domain-security.service.js';
import { seenDomains } from './seen-domains.repo.js';

const VIEW = 'domain_exclusions';
const PERMISSION = 'account_manage_settings';

/**
 * Domain security (spec 01 §2, /setup/security/domain-security): excluded referring domains, the
 * sensor's domains and what a hit elsewhere becomes; and the hosts the account's hits came from.
 */
export const domainSecurityRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;
    app.get(
      '/security/domains',
      {
        config: { access: { kind: 'account', view: VIEW } },
        schema: { response: { 200: zDomainSecurity } },
      },
      async (request) => domainSecurity(db, accountOf(request).relationship.id),
    );
    app.put(
      '/security/domains',
      {
        config: { access: { kind: 'account', view: VIEW, permission: PERMISSION, write: true } },
        schema: { body: zDomainSecurityUpdate, response: { 200: zDomainSecurity } },
      },
      async (request) => {
        const actor = actorOf(request);
        const updated = await updateDomainSecurity(db, actor, request.body);
        services.accountChanges.changed(actor.relationshipId);
        return updated;
      },
    );
    app.get(
      '/security/domains/seen',
      {
        config: { access: { kind: 'account', view: VIEW } },
        schema: { response: { 200: zSeenDomains } },
      },
      async (request) => seenDomains(events, accountOf(request).relationship.id),
    );
  };
