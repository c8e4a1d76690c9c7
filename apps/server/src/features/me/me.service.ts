import type { zSettingsUpdate } from '@veracity/contracts/account';
import { type ApiKey, DEFAULT_TRANSLATIONS, type Me, type Settings } from '@veracity/contracts/account';
import { ADMIN_PERMISSION, visibleViews } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { createApiKey, deleteApiKey, listApiKeys } from '../../accounts/api-keys.js';
import { countCampaigns } from '../../accounts/campaigns.repo.js';
import { countOffers } from '../../accounts/offers.repo.js';
import { countTrafficSources } from '../../accounts/traffic-sources.repo.js';
import type { AuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, type AuditChange, audit, changesOf } from '../account/audit.js';
import { updateRelationship } from '../account/relationships.repo.js';
import { updateUser } from '../users/users.repo.js';

/** GET /api/me: the person, and the selected account's facts and gating when the token is bound. */
export async function describeMe(
  db: Kysely<Database>,
  auth: AuthContext,
  urls: Pick<Me, 'serverUrl' | 'sensorScriptUrl'>,
): Promise<Me> {
  const { user, relationship } = auth;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    jobTitle: user.jobTitle,
    emailVerified: user.emailVerified,
    isSupport: user.isSupport,
    ghost: auth.ghost,
    ghostRole: auth.ghost ? auth.session.ghost_role : null,
    relationshipId: relationship?.id ?? null,
    companyName: relationship?.companyName ?? null,
    planType: relationship?.planType ?? null,
    accountFeatures: relationship?.accountFeatures ?? [],
    vertical: relationship?.vertical ?? null,
    translations: { ...DEFAULT_TRANSLATIONS, ...(relationship?.translations ?? {}) },
    trialExpiresAt: relationship?.trialExpiresAt ?? null,
    sensorIntegrated: relationship?.sensorIntegrated ?? false,
    // Public by design: the snippet on the account's pages carries it (docs/integration.md).
    sensorKey: relationship?.sensorKey ?? null,
    ...urls,
    numCampaigns: relationship ? await countCampaigns(db, relationship.id) : 0,
    numOffers: relationship ? await countOffers(db, relationship.id) : 0,
    numTrafficSources: relationship ? await countTrafficSources(db, relationship.id) : 0,
    allowedVars: relationship?.allowedVars ?? 4,
    isAdmin: auth.permissions.has(ADMIN_PERMISSION),
    isDemo: relationship?.planType === 'demo' || auth.demoUser,
    visibleViews: relationship ? visibleViews(relationship.planType, relationship.accountFeatures) : [],
  };
}

export function describeSettings(auth: AuthContext): Settings {
  const { user, relationship } = auth;
  return {
    user: { firstName: user.firstName, jobTitle: user.jobTitle, timezone: user.timezone },
    account: relationship
      ? {
          companyName: relationship.companyName,
          timezone: relationship.timezone,
          currency: relationship.currency,
          defaultCpc: relationship.defaultCpc,
        }
      : null,
    invitedUser: user.invited,
  };
}

/**
 * PUT /api/me/settings: the person's part for anyone; the account's part needs account_manage_settings.
 * One transaction writes both and the audit entry of what changed.
 */
export async function updateSettings(
  services: Services,
  auth: AuthContext,
  update: z.infer<typeof zSettingsUpdate>,
  ip: string | null,
): Promise<void> {
  const { db } = services;
  if (update.account && !auth.permissions.has('account_manage_settings')) {
    throw ApiError.forbidden('You do not have permission to do this');
  }
  await db.transaction().execute(async (trx) => {
    const changes: Record<string, AuditChange> = {};
    if (update.user) {
      const { firstName, jobTitle, timezone } = update.user;
      if (firstName !== undefined || jobTitle !== undefined || timezone !== undefined) {
        await updateUser(trx, auth.user.id, {
          ...(firstName === undefined ? {} : { first_name: firstName }),
          ...(jobTitle === undefined ? {} : { job_title: jobTitle }),
          ...(timezone === undefined ? {} : { timezone }),
        });
        const changed = changesOf(auth.user, { firstName, jobTitle, timezone });
        for (const [field, change] of Object.entries(changed)) changes[`user.${field}`] = change;
      }
    }
    if (update.account && auth.relationship) {
      const { companyName, timezone, currency, defaultCpc } = update.account;
      await updateRelationship(trx, auth.relationship.id, {
        ...(companyName === undefined ? {} : { company_name: companyName }),
        ...(timezone === undefined ? {} : { timezone }),
        ...(currency === undefined ? {} : { currency: currency.toUpperCase() }),
        ...(defaultCpc === undefined ? {} : { default_cpc: JSON.stringify(defaultCpc) }),
      });
      const before = auth.relationship;
      const changed = changesOf(
        { ...before, defaultCpc: JSON.stringify(before.defaultCpc) },
        {
          companyName,
          timezone,
          currency: currency?.toUpperCase(),
          defaultCpc: defaultCpc === undefined ? undefined : JSON.stringify(defaultCpc),
        },
      );
      for (const [field, change] of Object.entries(changed)) changes[`account.${field}`] = change;
    }
    if (Object.keys(changes).length === 0) return;
    await audit(trx, {
      actorUserId: auth.user.id,
      relationshipId: auth.relationship?.id ?? null,
      action: 'settings.updated',
      detail: changes,
      ip,
    });
  });
}

/** POST /api/me/keys: a new API key of the account; the key itself is in the answer only, never audited. */
export function createAccountApiKey(
  db: Kysely<Database>,
  actor: AuditActor,
  name: string,
): Promise<ApiKey & { key: string }> {
  return db.transaction().execute(async (trx) => {
    const created = await createApiKey(trx, actor.relationshipId, actor.actorUserId, name);
    await audit(trx, {
      ...actor,
      action: 'api_key.created',
      detail: { id: created.id, name: created.name, prefix: created.prefix },
    });
    return created;
  });
}

/** DELETE /api/me/keys: revokes one of the account's keys (404 for another account's). */
export async function revokeApiKey(db: Kysely<Database>, actor: AuditActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const key = (await listApiKeys(trx, actor.relationshipId)).find((listed) => listed.id === id);
    if (!key || !(await deleteApiKey(trx, actor.relationshipId, id))) throw ApiError.notFound('No such key');
    await audit(trx, {
      ...actor,
      action: 'api_key.deleted',
      detail: { id, name: key.name, prefix: key.prefix },
    });
  });
}
