import type {
  GoogleAdsAccount,
  GoogleAdsCampaign,
  GoogleAdsState,
  zGoogleAdsSettingsPatch,
} from '@veracity/contracts/google-ads';
import { zGoogleAdsCampaign } from '@veracity/contracts/google-ads';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import {
  GoogleAdsAuthError,
  GoogleAdsQuotaError,
  GoogleAdsRequestError,
} from '../../integrations/google-ads/google-ads-api.js';
import { OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit, changesOf } from '../account/audit.js';
import {
  type AdAccountRow,
  type AdCampaignRow,
  deleteHierarchy,
  findSettings,
  listAdAccounts,
  listAdCampaigns,
  saveSettings,
  setActiveAccounts,
} from './google-ads.repo.js';
import { publicSettings, readStoredSettings, type StoredGoogleAdsSettings } from './google-ads-settings.js';
import { TRACKING_PARAMETERS, TRACKING_TEMPLATE } from './tracking-template.js';

/**
 * The Google integration state (spec 02 §3) and the linking's choices: the accounts to protect, the
 * settings, the tracking template, unlinking. Connecting and reading the hierarchy are in
 * google-ads-linking.service.ts.
 */

const PROVIDER = 'google_ads' as const;

function accountOf(row: AdAccountRow): GoogleAdsAccount {
  return {
    customerId: row.customer_id,
    name: row.name,
    managerCustomerId: row.manager_customer_id,
    isManager: row.is_manager === 1,
    currency: row.currency,
    timeZone: row.time_zone,
    active: row.active === 1,
    level: row.level,
  };
}

function campaignOf(row: AdCampaignRow): GoogleAdsCampaign {
  const parsed = zGoogleAdsCampaign.safeParse({
    customerId: row.customer_id,
    campaignId: row.campaign_id,
    name: row.name,
    type: row.type,
    status: row.status,
  });
  if (parsed.success) return parsed.data;
  return {
    customerId: row.customer_id,
    campaignId: row.campaign_id,
    name: row.name,
    type: 'UNCATEGORIZED',
    status: 'UNKNOWN',
  };
}

export async function googleAdsState(services: Services, relationshipId: number): Promise<GoogleAdsState> {
  const { db } = services;
  const [connection, accountRows, campaignRows, settingsRow] = await Promise.all([
    services.googleAds.tokens.status(relationshipId, PROVIDER),
    listAdAccounts(db, relationshipId),
    listAdCampaigns(db, relationshipId),
    findSettings(db, relationshipId),
  ]);
  const settings = readStoredSettings(settingsRow?.settings);
  const accounts = accountRows.map(accountOf);
  const activeIds = new Set(
    accounts.filter((account) => account.active).map((account) => account.customerId),
  );
  const campaigns = campaignRows.map(campaignOf);
  const connected = connection === 'connected';
  const anyActive = activeIds.size > 0;
  const activeCampaigns = campaigns.filter((campaign) => activeIds.has(campaign.customerId));
  return {
    connection,
    gAdsSetupStatus: [connected, connected && anyActive, stepTwoReady(settings)],
    accounts,
    campaigns,
    areAllAccountsInactive: !anyActive,
    settings: publicSettings(settings),
    errors: {
      integration: connected,
      account: anyActive,
      campaign: activeCampaigns.length > 0,
      // The audience needs a live connection and an account to hold the list, when it is wanted.
      audience: !settings.audienceExclusion || (connected && anyActive),
    },
    skipTT: settings.skipTrackingTemplate,
    trackingTemplate: TRACKING_TEMPLATE,
    trackingParameters: TRACKING_PARAMETERS,
    // What the exclusion sync (exclusion-sync.service.ts) left: nothing until it has run.
    audience: {
      userList: settingsRow?.audience_user_list ?? null,
      campaignsExcluded: settingsRow?.audience_campaigns_excluded ?? 0,
      campaignsNotAllowed: settingsRow?.audience_campaigns_not_allowed ?? 0,
    },
    lastSyncAt: settingsRow?.last_sync_at ?? null,
    lastSyncError: settingsRow?.last_sync_error ?? null,
    configured: services.googleAds.oauth !== null && services.googleAds.api !== null,
  };
}

function stepTwoReady(settings: StoredGoogleAdsSettings): boolean {
  return settings.protectionModeChosen && (settings.skipTrackingTemplate || settings.trackingTemplateApplied);
}

/** Step 1: the accounts to protect. Every id must be an account of this account's hierarchy. */
export async function selectAccounts(
  services: Pick<Services, 'db' | 'clock'>,
  actor: AuditActor,
  customerIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(customerIds)];
  await services.db.transaction().execute(async (trx) => {
    const accounts = await listAdAccounts(trx, actor.relationshipId);
    const known = new Map(accounts.map((account) => [account.customer_id, account]));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw ApiError.fields(unknown.map((id) => ({ code: 'NOT_FOUND', field: 'customerIds', value: id })));
    }
    const managers = wanted.filter((id) => known.get(id)?.is_manager === 1);
    if (managers.length > 0) {
      // A manager account serves no ads: its client accounts are the ones to protect.
      throw ApiError.fields(managers.map((id) => ({ code: 'NOT_VALID', field: 'customerIds', value: id })));
    }
    const before = accounts.filter((account) => account.active === 1).map((account) => account.customer_id);
    await setActiveAccounts(trx, actor.relationshipId, wanted, services.clock.now().toISOString());
    await audit(trx, {
      ...actor,
      action: 'google_ads.accounts_selected',
      detail: { accounts: { from: before.sort().join(','), to: [...wanted].sort().join(',') } },
    });
  });
}

