import { zSupportRelationships } from '@veracity/contracts/account';
import { type HOME_MODES, zLoginAsBody, zLoginAsResponse } from '@veracity/contracts/auth';
import { isSelfServicePlan, isViewVisible } from '@veracity/contracts/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { audit } from '../account/audit.js';
import {
  findRelationship,
  type RelationshipRecord,
  toRelationshipDto,
  toRelationshipRecord,
} from '../account/relationships.repo.js';
import { createSession } from '../auth/sessions.repo.js';

/** Where a support session lands (spec 01 §2, login-as h): the overview when home is the landing. */
function homeMode(relationship: RelationshipRecord): (typeof HOME_MODES)[number] {
  if (!isViewVisible('home', relationship.planType, relationship.accountFeatures)) return 'disabled';
  const defaultLanding = relationship.accountFeatures.some(
    (feature) => feature.name === 'home_default_landing' && feature.value,
  );
  return isSelfServicePlan(relationship.planType) || defaultLanding
    ? 'enabled_and_default_landing'
    : 'enabled_only';
}

/** Support staff open a customer's account in a ghost session, every time written to the audit log. */
export const supportRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/support/relationships',
      {
        config: { access: { kind: 'support' } },
        schema: {
          querystring: z.object({ search: z.string().trim().max(160).optional() }),
          response: { 200: zSupportRelationships },
        },
      },
      async (request) => {
        const search = request.query.search ?? '';
        let query = db.selectFrom('relationships').selectAll().orderBy('company_name').limit(50);
        if (/^\d+$/.test(search)) query = query.where('id', '=', Number(search));
        else if (search) query = query.where('company_name', 'like', `%${search.replace(/[%_\\]/g, '')}%`);
        const rows = await query.execute();
        const counts = await db
          .selectFrom('memberships')
          .select(['relationship_id', (eb) => eb.fn.countAll<number>().as('members')])
          .where('joined_at', 'is not', null)
          .groupBy('relationship_id')
          .execute();
        const members = new Map(counts.map((row) => [row.relationship_id, Number(row.members)]));
        return rows.map((row) => ({
          ...toRelationshipDto(toRelationshipRecord(row)),
          members: members.get(row.id) ?? 0,
          createdAt: row.created_at,
        }));
      },
    );

    app.post(
      '/support/login-as',
      {
        config: { access: { kind: 'support' } },
        schema: { body: zLoginAsBody, response: { 200: zLoginAsResponse } },
      },
      async (request) => {
        const support = userOf(request);
        const relationship = await findRelationship(services.db, request.body.relationshipId);
        if (!relationship) throw ApiError.notFound('No such account');
        const ghostRole = request.body.role;
        const token = await createSession(services.db, {
          userId: support.user.id,
          relationshipId: relationship.id,
          ghost: { role: ghostRole, supportUserId: support.user.id },
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        await audit(services.db, {
          actorUserId: support.user.id,
          relationshipId: relationship.id,
          action: 'support.login_as',
          detail: { ghostRole, supportEmail: support.user.email },
          ip: request.ip,
        });
        const mode = homeMode(relationship);
        const query = new URLSearchParams({ t: token, r: String(relationship.id), g: ghostRole, h: mode });
        return {
          url: `${dashboardBaseUrl(services.config, request)}/auth/login-as?${query}`,
          token,
          relationshipId: relationship.id,
          ghostRole,
          homeMode: mode,
        };
      },
    );
  };
