import type { HOME_MODES, LoginAsResponse } from '@veracity/contracts/auth';
import { isSelfServicePlan, isViewVisible } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { audit } from '../account/audit.js';
import { findRelationship, type RelationshipRecord } from '../account/relationships.repo.js';
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

/** Opens a customer's account in a ghost session for support staff, every time written to the audit log. */
export async function loginAs(
  db: Kysely<Database>,
  support: AuthContext,
  target: { relationshipId: number; role: string },
  client: { ip: string; userAgent: string | null; dashboardUrl: string },
): Promise<LoginAsResponse> {
  const relationship = await findRelationship(db, target.relationshipId);
  if (!relationship) throw ApiError.notFound('No such account');
  const ghostRole = target.role;
  const token = await createSession(db, {
    userId: support.user.id,
    relationshipId: relationship.id,
    ghost: { role: ghostRole, supportUserId: support.user.id },
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await audit(db, {
    actorUserId: support.user.id,
    relationshipId: relationship.id,
    action: 'support.login_as',
    detail: { ghostRole, supportEmail: support.user.email },
    ip: client.ip,
  });
  const mode = homeMode(relationship);
  const query = new URLSearchParams({ t: token, r: String(relationship.id), g: ghostRole, h: mode });
  return {
    url: `${client.dashboardUrl}/auth/login-as?${query}`,
    token,
    relationshipId: relationship.id,
    ghostRole,
    homeMode: mode,
  };
}