export async function updateSettings(
  services: Pick<Services, 'db' | 'clock'>,
  actor: AuditActor,
  patch: z.output<typeof zGoogleAdsSettingsPatch>,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const current = readStoredSettings((await findSettings(trx, actor.relationshipId))?.settings);
    const next: StoredGoogleAdsSettings = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
      ...(patch.protectionMode !== undefined ? { protectionModeChosen: true } : {}),
    };
    const changes = changesOf(publicSettings(current), publicSettings(next));
    await saveSettings(trx, actor.relationshipId, JSON.stringify(next), services.clock.now().toISOString());
    await audit(trx, { ...actor, action: 'google_ads.settings_updated', detail: changes });
  });
}

/**
 * Applies the ValueTrack template on every active account (apply), or records that the customer keeps
 * a template of their own (skipTT). Google refusing one account stops before the choice is saved.
 */
export async function decideTrackingTemplate(
  services: Pick<Services, 'db' | 'googleAds' | 'clock'>,
  actor: AuditActor,
  apply: boolean,
): Promise<void> {
  const { db, googleAds } = services;
  const active = (await listAdAccounts(db, actor.relationshipId)).filter((account) => account.active === 1);
  if (apply) {
    if (active.length === 0) {
      throw ApiError.fields([{ code: 'REQUIRED', field: 'customerIds', message: 'Choose an account first' }]);
    }
    const api = googleAds.api;
    if (!api) throw new ApiError(503, 'Google Ads is not configured on this server');
    const accessToken = await googleAdsAccessToken(services, actor.relationshipId);
    try {
      for (const account of active) {
        await api.setTrackingTemplate(
          { accessToken, loginCustomerId: account.manager_customer_id },
          account.customer_id,
          TRACKING_TEMPLATE,
        );
      }
    } catch (error) {
      throw googleAdsFailure(error);
    }
  }
  await db.transaction().execute(async (trx) => {
    const current = readStoredSettings((await findSettings(trx, actor.relationshipId))?.settings);
    const next = { ...current, skipTrackingTemplate: !apply, trackingTemplateApplied: apply };
    await saveSettings(trx, actor.relationshipId, JSON.stringify(next), services.clock.now().toISOString());
    await audit(trx, {
      ...actor,
      action: apply ? 'google_ads.tracking_template_applied' : 'google_ads.tracking_template_skipped',
      detail: { accounts: active.length },
    });
  });
}

/** A valid access token, or the 409 the dashboard shows as "reconnect". */
export async function googleAdsAccessToken(
  services: Pick<Services, 'googleAds'>,
  relationshipId: number,
): Promise<string> {
  try {
    return await services.googleAds.tokens.accessToken(relationshipId, PROVIDER);
  } catch (error) {
    if (error instanceof OAuthReconnectError) throw ApiError.conflict('GOOGLE_ADS_RECONNECT');
    if ((error as Error).name === 'OAuthNotConnectedError')
      throw ApiError.conflict('GOOGLE_ADS_NOT_CONNECTED');
    if ((error as Error).name === 'OAuthNotConfiguredError') {
      throw new ApiError(503, 'Google Ads is not configured on this server');
    }
    throw error;
  }
}

/**
 * What a dashboard call answers when Google refused it: 429 with Retry-After on a quota, 409
 * "reconnect" when Google no longer accepts the token, 502 naming Google's code otherwise.
 */
export function googleAdsFailure(error: unknown): unknown {
  if (error instanceof GoogleAdsQuotaError) {
    return new ApiError(429, 'GOOGLE_ADS_QUOTA', {
      'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))),
    });
  }
  if (error instanceof GoogleAdsAuthError) return ApiError.conflict('GOOGLE_ADS_RECONNECT');
  if (error instanceof GoogleAdsRequestError) return new ApiError(502, `GOOGLE_ADS_ERROR: ${error.code}`);
  return error;
}

/**
 * Unlinks: revokes the grant at Google (best effort) and deletes the tokens, the accounts and the
 * campaigns. The exclusion entries and log stay (what was pushed remains in Google until removed there).
 */
export async function unlink(services: Services, actor: AuditActor): Promise<void> {
  const revoked = await services.googleAds.tokens.revokeAndDelete(actor.relationshipId, PROVIDER);
  await services.db.transaction().execute(async (trx: Kysely<Database>) => {
    const accounts = await listAdAccounts(trx, actor.relationshipId);
    await deleteHierarchy(trx, actor.relationshipId);
    await audit(trx, {
      ...actor,
      action: 'google_ads.unlinked',
      detail: { connection: revoked, accounts: accounts.length },
    });
  });
}
