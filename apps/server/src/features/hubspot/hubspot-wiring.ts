import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { emailBox } from '../../crm/hubspot-leads.js';
import {
  createHubspotClient,
  createHubspotOAuth,
  type HubspotClient,
  type HubspotConfig,
} from '../../integrations/hubspot/hubspot-client.js';
import type { OAuthProvider } from '../../integrations/oauth/oauth-provider.js';
import type { SecretBox } from '../../integrations/oauth/secret-box.js';
import { createTokenStore, type TokenStore } from '../../integrations/oauth/token-store.js';
import type { Clock } from '../../jobs/clock.js';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * HubSpot's client and token store (issue 35), null parts when the server has no HubSpot app
 * (HUBSPOT_CLIENT_ID and _CLIENT_SECRET): the page then says so and linking answers 503.
 */
export interface HubspotIntegration {
  config: HubspotConfig | null;
  client: HubspotClient | null;
  oauth: OAuthProvider | null;
  tokens: TokenStore;
  emails: SecretBox;
}

export function createHubspotIntegration(input: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  clock: Clock;
  config: Pick<Config, 'secretKey' | 'hubspot'>;
  /** Tests' client options (no waits between calls). */
  clientOptions?: Parameters<typeof createHubspotClient>[1];
}): HubspotIntegration {
  const { db, log, clock, config } = input;
  const now = () => clock.now().getTime();
  const hubspot = config.hubspot;
  const oauth = hubspot ? createHubspotOAuth(hubspot, now) : null;
  return {
    config: hubspot,
    client: hubspot ? createHubspotClient(hubspot, input.clientOptions) : null,
    oauth,
    tokens: createTokenStore({
      db,
      secretKey: config.secretKey,
      providers: { hubspot: oauth },
      log,
      clock,
    }),
    emails: emailBox(config.secretKey),
  };
}
