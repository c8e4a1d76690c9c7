import type { Relationship } from '@veracity/contracts/account';
import {
  type AccountFeature,
  ADMIN_PERMISSION,
  type PermissionKey,
  type PlanType,
  zPermissionKey,
  zPlanType,
} from '@veracity/contracts/plans';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@veracity/contracts/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { z } from 'zod';
import type { Database, RelationshipsTable } from '../../storage/oltp/schema.js';

/** A relationship (company account) as the services use it. */
export interface RelationshipRecord {
  id: number;
  companyName: string;
  planType: PlanType;
  vertical: string | null;
  active: boolean;
  paymentUrl: string | null;
  accountFeatures: AccountFeature[];
  trialExpiresAt: string | null;
  translations: Record<string, string>;
  allowedVars: number;
  sensorIntegrated: boolean;
  sensorKey: string;
  /** The account's IANA time zone; UTC when the stored value is not one (see unusableTimezone). */
  timezone: string;
  /** A stored time zone that is not IANA (an old or damaged value), which queries replace with UTC. */
  unusableTimezone: string | null;
  currency: string;
  defaultCpc: Record<string, number>;
  loginIpCheck: boolean;
}

const zFeatures = z.array(z.object({ name: z.string(), value: z.boolean() }));
const zStringMap = z.record(z.string(), z.string());
const zNumberMap = z.record(z.string(), z.number());

/** JSON columns are parsed defensively: a damaged value reads as empty rather than failing a request. */
function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function toRelationshipRecord(row: Selectable<RelationshipsTable>): RelationshipRecord {
  return {
    id: row.id,
    companyName: row.company_name,
    planType: zPlanType.catch('custom').parse(row.plan_type),
    vertical: row.vertical,
    active: row.active === 1,
    paymentUrl: row.payment_url,
    accountFeatures: parseJson(row.account_features, zFeatures, []),
    trialExpiresAt: row.trial_expires_at,
    translations: parseJson(row.translations, zStringMap, {}),
    allowedVars: row.allowed_vars,
    sensorIntegrated: row.sensor_integrated === 1,
    sensorKey: row.sensor_key,
    // A damaged zone must not turn the account's queries into errors: they run in UTC (and the
    // places that run them log a warning, warnUnusableTimeZone).
    timezone: isTimeZone(row.timezone) ? row.timezone : DEFAULT_TIME_ZONE,
    unusableTimezone: isTimeZone(row.timezone) ? null : row.timezone,
    currency: row.currency,
    defaultCpc: parseJson(row.default_cpc, zNumberMap, {}),
    loginIpCheck: row.login_ip_check === 1,
  };
}

/** Logs that an account's stored time zone is unusable and its queries run in UTC. */
export function warnUnusableTimeZone(record: RelationshipRecord, log: FastifyBaseLogger): void {
  if (record.unusableTimezone === null) return;
  log.warn(
    { relationshipId: record.id, timezone: record.unusableTimezone },
    'the account time zone is not an IANA name: its queries use UTC until it is set again',
  );
}

export function toRelationshipDto(record: RelationshipRecord): Relationship {
  return {
    id: record.id,
    companyName: record.companyName,
    active: record.active,
    paymentUrl: record.paymentUrl,
    vertical: record.vertical,
    planType: record.planType,
    accountFeatures: record.accountFeatures,
  };
}

export async function findRelationship(
  db: Kysely<Database>,
  id: number,
): Promise<RelationshipRecord | undefined> {
  const row = await db.selectFrom('relationships').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRelationshipRecord(row) : undefined;
}

/** Turns the account's login IP check on or off (spec 01 §7, access). */
export function setLoginIpCheck(db: Kysely<Database>, id: number, enabled: boolean): Promise<void> {
  return updateRelationship(db, id, { login_ip_check: enabled ? 1 : 0 });
}

/** The relationships a user has joined (pending invitations excluded), by company name. */
export async function relationshipsOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<RelationshipRecord[]> {
  const rows = await db
    .selectFrom('relationships')
    .innerJoin('memberships', 'memberships.relationship_id', 'relationships.id')
    .selectAll('relationships')
    .where('memberships.user_id', '=', userId)
    .where('memberships.joined_at', 'is not', null)
    .orderBy('relationships.company_name')
    .execute();
  return rows.map(toRelationshipRecord);
}

/** A member of a relationship as the users list shows it; `joined_at` null while invited. */
export interface MemberRow {
  id: number;
  email: string;
  first_name: string;
  active: number;
  last_login_at: string | null;
  joined_at: string | null;
  invited_at: string | null;
}

/**
 * The members of a relationship, joined or invited, by address. `demoMembersOnly` leaves out anyone
 * who has joined an account that is not a demo (the users list of a demo account).
 */
