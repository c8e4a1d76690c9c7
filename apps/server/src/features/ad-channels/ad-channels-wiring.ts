import type { AdChannel } from '@veracity/contracts/ad-channels';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { AdChannelDriver } from '../../integrations/ad-channel-driver.js';
import { createMetaAdsDriver } from '../../integrations/meta-ads/meta-ads-driver.js';
import { createMicrosoftAdsDriver } from '../../integrations/microsoft-ads/microsoft-ads-driver.js';
import type { OAuthProvider } from '../../integrations/oauth/oauth-provider.js';
import { createTokenStore, type TokenStore } from '../../integrations/oauth/token-store.js';
import { createTikTokAdsDriver } from '../../integrations/tiktok-ads/tiktok-ads-driver.js';
import type { Clock } from '../../jobs/clock.js';
import type { AdProvider, Database } from '../../storage/oltp/schema.js';
import { CHANNEL_PROVIDERS } from './ad-channel-record.js';

/**
 * The drivers this server's config gives: Meta with META_ADS_APP_ID and _APP_SECRET, Microsoft with
 * MICROSOFT_ADS_CLIENT_ID, _CLIENT_SECRET and _DEVELOPER_TOKEN, TikTok with TIKTOK_ADS_APP_ID and
 * _SECRET. Expiries judged on the app's clock.
 */
export function configuredDrivers(config: Config, clock: Clock): Partial<Record<AdChannel, AdChannelDriver>> {
  const now = () => clock.now().getTime();
  return {
    ...(config.metaAds ? { meta: createMetaAdsDriver(config.metaAds, { now }) } : {}),
    ...(config.microsoftAds ? { microsoft: createMicrosoftAdsDriver(config.microsoftAds, { now }) } : {}),
    ...(config.tiktokAds ? { tiktok: createTikTokAdsDriver(config.tiktokAds, { now }) } : {}),
  };
}

/**
 * The one place the Meta, Microsoft and TikTok drivers are gathered (issue 35), with the token store
 * over their OAuth clients. A channel without a driver (the server has no client for the platform)
 * still reads (configured: false) and its wizard teaches the same exclusion by hand; linking answers
 * 503. Tests and the demo seed pass drivers over the local fakes.
 */
export interface AdChannelsIntegration {
  drivers: Partial<Record<AdChannel, AdChannelDriver>>;
  tokens: TokenStore;
}

export function createAdChannelsIntegration(input: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  clock: Clock;
  secretKey: string;
  drivers?: Partial<Record<AdChannel, AdChannelDriver>>;
}): AdChannelsIntegration {
  const { db, log, clock, secretKey, drivers = {} } = input;
  const providers: Partial<Record<AdProvider, OAuthProvider>> = {};
  for (const driver of Object.values(drivers)) providers[CHANNEL_PROVIDERS[driver.channel]] = driver.oauth;
  return { drivers, tokens: createTokenStore({ db, secretKey, providers, log, clock }) };
}
