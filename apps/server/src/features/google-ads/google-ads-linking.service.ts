import { createHash, randomBytes } from 'node:crypto';
import { zGoogleAdsCampaign } from '@veracity/contracts/google-ads';
import {
  GOOGLE_ADS_RETURN_PARAM,
  GOOGLE_ADS_RETURN_REASON_PARAM,
} from '@veracity/contracts/google-ads-setup';
import { isViewVisible } from '@veracity/contracts/plans';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import {
  type GoogleAdsApi,
  type GoogleAdsCustomer,
  GoogleAdsRequestError,
} from '../../integrations/google-ads/google-ads-api.js';
import { OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import type { Services } from '../../services.js';
import { type AuditActor, audit } from '../account/audit.js';
import { findRelationship, permissionsOf } from '../account/relationships.repo.js';
import {
  deleteExpiredOAuthStates,
  insertOAuthState,
  replaceHierarchy,
  takeOAuthState,
} from './google-ads.repo.js';
import { googleAdsAccessToken, googleAdsFailure } from './google-ads.service.js';

/**
 * Linking with Google (spec 02 §2 google stepper, step 0): the consent URL, the OAuth callback, and
 * reading the account hierarchy and campaigns into ad_accounts / ad_campaigns.
 *
 * The state of a round trip is 32 random bytes; only its SHA-256 is stored (oauth_states), with the
 * account, the user and the dashboard path to return to (the integration marker of spec 02 §4). It is
 * good once, for STATE_TTL_MS: the callback carries no session, the state is what identifies them.
 */
export const STATE_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = '/api/integrations/google-ads/oauth/callback';
const PROVIDER = 'google_ads' as const;

/** What linking works with: the accounts database, the Google clients and token store, the clock. */
export type LinkingServices = Pick<Services, 'db' | 'googleAds' | 'clock'>;

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export async function startConnect(
  services: LinkingServices,
  actor: AuditActor,
  returnPath: string,
  redirectUri: string,
): Promise<string> {
  const oauth = services.googleAds.oauth;
  if (!oauth) throw new ApiError(503, 'Google Ads is not configured on this server');
  const state = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  await deleteExpiredOAuthStates(services.db, now.toISOString());
  await services.db.transaction().execute(async (trx) => {
    await insertOAuthState(trx, {
      state_hash: hashState(state),
      relationship_id: actor.relationshipId,
      user_id: actor.actorUserId,
      return_path: returnPath,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    });
    await audit(trx, { ...actor, action: 'google_ads.connect_started', detail: { returnPath } });
  });
  return oauth.authorizeUrl({ state, redirectUri });
}

/** Where the callback sends the browser: the stored path with the outcome added to its query. */
function withOutcome(returnPath: string, outcome: Record<string, string>): string {
  const url = new URL(returnPath, 'http://dashboard.invalid');
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** A failed round trip, as the linking page reads it: `googleAds=error&reason=…`. */
function failed(reason: CallbackError): Record<string, string> {
  return { [GOOGLE_ADS_RETURN_PARAM]: 'error', [GOOGLE_ADS_RETURN_REASON_PARAM]: reason };
}

/** Outcomes of a callback a person can be told about (the `reason` query parameter). */
export type CallbackError =
  | 'invalid_state'
  | 'access_denied'
  | 'exchange_failed'
  | 'hierarchy_failed'
  | 'not_configured';

/**
 * The OAuth callback: takes the state (once), exchanges the code, stores the grant, reads the
 * hierarchy. Answers the path to redirect to; a refused state goes to the linking page's start.
 * A demo account is refused, unless `linkingDemo` says the server itself links it: the first start's
 * demo history (features/bootstrap/demo-google-ads.ts), never the callback route.
 */
export async function finishConnect(
  services: LinkingServices,
  log: FastifyBaseLogger,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  redirectUri: string,
  ip: string | null,
  options: { linkingDemo?: boolean } = {},
): Promise<string> {
  const fallback = '/integrations/google-ads/linking';
  const taken = query.state ? await takeOAuthState(services.db, hashState(query.state)) : undefined;
  const now = services.clock.now();
  if (!taken || Date.parse(taken.expires_at) <= now.getTime()) {
    return withOutcome(fallback, failed('invalid_state'));
  }
  const back = (outcome: Record<string, string>) => withOutcome(taken.return_path, outcome);
  const actor: AuditActor = { actorUserId: taken.user_id, relationshipId: taken.relationship_id, ip };
  if (query.error || !query.code) return back(failed('access_denied'));
  // The person may have lost the right, or the account the plan, during the round trip.
  const relationship = await findRelationship(services.db, taken.relationship_id);
  const permissions = await permissionsOf(services.db, taken.user_id, taken.relationship_id);
  if (
    !relationship?.active ||
    (relationship.planType === 'demo' && options.linkingDemo !== true) ||
    !isViewVisible('google_ppc', relationship.planType, relationship.accountFeatures) ||
    !permissions.has('account_manage_integrations')
  ) {
    return back(failed('access_denied'));
  }
  const { oauth, api } = services.googleAds;
  if (!oauth || !api) return back(failed('not_configured'));
  try {
    const tokens = await oauth.exchangeCode({ code: query.code, redirectUri });
    await services.googleAds.tokens.save({
      relationshipId: taken.relationship_id,
      provider: PROVIDER,
      tokens,
      connectedBy: taken.user_id,
    });
  } catch (error) {
    log.warn(
      { relationshipId: taken.relationship_id, error: (error as Error).name },
      'google ads code exchange failed',
    );
    return back(failed('exchange_failed'));
  }
  await audit(services.db, { ...actor, action: 'google_ads.connected' });
  try {
    await importHierarchy(services, log, api, taken.relationship_id);
  } catch (error) {
    log.warn(
      { relationshipId: taken.relationship_id, error: (error as Error).name },
      'google ads hierarchy read failed',
    );
    return back({
      [GOOGLE_ADS_RETURN_PARAM]: 'connected',
      [GOOGLE_ADS_RETURN_REASON_PARAM]: 'hierarchy_failed',
    });
  }
  return back({ [GOOGLE_ADS_RETURN_PARAM]: 'connected' });
}

/** POST /refresh: reads the hierarchy and campaigns again. */
export async function refreshHierarchy(
  services: Services,
  log: FastifyBaseLogger,
  actor: AuditActor,
): Promise<void> {
  const api = services.googleAds.api;
  if (!api) throw new ApiError(503, 'Google Ads is not configured on this server');
  try {
    await importHierarchy(services, log, api, actor.relationshipId);
  } catch (error) {
    if (error instanceof OAuthReconnectError) throw ApiError.conflict('GOOGLE_ADS_RECONNECT');
    throw googleAdsFailure(error);
  }
  await audit(services.db, { ...actor, action: 'google_ads.refreshed' });
}

/** Google's advertising_channel_type as the contract's campaign type (MULTI_CHANNEL is an app campaign). */
function campaignType(type: string): string {
  if (type === 'MULTI_CHANNEL') return 'APP';
  return zGoogleAdsCampaign.shape.type.safeParse(type).success ? type : 'UNCATEGORIZED';
}

/** Reads the hierarchy and campaigns into ad_accounts / ad_campaigns (linking, refresh, cost import). */
export async function importHierarchy(
  services: Pick<Services, 'db' | 'googleAds' | 'clock'>,
  log: FastifyBaseLogger,
  api: GoogleAdsApi,
  relationshipId: number,
): Promise<void> {
  const accessToken = await googleAdsAccessToken(services, relationshipId);
  const customers = await api.listAccountHierarchy(accessToken);
  // One row an account: the same client reached under two managers keeps the first path found.
  const unique = new Map<string, GoogleAdsCustomer>();
  for (const customer of customers)
    if (!unique.has(customer.customerId)) unique.set(customer.customerId, customer);
  const campaigns: Parameters<typeof replaceHierarchy>[3][number][] = [];
  for (const customer of unique.values()) {
    if (customer.isManager) continue;
    let rows: Awaited<ReturnType<GoogleAdsApi['listCampaigns']>>;
    try {
      rows = await api.listCampaigns(
        { accessToken, loginCustomerId: customer.managerCustomerId },
        customer.customerId,
      );
    } catch (error) {
      // One account Google refuses to read (cancelled, suspended, no access) keeps its row without
      // campaigns; the others are still read. Token and quota errors stop the whole read.
      if (!(error instanceof GoogleAdsRequestError)) throw error;
      log.warn(
        { relationshipId, customerId: customer.customerId, code: error.code },
        'google ads campaigns unreadable',
      );
      continue;
    }
    for (const row of rows) {
      campaigns.push({
        customer_id: customer.customerId,
        campaign_id: row.campaignId,
        name: row.name.slice(0, 300),
        type: campaignType(row.type),
        status: row.status,
      });
    }
  }
  await services.db.transaction().execute(async (trx) => {
    await replaceHierarchy(
      trx,
      relationshipId,
      [...unique.values()].map((customer) => ({
        customer_id: customer.customerId,
        name: customer.name.slice(0, 200),
        manager_customer_id: customer.managerCustomerId,
        is_manager: customer.isManager ? 1 : 0,
        level: customer.level,
        currency: customer.currency.slice(0, 3),
        time_zone: customer.timeZone.slice(0, 64),
      })),
      campaigns,
      services.clock.now().toISOString(),
    );
  });
}