export async function membersOf(
  db: Kysely<Database>,
  relationshipId: number,
  options: { demoMembersOnly: boolean },
): Promise<MemberRow[]> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.active',
      'users.last_login_at',
      'memberships.joined_at',
      'memberships.invited_at',
    ])
    .where('memberships.relationship_id', '=', relationshipId);
  if (options.demoMembersOnly) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as other')
            .innerJoin('relationships', 'relationships.id', 'other.relationship_id')
            .select('other.user_id')
            .whereRef('other.user_id', '=', 'users.id')
            .where('other.joined_at', 'is not', null)
            .where('relationships.plan_type', '!=', 'demo'),
        ),
      ),
    );
  }
  return query.orderBy('users.email').execute();
}

/** The roles each member holds in a relationship. */
export function memberRolesOf(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<{ user_id: number; id: number; name: string }[]> {
  return db
    .selectFrom('membership_roles')
    .innerJoin('roles', 'roles.id', 'membership_roles.role_id')
    .select(['membership_roles.user_id', 'roles.id', 'roles.name'])
    .where('membership_roles.relationship_id', '=', relationshipId)
    .orderBy('roles.id')
    .execute();
}

/** Marks an invited membership joined; false when there is none pending (withdrawn or joined). */
export async function joinPendingMembership(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
): Promise<boolean> {
  const joined = await db
    .updateTable('memberships')
    .set({ joined_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('relationship_id', '=', relationshipId)
    .where('joined_at', 'is', null)
    .executeTakeFirst();
  return Number(joined.numUpdatedRows) > 0;
}

/** Whether every account a user has joined is a demo account (false for a user with none). */
export async function belongsOnlyToDemoAccounts(db: Kysely<Database>, userId: number): Promise<boolean> {
  const plans = await db
    .selectFrom('memberships')
    .innerJoin('relationships', 'relationships.id', 'memberships.relationship_id')
    .select('relationships.plan_type')
    .where('memberships.user_id', '=', userId)
    .where('memberships.joined_at', 'is not', null)
    .execute();
  return plans.length > 0 && plans.every((row) => row.plan_type === 'demo');
}

/** The union of the permissions of a member's roles in a relationship; empty for non-members. */
export async function permissionsOf(
  db: Kysely<Database>,
  userId: number,
  relationshipId: number,
): Promise<Set<PermissionKey>> {
  const rows = await db
    .selectFrom('membership_roles')
    .innerJoin('roles', 'roles.id', 'membership_roles.role_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'membership_roles.user_id')
        .onRef('memberships.relationship_id', '=', 'membership_roles.relationship_id'),
    )
    .select('roles.permissions')
    .where('membership_roles.user_id', '=', userId)
    .where('membership_roles.relationship_id', '=', relationshipId)
    .where('memberships.joined_at', 'is not', null)
    .execute();
  const keys = new Set<PermissionKey>();
  for (const row of rows) {
    for (const key of parseJson(row.permissions, z.array(z.string()), [])) {
      const parsed = zPermissionKey.safeParse(key);
      if (parsed.success) keys.add(parsed.data);
    }
  }
  return keys;
}

/** The active members of a relationship who hold the admin permission (account_manage_users). */
export function adminsOf(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<{ id: number; email: string }[]> {
  return membersWithPermission(db, relationshipId, ADMIN_PERMISSION);
}

/** The active members of a relationship (active users) who hold a permission. */
export async function membersWithPermission(
  db: Kysely<Database>,
  relationshipId: number,
  permission: PermissionKey,
): Promise<{ id: number; email: string; firstName: string }[]> {
  const members = await db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name'])
    .where('memberships.relationship_id', '=', relationshipId)
    .where('memberships.joined_at', 'is not', null)
    .where('users.active', '=', 1)
    .orderBy('users.id')
    .execute();
  const holders: { id: number; email: string; firstName: string }[] = [];
  for (const member of members) {
    if ((await permissionsOf(db, member.id, relationshipId)).has(permission)) {
      holders.push({ id: member.id, email: member.email, firstName: member.first_name });
    }
  }
  return holders;
}

/** Creates a company account from its row; returns its id. */
export async function insertRelationship(
  db: Kysely<Database>,
  values: Insertable<RelationshipsTable>,
): Promise<number> {
  const row = await db.insertInto('relationships').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRelationship(
  db: Kysely<Database>,
  id: number,
  values: Updateable<RelationshipsTable>,
): Promise<void> {
  await db.updateTable('relationships').set(values).where('id', '=', id).execute();
}

/** Whether any account exists yet: the first start seeds them only into an empty store. */
export async function anyRelationshipExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('relationships').select('id').limit(1).executeTakeFirst()) !== undefined;
}
