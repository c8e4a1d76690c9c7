import type { Kysely } from 'kysely';
import type { AccountChanges } from './accounts/account-changes.js';
import type { Config } from './config.js';
import type { AdChannelsIntegration } from './features/ad-channels/ad-channels-wiring.js';
import type { RateLimits } from './features/auth/auth-limits.js';
import type { AuthRequestLimits } from './features/auth/auth-request-limits.js';
import type { Mailer } from './features/email/mailer.js';
import type { GoogleAdsIntegration } from './features/google-ads/google-ads-wiring.js';
import type { HubspotIntegration } from './features/hubspot/hubspot-wiring.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { Clock } from './jobs/clock.js';
import type { Database } from './storage/oltp/schema.js';

/** What feature routes and services work with; built once in app.ts. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  /** Shared by the servers when they share a store (`stores.shared`), else this process's own. */
  rateLimiter: RateLimiter<keyof RateLimits>;
  /** The one clock of the app: ingestion and the jobs read the time from it (jobs/clock.ts). */
  clock: Clock;
  /** The limits that refuse a request outright (`http/request-limits.ts`). */
  requestLimits: AuthRequestLimits;
  /** The Google Ads integration's OAuth and REST clients and the token store (features/google-ads/google-ads-wiring.ts). */
  googleAds: GoogleAdsIntegration;
  /** The Meta, Microsoft and TikTok drivers and their token store (features/ad-channels/ad-channels-wiring.ts). */
  adChannels: AdChannelsIntegration;
  /** HubSpot's client and token store (features/hubspot/hubspot-wiring.ts). */
  hubspot: HubspotIntegration;
  /** Where a change of an account's detection settings is announced (the collector forgets its copy). */
  accountChanges: AccountChanges;
}
