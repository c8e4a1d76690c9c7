import type { ProtectionMode } from '@veracity/contracts/google-ads';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import {
  GoogleAdsAuthError,
  type GoogleAdsCaller,
  type GoogleAdsIpBlock,
  GoogleAdsQuotaError,
} from '../../integrations/google-ads/google-ads-api.js';
import { OAuthNotConnectedError, OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { type AuditActor, audit } from '../account/audit.js';
import { syncAudience } from './audience-sync.js';
import { FIRST_COST_IMPORT_DAYS, importGoogleAdsCosts } from './cost-import.service.js';
import {
  type ApplyContext,
  type ApplyResult,
  applyPlan,
  canonicalCidr,
  entryKeyText,
} from './exclusion-apply.js';
import { listStoredEntries, recordSync, type StoredEntryRow } from './exclusion-sync.repo.js';
import type { CurrentExclusion, ExclusionPlan } from './exclusions/exclusion-plan-types.js';
import { planExclusions } from './exclusions/exclusion-planner.js';
import { globalIntelligenceFor } from './global-intelligence.service.js';
import { type AdAccountRow, findSettings, listAdAccounts, listAdCampaigns } from './google-ads.repo.js';
import { googleAdsFailure } from './google-ads.service.js';
import { readStoredSettings } from './google-ads-settings.js';
import { invalidIpsOfCampaigns, legitimatePrefixes } from './invalid-traffic.repo.js';
import { neverExcludeCidrs } from './never-exclude.service.js';

/**
 * The exclusion sync of one account (issue 33, the "exclusion engine"; the job in src/jobs runs it for
 * every linked account, POST /sync for the asking one): reads the invalid traffic of the protected
 * accounts' campaigns, the never-exclude list, global intelligence when opted in, what Google holds
 * now and what the engine stored; plans with the pure planner; applies the plan in the account's
 * protection mode (exclusion-apply.ts); then the audience exclusion (audience-sync.ts). A refused grant
 * leaves the connection in "reconnect" and calls nothing else; a quota error stops the run and backs
 * the account off for Google's delay.
 */

const PROVIDER = 'google_ads' as const;
const DAY_MS = 86_400_000;
/** The longest window of invalid traffic read, whatever the rotation window (longer ones re-add from their rows). */
export const OBSERVATION_MAX_DAYS = 90;

export interface SyncDeps {
  services: Pick<Services, 'db' | 'googleAds' | 'clock'>;
  events: EventStore;
  log: FastifyBaseLogger;
}

export type SyncOutcome =
  | ({ status: 'synced'; mode: ProtectionMode; held: number } & ApplyResult)
  | { status: 'skipped'; reason: 'not_configured' | 'not_connected' | 'no_active_accounts' | 'backing_off' }
  | { status: 'reconnect' }
  | { status: 'quota'; retryAfterSeconds: number };

/** The error text the state shows after a quota back-off and after a refused grant. */
export const SYNC_ERRORS = { quota: 'GOOGLE_ADS_QUOTA', reconnect: 'GOOGLE_ADS_RECONNECT' } as const;

class ReconnectNeeded extends Error {}

export async function syncGoogleAdsExclusions(deps: SyncDeps, relationshipId: number): Promise<SyncOutcome> {
  const { db, googleAds, clock } = deps.services;
  const nowDate = clock.now();
  const now = nowDate.toISOString();
  const settingsRow = await findSettings(db, relationshipId);
  if (settingsRow?.sync_not_before && Date.parse(settingsRow.sync_not_before) > nowDate.getTime()) {
    return { status: 'skipped', reason: 'backing_off' };
  }
  const api = googleAds.api;
  if (!api) return { status: 'skipped', reason: 'not_configured' };
  const accounts = (await listAdAccounts(db, relationshipId)).filter(
    (account) => account.active === 1 && account.is_manager === 0,
  );
  if (accounts.length === 0) return { status: 'skipped', reason: 'no_active_accounts' };
  const settings = readStoredSettings(settingsRow?.settings);

  let accessToken: string;
  try {
    accessToken = await googleAds.tokens.accessToken(relationshipId, PROVIDER);
  } catch (error) {
    if (error instanceof OAuthNotConnectedError) return { status: 'skipped', reason: 'not_connected' };
    if (error instanceof OAuthReconnectError) {
      await recordSync(db, relationshipId, { at: now, error: SYNC_ERRORS.reconnect, notBefore: null });
      return { status: 'reconnect' };
    }
    throw error;
  }
  const managers = new Map(accounts.map((account) => [account.customer_id, account.manager_customer_id]));
  // One renewal per run: Google refusing a token that looked valid (expired early) is retried once.
  let renewed = false;
  const call = async <T>(customerId: string, fn: (caller: GoogleAdsCaller) => Promise<T>): Promise<T> => {
    const caller = () => ({ accessToken, loginCustomerId: managers.get(customerId) ?? null });
    try {
      return await fn(caller());
    } catch (error) {
      if (!(error instanceof GoogleAdsAuthError) || renewed) throw error;
      renewed = true;
      try {
        accessToken = await googleAds.tokens.renewAccessToken(relationshipId, PROVIDER);
      } catch (renewError) {
        if (renewError instanceof OAuthReconnectError) throw new ReconnectNeeded();
        throw renewError;
      }
      return fn(caller());
    }
  };

  try {
    const mode = settings.protectionMode;
    const remote = new Map<string, Map<string, GoogleAdsIpBlock>>();
    if (mode !== 'detection') {
      for (const account of accounts) {
        const blocks = await call(account.customer_id, (caller) =>
          api.listIpBlocks(caller, account.customer_id),
        );
        remote.set(
          account.customer_id,
          new Map(
            blocks.map((block) => [
              entryKeyText(account.customer_id, block.campaignId, block.ipAddress),
              block,
            ]),
          ),
        );
      }
    }
    const { plan, stored } = await planFor(deps, relationshipId, accounts, mode, remote, settings, nowDate);
    const context: ApplyContext = { db, api, relationshipId, mode, now, stored, remote, call };
    const applied = await applyPlan(context, plan);
    const audience = settings.audienceExclusion
      ? await syncAudience(deps, api, relationshipId, accounts, mode, call)
      : { userList: null, excluded: 0, notAllowed: 0 };
    if (!settingsRow?.costs_imported_at) await firstCostImport(deps, relationshipId);
    await recordSync(db, relationshipId, { at: now, error: null, notBefore: null, audience });
    const held = plan.lists.reduce((sum, list) => sum + list.heldBack, 0);
    if (applied.logged > 0)
      deps.log.info({ relationshipId, mode, ...applied, held }, 'google ads exclusions synced');
    return { status: 'synced', mode, held, ...applied };
  } catch (error) {
    if (error instanceof ReconnectNeeded || error instanceof OAuthReconnectError) {
      await recordSync(db, relationshipId, { at: now, error: SYNC_ERRORS.reconnect, notBefore: null });
      return { status: 'reconnect' };
    }
    if (error instanceof GoogleAdsQuotaError) {
      const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
      const notBefore = new Date(nowDate.getTime() + seconds * 1000).toISOString();
      await recordSync(db, relationshipId, { at: now, error: SYNC_ERRORS.quota, notBefore });
      deps.log.warn({ relationshipId, retryAfterSeconds: seconds }, 'google ads quota: sync backed off');
      return { status: 'quota', retryAfterSeconds: seconds };
    }
    await recordSync(db, relationshipId, {
      at: now,
      error: `${(error as Error).name}: ${(error as Error).message}`.slice(0, 500),
      notBefore: null,
    });
    throw error;
  }
}

/**
 * The planner's input: stored rows seen through Google's blocks (remote truth, outside detection): a
 * row Google holds counts as active, an active row Google lost counts as failed (pushed again), and in
 * protection a row only planned (detection, dry run) counts as failed so that it is pushed now.
 */
async function planFor(
  deps: SyncDeps,
  relationshipId: number,
  accounts: readonly AdAccountRow[],
  mode: ProtectionMode,
  remote: ReadonlyMap<string, ReadonlyMap<string, GoogleAdsIpBlock>>,
  settings: ReturnType<typeof readStoredSettings>,
  now: Date,
): Promise<{ plan: ExclusionPlan; stored: Map<string, StoredEntryRow> }> {
  const { db } = deps.services;
  const customerIds = accounts.map((account) => account.customer_id);
  const active = new Set(customerIds);
  const campaigns = (await listAdCampaigns(db, relationshipId)).filter((campaign) =>
    active.has(campaign.customer_id),
  );
  const campaignOf = new Map(campaigns.map((campaign) => [campaign.campaign_id, campaign]));
  const since = new Date(now.getTime() - Math.min(settings.rotationDays, OBSERVATION_MAX_DAYS) * DAY_MS);
  const [invalid, legitimate, neverExclude, rows, global] = await Promise.all([
    invalidIpsOfCampaigns(
      deps.events,
      relationshipId,
      campaigns.map((campaign) => campaign.campaign_id),
      since,
    ),
    legitimatePrefixes(deps.events, relationshipId, since),
    neverExcludeCidrs(deps.services, relationshipId),
    listStoredEntries(db, relationshipId),
    settings.globalIntelligence ? globalIntelligenceFor(deps.events, relationshipId, now) : undefined,
  ]);
  const stored = new Map<string, StoredEntryRow>();
  const current: CurrentExclusion[] = [];
  for (const row of rows) {
    const campaignId = row.campaign_id === '' ? null : row.campaign_id;
    stored.set(entryKeyText(row.customer_id, campaignId, row.cidr), row);
    if (!active.has(row.customer_id)) continue;
    let state = row.state;
    if (mode !== 'detection' && state !== 'removed') {
      const inGoogle = remote.get(row.customer_id)?.has(entryKeyText(row.customer_id, campaignId, row.cidr));
      if (inGoogle) state = 'active';
      else if (state === 'active' || (mode === 'protection' && state === 'planned')) state = 'failed';
    }
    current.push({
      customerId: row.customer_id,
      campaignId,
      campaignType: campaignId ? (campaignOf.get(campaignId)?.type ?? null) : null,
      cidr: row.cidr,
      type: row.ip_type as CurrentExclusion['type'],
      state,
      addedAt: row.added_at,
      expiresAt: row.expires_at,
      lastInvalidAt: row.last_invalid_at,
      invalidSessions: row.invalid_sessions,
      threats: threatsOf(row.threats),
    });
  }
  const plan = planExclusions({
    customerIds,
    observations: invalid.flatMap((row) => {
      const campaign = campaignOf.get(row.campaignId);
      if (!campaign) return [];
      return [
        {
          customerId: campaign.customer_id,
          campaignId: row.campaignId,
          campaignType: campaign.type,
          ip: canonicalCidr(row.ip),
          invalidSessions: row.invalidSessions,
          threats: row.threats,
          lastInvalidAt: row.lastInvalidAt,
        },
      ];
    }),
    legitimatePrefixes: legitimate,
    current,
    neverExclude,
    settings: { rotationDays: settings.rotationDays, now: now.toISOString() },
    ...(global
      ? {
          globalIntelligence: global.map((item) => ({
            cidr: item.cidr,
            type: item.type as 'COUNTRY_GOOGLE' | 'COUNTRY_GLOBAL' | 'GLOBAL_REGULAR',
            lastSeenAt: item.lastSeenAt,
          })),
        }
      : {}),
  });
  return { plan, stored };
}

/** The first sync after linking imports the costs and names of the analytics' default range. */
async function firstCostImport(deps: SyncDeps, relationshipId: number): Promise<void> {
  try {
    await importGoogleAdsCosts(deps.services, deps.events, deps.log, relationshipId, FIRST_COST_IMPORT_DAYS);
  } catch (error) {
    if (error instanceof GoogleAdsQuotaError) throw error;
    // The daily job tries again; the exclusions do not wait for the costs.
    deps.log.warn({ err: error, relationshipId }, 'google ads first cost import failed');
  }
}

function threatsOf(json: string): Record<string, number> {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

/**
 * POST /sync: the same sync for the asking account, now (audited). What kept it from running is
 * answered: 503 without a configured client, 409 without a connection, with a grant to renew
 * (GOOGLE_ADS_RECONNECT) or without a protected account, 429 with Retry-After while backed off.
 */
export async function syncNow(
  deps: SyncDeps,
  actor: AuditActor,
): Promise<Extract<SyncOutcome, { status: 'synced' }>> {
  let outcome: SyncOutcome;
  try {
    outcome = await syncGoogleAdsExclusions(deps, actor.relationshipId);
  } catch (error) {
    throw googleAdsFailure(error);
  }
  await audit(deps.services.db, {
    ...actor,
    action: 'google_ads.synced',
    detail:
      outcome.status === 'synced'
        ? {
            status: outcome.status,
            mode: outcome.mode,
            added: outcome.added,
            removed: outcome.removed,
            failed: outcome.failed,
          }
        : { status: outcome.status },
  });
  if (outcome.status === 'reconnect') throw ApiError.conflict(SYNC_ERRORS.reconnect);
  if (outcome.status === 'quota') {
    throw new ApiError(429, SYNC_ERRORS.quota, { 'retry-after': String(outcome.retryAfterSeconds) });
  }
  if (outcome.status === 'skipped') {
    if (outcome.reason === 'not_configured')
      throw new ApiError(503, 'Google Ads is not configured on this server');
    if (outcome.reason === 'not_connected') throw ApiError.conflict('GOOGLE_ADS_NOT_CONNECTED');
    if (outcome.reason === 'no_active_accounts') throw ApiError.conflict('GOOGLE_ADS_NO_ACTIVE_ACCOUNTS');
    const row = await findSettings(deps.services.db, actor.relationshipId);
    const seconds = Math.max(
      1,
      Math.ceil((Date.parse(row?.sync_not_before ?? '') - deps.services.clock.now().getTime()) / 1000) || 1,
    );
    throw new ApiError(429, SYNC_ERRORS.quota, { 'retry-after': String(seconds) });
  }
  return outcome;
}

/** Every linked account in turn (the job); one account's failure is logged and the others go on. */
export async function syncAllGoogleAdsExclusions(
  deps: SyncDeps,
  relationshipIds: readonly number[],
): Promise<Map<number, SyncOutcome | { status: 'error'; error: string }>> {
  const outcomes = new Map<number, SyncOutcome | { status: 'error'; error: string }>();
  for (const relationshipId of relationshipIds) {
    try {
      outcomes.set(relationshipId, await syncGoogleAdsExclusions(deps, relationshipId));
    } catch (error) {
      deps.log.error({ err: error, relationshipId }, 'google ads exclusion sync failed');
      outcomes.set(relationshipId, { status: 'error', error: (error as Error).message });
    }
  }
  return outcomes;
}
