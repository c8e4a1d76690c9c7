import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { GoogleAdsApi } from '../../integrations/google-ads/google-ads-api.js';
import { createGoogleAdsClient } from '../../integrations/google-ads/google-ads-client.js';
import { createGoogleOAuthProvider } from '../../integrations/oauth/oauth-client.js';
import type { OAuthProvider } from '../../integrations/oauth/oauth-provider.js';
import { createTokenStore, type TokenStore } from '../../integrations/oauth/token-store.js';
import type { Clock } from '../../jobs/clock.js';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * The one place the Google Ads integration's outside clients are built from config: the OAuth client
 * (consent URL, code exchange, refresh, revoke), the Google Ads REST client, and the token store over
 * them, all on the app's clock (token expiry included). Without GOOGLE_ADS_CLIENT_ID and
 * GOOGLE_ADS_CLIENT_SECRET both clients are null: the state still reads (configured: false), linking
 * answers 503.
 */
export interface GoogleAdsIntegration {
  oauth: OAuthProvider | null;
  api: GoogleAdsApi | null;
  tokens: TokenStore;
  /**
   * Whether the scheduled jobs sync demo accounts: only in the first start's demo history, whose
   * app reaches the Google fake the demo account was linked to (features/bootstrap/demo-google-ads.ts).
   */
  syncDemoAccounts: boolean;
}

/** Clients other than those config builds: tests and the demo seed point them at the local fake. */
export interface GoogleAdsClients {
  oauth?: OAuthProvider | null;
  api?: GoogleAdsApi | null;
  /** See `GoogleAdsIntegration.syncDemoAccounts` (default false). */
  syncDemoAccounts?: boolean;
}

export function createGoogleAdsIntegration(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  clock: Clock,
  clients: GoogleAdsClients = {},
): GoogleAdsIntegration {
  const configured = Boolean(config.googleAds.clientId && config.googleAds.clientSecret);
  const oauth =
    clients.oauth !== undefined
      ? clients.oauth
      : configured
        ? // The token store judges expiry on the app's clock: the expiry it is given must be on it too.
          createGoogleOAuthProvider(config.googleAds, { now: () => clock.now().getTime() })
        : null;
  const api =
    clients.api !== undefined ? clients.api : configured ? createGoogleAdsClient(config.googleAds) : null;
  const tokens = createTokenStore({
    db,
    secretKey: config.secretKey,
    providers: { google_ads: oauth },
    log,
    clock,
  });
  return { oauth, api, tokens, syncDemoAccounts: clients.syncDemoAccounts ?? false };
}
