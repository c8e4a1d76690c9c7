import { type AccountFeature, type PlanType, TRIAL_DAYS } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import { newSecret } from '../../accounts/secrets.js';
import type { Database } from '../../storage/oltp/schema.js';
import { insertMembership, insertMembershipRoles } from './memberships.repo.js';
import { insertRelationship } from './relationships.repo.js';
import { builtInRoleId } from './roles.repo.js';

export interface NewRelationship {
  companyName: string;
  planType: PlanType;
  vertical?: string | null;
  accountFeatures?: AccountFeature[];
  timezone?: string;
  paymentUrl?: string | null;
  sensorIntegrated?: boolean;
  /** Cost per click by paid channel, for savings until ad-platform costs arrive. */
  defaultCpc?: Record<string, number>;
}

/** Creates a company account; a free trial gets its 14-day expiry. Returns its id. */
export async function createRelationship(
  db: Kysely<Database>,
  relationship: NewRelationship,
): Promise<number> {
  const now = new Date();
  const trialExpiresAt =
    relationship.planType === 'free_trial'
      ? new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString()
      : null;
  return insertRelationship(db, {
    company_name: relationship.companyName,
    plan_type: relationship.planType,
    vertical: relationship.vertical ?? null,
    payment_url: relationship.paymentUrl ?? null,
    account_features: JSON.stringify(relationship.accountFeatures ?? []),
    trial_expires_at: trialExpiresAt,
    sensor_key: `vs_${newSecret(18)}`,
    sensor_integrated: relationship.sensorIntegrated ? 1 : 0,
    timezone: relationship.timezone ?? 'UTC',
    ...(relationship.defaultCpc ? { default_cpc: JSON.stringify(relationship.defaultCpc) } : {}),
    created_at: now.toISOString(),
  });
}

/** Adds a user to a relationship with roles; `joined` false leaves the membership pending (invitation). */
export async function addMember(
  db: Kysely<Database>,
  member: {
    userId: number;
    relationshipId: number;
    roleIds: number[];
    joined: boolean;
    invitedBy?: number | null;
  },
): Promise<void> {
  const now = new Date().toISOString();
  await insertMembership(db, {
    user_id: member.userId,
    relationship_id: member.relationshipId,
    invited_by: member.invitedBy ?? null,
    invited_at: member.invitedBy ? now : null,
    joined_at: member.joined ? now : null,
    created_at: now,
  });
  await grantRoles(db, member.userId, member.relationshipId, member.roleIds);
}

/** Grants roles in a relationship; roles the member already holds are left as they are. */
export function grantRoles(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
  roleIds: readonly number[],
): Promise<void> {
  return insertMembershipRoles(db, userId, relationshipId, roleIds);
}

export async function adminRoleId(db: Kysely<Database>): Promise<number> {
  return builtInRoleId(db, 'Admin');
}
