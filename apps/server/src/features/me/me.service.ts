import type { zSettingsUpdate } from '@veracity/contracts/account';
import { DEFAULT_TRANSLATIONS, type Me, type Settings } from '@veracity/contracts/account';
import { ADMIN_PERMISSION, visibleViews } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { countCampaigns } from '../../accounts/campaigns.repo.js';
import type { AuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
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
    // Offers and traffic sources arrive with the firewall issue.
    numOffers: 0,
    numTrafficSources: 0,
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

/** PUT /api/me/settings: the person's part for anyone; the account's part needs account_manage_settings. */
export async function updateSettings(
  services: Services,
  auth: AuthContext,
  update: z.infer<typeof zSettingsUpdate>,
): Promise<void> {
  const { db } = services;
  if (update.account && !auth.permissions.has('account_manage_settings')) {
    throw ApiError.forbidden('You do not have permission to do this');
  }
  if (update.user) {
    const { firstName, jobTitle, timezone } = update.user;
    if (firstName !== undefined || jobTitle !== undefined || timezone !== undefined) {
      await updateUser(db, auth.user.id, {
        ...(firstName === undefined ? {} : { first_name: firstName }),
        ...(jobTitle === undefined ? {} : { job_title: jobTitle }),
        ...(timezone === undefined ? {} : { timezone }),
      });
    }
  }
  if (update.account && auth.relationship) {
    const { companyName, timezone, currency, defaultCpc } = update.account;
    await updateRelationship(db, auth.relationship.id, {
      ...(companyName === undefined ? {} : { company_name: companyName }),
      ...(timezone === undefined ? {} : { timezone }),
      ...(currency === undefined ? {} : { currency: currency.toUpperCase() }),
      ...(defaultCpc === undefined ? {} : { default_cpc: JSON.stringify(defaultCpc) }),
    });
  }
}
