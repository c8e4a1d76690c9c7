import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHARGEBEE_SCRIPT_URL, CRISP_SCRIPT_URL } from '@veracity/contracts/client-config';
import { z } from 'zod';
import { parseSentryDsn, SentryDsnError } from './features/error-reporting/sentry-dsn.js';
import type { ConnectionLimits } from './http/connection-limits.js';
import type { BillingConfig } from './integrations/billing/billing-config.js';
import { builtinWebhookCredentials } from './integrations/billing/billing-config.js';
import type { HubspotConfig } from './integrations/hubspot/hubspot-client.js';
import type { MetaAdsConfig } from './integrations/meta-ads/meta-ads-driver.js';
import type { MicrosoftAdsConfig } from './integrations/microsoft-ads/microsoft-ads-driver.js';
import { outsideServiceUrlProblem } from './integrations/outside-service-url.js';
import type { TikTokAdsConfig } from './integrations/tiktok-ads/tiktok-ads-driver.js';
import type { Resolver } from './outbound/destination.js';

/**
 * One config object, read from the environment once, validated with zod.
 * A bad value stops the process with one line naming the variable and what is wrong.
 */
const zPort = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A duration in seconds (fractions allowed), above zero and at most an hour. */
const zSeconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .positive('must be more than 0')
  .max(3600, 'must be at most 3600 (an hour)');

/** The URL of an outside service (Google's API and OAuth endpoints, or a local fake of them). */
const zServiceUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: zPort.default(8080),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  CLICKHOUSE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as http://user:password@127.0.0.1:8123/veracity',
    })
    .optional(),
  SHARED_STATE_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://app.example.com' }).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  WEB_DIST: z.string().optional(),
  VERACITY_ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/, 'must be an email address')
    .optional(),
  VERACITY_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  VERACITY_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SENSOR_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9_-]+)+$/, 'must be a path such as /c (letters, digits, - and _)')
    .refine((value) => !/^\/(api|s2s|assets)(\/|$)/.test(value), 'must not be under /api, /s2s or /assets')
    .default('/c'),
  VERACITY_DEMO_TRAFFIC: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ALERTS_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  REPORTS_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  BILLING_USAGE_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(3600),
  SENSOR_COVERAGE_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  PERFORMANCE_EMAIL_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(900),
  BENCHMARK_REFRESH_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  SENSOR_PAGE_VIEW_WAIT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(10, 'must be 10 or more')
    .max(86_400, 'must be 86400 (a day) or less')
    .default(1800),
  HUBSPOT_MATCH_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(300),
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_API_URL: zServiceUrl.default('https://api.hubapi.com'),
  HUBSPOT_APP_URL: zServiceUrl.default('https://app.hubspot.com'),
  AD_CHANNELS_SYNC_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  GOOGLE_ADS_SYNC_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  GOOGLE_ADS_COST_IMPORT_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(24),
  POSTBACK_DELIVERY_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(5),
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  INGEST_ACCOUNT_CACHE_SECONDS: zSeconds.default(30),
  FIREWALL_WAIT_FOR_SYNC: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  HEADERS_TIMEOUT_SECONDS: zSeconds.default(10),
  REQUEST_TIMEOUT_SECONDS: zSeconds.default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: zSeconds.default(72),
  MAX_CONNECTIONS_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(256),
  MAX_OPEN_REQUESTS_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(128),
  INGEST_RATE_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(600),
  INGEST_RATE_PER_KEY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(120_000),
  SENTRY_DSN: z.string().optional(),
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be a short name (letters, digits, . - _), such as production')
    .optional(),
  CRISP_WEBSITE_ID: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "must be Crisp's website id (a UUID)",
    )
    .optional(),
  CRISP_SCRIPT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL of the chat widget script' })
    .optional(),
  META_ADS_APP_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be a Meta app id (digits)')
    .optional(),
  META_ADS_APP_SECRET: z.string().min(1).optional(),
  META_GRAPH_URL: zServiceUrl.default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v26.0')
    .default('v26.0'),
  META_OAUTH_DIALOG_URL: zServiceUrl.default('https://www.facebook.com'),
  MICROSOFT_ADS_CLIENT_ID: z.string().optional(),
  MICROSOFT_ADS_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ADS_DEVELOPER_TOKEN: z.string().optional(),
  MICROSOFT_ADS_API_URL: zServiceUrl.default(
    'https://campaign.api.bingads.microsoft.com/CampaignManagement/v13',
  ),
  MICROSOFT_ADS_CUSTOMER_API_URL: zServiceUrl.default(
    'https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13',
  ),
  MICROSOFT_OAUTH_AUTHORIZE_URL: zServiceUrl.default(
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  ),
  MICROSOFT_OAUTH_TOKEN_URL: zServiceUrl.default(
    'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  ),
  TIKTOK_ADS_APP_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'must be a TikTok app id (digits)')
    .optional(),
  TIKTOK_ADS_SECRET: z.string().min(1).optional(),
  TIKTOK_ADS_API_URL: zServiceUrl.default('https://business-api.tiktok.com/open_api'),
  TIKTOK_OAUTH_AUTHORIZE_URL: zServiceUrl.default('https://business-api.tiktok.com/portal/auth'),
  CHARGEBEE_SITE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a Chargebee site name such as acme-test')
    .optional(),
  CHARGEBEE_API_KEY: z.string().min(1).optional(),
  CHARGEBEE_API_URL: zServiceUrl.optional(),
  CHARGEBEE_WEBHOOK_USER: z.string().min(1).max(100).optional(),
  CHARGEBEE_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
  CHARGEBEE_JS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL of Chargebee.js' })
    .optional(),
  GTM_CONTAINER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,10}$/, 'must be a Google Tag Manager container id such as GTM-AB12CD3')
    .optional(),
  TRACK_URL: zServiceUrl.optional(),
  BILLING_SIGNUPS: z.enum(['open', 'closed'], { error: 'must be open or closed' }).default('open'),
  BILLING_TEST_MODE_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as staging.example.com')
    .optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ADS_API_URL: zServiceUrl.default('https://googleads.googleapis.com'),
  GOOGLE_ADS_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}$/, 'must be a Google Ads API version such as v26')
    .default('v26'),
  GOOGLE_OAUTH_AUTHORIZE_URL: zServiceUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: zServiceUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_REVOKE_URL: zServiceUrl.default('https://oauth2.googleapis.com/revoke'),
});

/** Error tracking (Sentry) for the dashboard and the server's own 5xx, when SENTRY_DSN is set. */
export interface ErrorTrackingConfig {
  dsn: string;
  /** Scheme, host and port reports go to: the dashboard's CSP allows connections there. */
  origin: string;
  environment: string;
}

/**
 * Google Ads (issue 33): the OAuth client of the deployment's Google Cloud project and the URLs of
 * Google's API and OAuth endpoints (a local fake in tests and the demo seed, never in production).
 */
export interface GoogleAdsConfig {
  /** Both set, or the integration is not configured (linking answers that it is unavailable). */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Without a trailing slash; the version is the first path segment under it. */
  apiUrl: string;
  apiVersion: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

/** The support chat widget (Crisp), when CRISP_WEBSITE_ID is set. */
export interface SupportChatConfig {
  provider: 'crisp';
  websiteId: string;
  scriptUrl: string;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clickhouseUrl: string | undefined;
  /**
   * The store several servers share their short-lived state in (recent activity, rate limits, the ids
   * seen lately): Redis or Valkey. Unset: each process keeps its own, which is right for one server.
   */
  sharedStateUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * PUBLIC_URL without its trailing slash, or `http://localhost:PORT` when it is not set. Links go
   * through http/public-url.ts, which uses the request's address in its place when it is not set.
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (false: the fallback above; the start-up log and /api/health say so). */
  publicUrlSet: boolean;
  secretKey: string;
  logLevel: z.infer<typeof zEnv>['LOG_LEVEL'];
  trustProxy: boolean;
  /** The folder the sensor script and its event endpoint are served from. */
  sensorPath: string;
  /** On the first start, fill the seeded accounts with 30 days of simulated traffic. */
  demoTraffic: boolean;
  /** The period of the alert evaluation job, in seconds (src/jobs/); 0 leaves it out of this process. */
  alertsCheckSeconds: number;
  /** The period of the Google Ads exclusion sync job, in minutes; 0 leaves it out of this process. */
  googleAdsSyncMinutes: number;
  /** The period of the Google Ads cost import job, in hours; 0 leaves it out of this process. */
  googleAdsCostImportHours: number;
  /** The period of the Meta, Microsoft and TikTok audience sync, in minutes; 0 leaves it out of this process. */
  adChannelsSyncMinutes: number;
  /** The period of the full reports job (schedules due, runs waiting), in seconds; 0 leaves it out of this process. */
  reportsCheckSeconds: number;
  /** The period of the plan usage check (80% and 100% notices), in seconds; 0 leaves it out of this process. */
  billingUsageCheckSeconds: number;
  /**
   * The period of the check for S2S paid clicks that no sensor page view followed, in seconds; 0 leaves
   * it out of this process.
   */
  sensorCoverageCheckSeconds: number;
  /** How often the weekly performance mail checks for accounts whose Monday morning it is; 0: not here. */
  performanceEmailCheckSeconds: number;
  /** How long after an S2S paid click its sensor page view may come before the click is judged without. */
  sensorPageViewWaitSeconds: number;
  /** The period of the industry benchmark's refresh, in minutes; 0 leaves it out of this process. */
  benchmarkRefreshMinutes: number;
  /** Seconds between the HubSpot matching runs; 0 turns it off. */
  hubspotMatchSeconds: number;
  /** The period of the postback delivery job, in seconds (src/jobs/); 0 leaves it out of this process. */
  postbackDeliverySeconds: number;
  /**
   * Calls to addresses customers type (outbound/): `allowLoopback` (OUTBOUND_ALLOW_LOOPBACK, for tests
   * and local receivers only, refused in production) lets them reach 127.0.0.0/8 and ::1; `resolve`
   * replaces the system resolver (only the first start's demo seed sets it, demo-postbacks.ts).
   */
  outbound: { allowLoopback: boolean; resolve?: Resolver };
  /** Collected events per minute allowed from one address and for one account key (429 beyond). */
  ingestRateLimits: { perIpPerMinute: number; perKeyPerMinute: number };
  /**
   * How long the collector keeps an account key's answer (its account, IP lists, campaigns): a deleted
   * API key or a changed IP list reaches the collector within this time.
   */
  ingestAccountCacheMs: number;
  /** A firewall click is answered once its hit is durable (true) or once it is decided (false). */
  firewallWaitForSync: boolean;
  /** How long slow clients may take, and how many connections one address may hold (http/connection-limits.ts). */
  connections: ConnectionLimits;
  /** Folder of the built dashboard, served at the root; undefined when it is not built. */
  webDist: string | undefined;
  /** Credentials of the first admin, created on an empty database; generated when absent. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Password of the demo account's user; generated when absent. */
  demoPassword: string | undefined;
  errorTracking: ErrorTrackingConfig | undefined;
  supportChat: SupportChatConfig | undefined;
  googleAds: GoogleAdsConfig;
  /** Microsoft Advertising's client (issue 35); null unless its id, secret and developer token are all set. */
  microsoftAds: MicrosoftAdsConfig | null;
  /** Meta's Marketing API app (issue 35); null unless its id and secret are both set. */
  metaAds: MetaAdsConfig | null;
  /** HubSpot's app (issue 35); null unless its client id and secret are both set. */
  hubspot: HubspotConfig | null;
  /** TikTok's Business API app (issue 35); null unless its id and secret are both set. */
  tiktokAds: TikTokAdsConfig | null;
  /** Billing (issue 37): Chargebee when CHARGEBEE_* are set, else the built-in test-mode provider. */
  billing: BillingConfig;
  /** Google Tag Manager on the dashboard: production only, when GTM_CONTAINER_ID is set. */
  tagManager: { containerId: string } | null;
  /**
   * Where the dashboard sends the sign-up conversion: `${TRACK_URL}/conversion`, production only, when
   * TRACK_URL is set; `origin` is what the CSP lets it connect to.
   */
  conversionTracking: { url: string; origin: string } | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SECRET_FILE = 'secret.key';

/** Reads the secret from DATA_DIR, creating it (mode 600) on first start. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Builds the config from an environment. Throws ConfigError with a one-line message on a bad value.
 * `defaultWebDist` is where the built dashboard is expected when WEB_DIST is not set.
 */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDist?: string): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = zEnv.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  if (values.NODE_ENV === 'production' && !values.SECRET_KEY) {
    throw new ConfigError(
      'Missing environment variable SECRET_KEY: it is required in production (32+ characters)',
    );
  }
  const production = values.NODE_ENV === 'production';
  const errorTracking = readErrorTracking(values, production);
  const scriptUrl = values.CRISP_SCRIPT_URL ?? CRISP_SCRIPT_URL;
  if (production && values.CRISP_WEBSITE_ID && !scriptUrl.startsWith('https://')) {
    throw new ConfigError('Invalid environment variable CRISP_SCRIPT_URL: must use https in production');
  }
  for (const variable of ['CHARGEBEE_JS_URL', 'TRACK_URL'] as const) {
    if (production && values[variable] && !values[variable].startsWith('https://')) {
      throw new ConfigError(`Invalid environment variable ${variable}: must use https in production`);
    }
  }
  if (production && values.OUTBOUND_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid environment variable OUTBOUND_ALLOW_LOOPBACK: a test-only setting, refused in production',
    );
  }
  const secretKey = values.SECRET_KEY ?? loadOrCreateSecret(dataDir);
  const portForUrl = values.PORT === 0 ? 8080 : values.PORT;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    clickhouseUrl: values.CLICKHOUSE_URL,
    sharedStateUrl: values.SHARED_STATE_URL,
    smtpUrl: values.SMTP_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${portForUrl}`).replace(/\/$/, ''),
    publicUrlSet: values.PUBLIC_URL !== undefined,
    secretKey,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    sensorPath: values.SENSOR_PATH,
    demoTraffic: values.VERACITY_DEMO_TRAFFIC === 'on',
    alertsCheckSeconds: values.ALERTS_CHECK_SECONDS,
    googleAdsSyncMinutes: values.GOOGLE_ADS_SYNC_MINUTES,
    googleAdsCostImportHours: values.GOOGLE_ADS_COST_IMPORT_HOURS,
    adChannelsSyncMinutes: values.AD_CHANNELS_SYNC_MINUTES,
    hubspotMatchSeconds: values.HUBSPOT_MATCH_SECONDS,
    reportsCheckSeconds: values.REPORTS_CHECK_SECONDS,
    billingUsageCheckSeconds: values.BILLING_USAGE_CHECK_SECONDS,
    sensorCoverageCheckSeconds: values.SENSOR_COVERAGE_CHECK_SECONDS,
    performanceEmailCheckSeconds: values.PERFORMANCE_EMAIL_CHECK_SECONDS,
    sensorPageViewWaitSeconds: values.SENSOR_PAGE_VIEW_WAIT_SECONDS,
    benchmarkRefreshMinutes: values.BENCHMARK_REFRESH_MINUTES,
    postbackDeliverySeconds: values.POSTBACK_DELIVERY_SECONDS,
    outbound: { allowLoopback: values.OUTBOUND_ALLOW_LOOPBACK },
    ingestRateLimits: {
      perIpPerMinute: values.INGEST_RATE_PER_IP,
      perKeyPerMinute: values.INGEST_RATE_PER_KEY,
    },
    ingestAccountCacheMs: values.INGEST_ACCOUNT_CACHE_SECONDS * 1000,
    firewallWaitForSync: values.FIREWALL_WAIT_FOR_SYNC,
    connections: {
      headersTimeoutMs: values.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: Math.max(values.REQUEST_TIMEOUT_SECONDS, values.HEADERS_TIMEOUT_SECONDS) * 1000,
      keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerIp: values.MAX_CONNECTIONS_PER_IP,
      maxOpenRequestsPerIp: values.MAX_OPEN_REQUESTS_PER_IP,
    },
    webDist: values.WEB_DIST ?? defaultWebDist,
    adminEmail: values.VERACITY_ADMIN_EMAIL,
    adminPassword: values.VERACITY_ADMIN_PASSWORD,
    demoPassword: values.VERACITY_DEMO_PASSWORD,
    errorTracking,
    supportChat: values.CRISP_WEBSITE_ID
      ? { provider: 'crisp', websiteId: values.CRISP_WEBSITE_ID.toLowerCase(), scriptUrl }
      : undefined,
    googleAds: readGoogleAds(values, production),
    microsoftAds: readMicrosoftAds(values, production),
    metaAds: readMetaAds(values, production),
    hubspot: readHubspot(values, production),
    tiktokAds: readTikTokAds(values, production),
    billing: readBilling(values, production, secretKey),
    tagManager: production && values.GTM_CONTAINER_ID ? { containerId: values.GTM_CONTAINER_ID } : null,
    conversionTracking: production && values.TRACK_URL ? conversionTrackingOf(values.TRACK_URL) : null,
  };
}

function conversionTrackingOf(trackUrl: string): { url: string; origin: string } {
  return { url: `${trackUrl.replace(/\/+$/, '')}/conversion`, origin: new URL(trackUrl).origin };
}

function readBilling(values: z.infer<typeof zEnv>, production: boolean, secretKey: string): BillingConfig {
  const signupsOpen = values.BILLING_SIGNUPS === 'open';
  const settings = {
    CHARGEBEE_SITE: values.CHARGEBEE_SITE,
    CHARGEBEE_API_KEY: values.CHARGEBEE_API_KEY,
    CHARGEBEE_WEBHOOK_USER: values.CHARGEBEE_WEBHOOK_USER,
    CHARGEBEE_WEBHOOK_PASSWORD: values.CHARGEBEE_WEBHOOK_PASSWORD,
  };
  const missing = Object.entries(settings).filter(([, value]) => value === undefined);
  if (missing.length === 0) {
    if (production && values.CHARGEBEE_API_URL) {
      const problem = outsideServiceUrlProblem(values.CHARGEBEE_API_URL);
      if (problem) throw new ConfigError(`Invalid environment variable CHARGEBEE_API_URL: ${problem}`);
    }
    return {
      provider: 'chargebee',
      signupsOpen,
      chargebee: {
        site: values.CHARGEBEE_SITE ?? '',
        apiKey: values.CHARGEBEE_API_KEY ?? '',
        apiUrl: values.CHARGEBEE_API_URL?.replace(/\/+$/, '') ?? null,
        webhookUser: values.CHARGEBEE_WEBHOOK_USER ?? '',
        webhookPassword: values.CHARGEBEE_WEBHOOK_PASSWORD ?? '',
      },
      scriptUrl: values.CHARGEBEE_JS_URL ?? CHARGEBEE_SCRIPT_URL,
    };
  }
  if (missing.length < Object.keys(settings).length) {
    throw new ConfigError(
      `Missing environment variable ${missing[0]?.[0]}: CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USER and CHARGEBEE_WEBHOOK_PASSWORD go together`,
    );
  }
  if (production) {
    const publicHost = values.PUBLIC_URL ? new URL(values.PUBLIC_URL).hostname : undefined;
    if (!values.BILLING_TEST_MODE_HOST || publicHost !== values.BILLING_TEST_MODE_HOST.toLowerCase()) {
      throw new ConfigError(
        'Missing environment variable CHARGEBEE_SITE: production bills through Chargebee; the built-in test-mode provider runs in production only on the staging host BILLING_TEST_MODE_HOST names, which must be the host of PUBLIC_URL',
      );
    }
  }
  return { provider: 'builtin', signupsOpen, webhook: builtinWebhookCredentials(secretKey) };
}

function readMetaAds(values: z.infer<typeof zEnv>, production: boolean): MetaAdsConfig | null {
  if (values.META_ADS_APP_ID === undefined && values.META_ADS_APP_SECRET === undefined) return null;
  if (values.META_ADS_APP_ID === undefined || values.META_ADS_APP_SECRET === undefined) {
    const missing = values.META_ADS_APP_ID === undefined ? 'META_ADS_APP_ID' : 'META_ADS_APP_SECRET';
    throw new ConfigError(
      `Missing environment variable ${missing}: META_ADS_APP_ID and META_ADS_APP_SECRET go together`,
    );
  }
  const urls = { META_GRAPH_URL: values.META_GRAPH_URL, META_OAUTH_DIALOG_URL: values.META_OAUTH_DIALOG_URL };
  if (production) {
    for (const [name, url] of Object.entries(urls)) {
      const problem = outsideServiceUrlProblem(url);
      if (problem) throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
    }
  }
  return {
    appId: values.META_ADS_APP_ID,
    appSecret: values.META_ADS_APP_SECRET,
    graphUrl: urls.META_GRAPH_URL.replace(/\/+$/, ''),
    version: values.META_GRAPH_VERSION,
    dialogUrl: urls.META_OAUTH_DIALOG_URL.replace(/\/+$/, ''),
  };
}

function readTikTokAds(values: z.infer<typeof zEnv>, production: boolean): TikTokAdsConfig | null {
  if (values.TIKTOK_ADS_APP_ID === undefined && values.TIKTOK_ADS_SECRET === undefined) return null;
  if (values.TIKTOK_ADS_APP_ID === undefined || values.TIKTOK_ADS_SECRET === undefined) {
    const missing = values.TIKTOK_ADS_APP_ID === undefined ? 'TIKTOK_ADS_APP_ID' : 'TIKTOK_ADS_SECRET';
    throw new ConfigError(
      `Missing environment variable ${missing}: TIKTOK_ADS_APP_ID and TIKTOK_ADS_SECRET go together`,
    );
  }
  const urls = {
    TIKTOK_ADS_API_URL: values.TIKTOK_ADS_API_URL,
    TIKTOK_OAUTH_AUTHORIZE_URL: values.TIKTOK_OAUTH_AUTHORIZE_URL,
  };
  if (production) {
    for (const [name, url] of Object.entries(urls)) {
      const problem = outsideServiceUrlProblem(url);
      if (problem) throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
    }
  }
  return {
    appId: values.TIKTOK_ADS_APP_ID,
    secret: values.TIKTOK_ADS_SECRET,
    apiUrl: urls.TIKTOK_ADS_API_URL.replace(/\/+$/, ''),
    authorizeUrl: urls.TIKTOK_OAUTH_AUTHORIZE_URL,
  };
}

function readMicrosoftAds(values: z.infer<typeof zEnv>, production: boolean): MicrosoftAdsConfig | null {
  const secrets = {
    MICROSOFT_ADS_CLIENT_ID: values.MICROSOFT_ADS_CLIENT_ID,
    MICROSOFT_ADS_CLIENT_SECRET: values.MICROSOFT_ADS_CLIENT_SECRET,
    MICROSOFT_ADS_DEVELOPER_TOKEN: values.MICROSOFT_ADS_DEVELOPER_TOKEN,
  };
  const missing = Object.entries(secrets).filter(([, value]) => value === undefined);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing environment variable ${missing[0]?.[0]}: MICROSOFT_ADS_CLIENT_ID, MICROSOFT_ADS_CLIENT_SECRET and MICROSOFT_ADS_DEVELOPER_TOKEN go together`,
    );
  }
  const urls = {
    MICROSOFT_ADS_API_URL: values.MICROSOFT_ADS_API_URL,
    MICROSOFT_ADS_CUSTOMER_API_URL: values.MICROSOFT_ADS_CUSTOMER_API_URL,
    MICROSOFT_OAUTH_AUTHORIZE_URL: values.MICROSOFT_OAUTH_AUTHORIZE_URL,
    MICROSOFT_OAUTH_TOKEN_URL: values.MICROSOFT_OAUTH_TOKEN_URL,
  };
  if (production) {
    for (const [name, url] of Object.entries(urls)) {
      const problem = outsideServiceUrlProblem(url);
      if (problem) throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
    }
  }
  return {
    clientId: secrets.MICROSOFT_ADS_CLIENT_ID ?? '',
    clientSecret: secrets.MICROSOFT_ADS_CLIENT_SECRET ?? '',
    developerToken: secrets.MICROSOFT_ADS_DEVELOPER_TOKEN ?? '',
    apiUrl: urls.MICROSOFT_ADS_API_URL.replace(/\/+$/, ''),
    customerApiUrl: urls.MICROSOFT_ADS_CUSTOMER_API_URL.replace(/\/+$/, ''),
    authorizeUrl: urls.MICROSOFT_OAUTH_AUTHORIZE_URL,
    tokenUrl: urls.MICROSOFT_OAUTH_TOKEN_URL,
  };
}

function readGoogleAds(values: z.infer<typeof zEnv>, production: boolean): GoogleAdsConfig {
  if ((values.GOOGLE_ADS_CLIENT_ID === undefined) !== (values.GOOGLE_ADS_CLIENT_SECRET === undefined)) {
    const missing =
      values.GOOGLE_ADS_CLIENT_ID === undefined ? 'GOOGLE_ADS_CLIENT_ID' : 'GOOGLE_ADS_CLIENT_SECRET';
    throw new ConfigError(
      `Missing environment variable ${missing}: GOOGLE_ADS_CLIENT_ID and GOOGLE_ADS_CLIENT_SECRET go together`,
    );
  }
  const urls = {
    GOOGLE_ADS_API_URL: values.GOOGLE_ADS_API_URL,
    GOOGLE_OAUTH_AUTHORIZE_URL: values.GOOGLE_OAUTH_AUTHORIZE_URL,
    GOOGLE_OAUTH_TOKEN_URL: values.GOOGLE_OAUTH_TOKEN_URL,
    GOOGLE_OAUTH_REVOKE_URL: values.GOOGLE_OAUTH_REVOKE_URL,
  };
  if (production) {
    for (const [name, url] of Object.entries(urls)) {
      const problem = outsideServiceUrlProblem(url);
      if (problem) throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
    }
  }
  return {
    clientId: values.GOOGLE_ADS_CLIENT_ID,
    clientSecret: values.GOOGLE_ADS_CLIENT_SECRET,
    apiUrl: urls.GOOGLE_ADS_API_URL.replace(/\/+$/, ''),
    apiVersion: values.GOOGLE_ADS_API_VERSION,
    authorizeUrl: urls.GOOGLE_OAUTH_AUTHORIZE_URL,
    tokenUrl: urls.GOOGLE_OAUTH_TOKEN_URL,
    revokeUrl: urls.GOOGLE_OAUTH_REVOKE_URL,
  };
}

function readErrorTracking(
  values: z.infer<typeof zEnv>,
  production: boolean,
): ErrorTrackingConfig | undefined {
  if (!values.SENTRY_DSN) return undefined;
  try {
    const dsn = parseSentryDsn(values.SENTRY_DSN, { requireHttps: production });
    return {
      dsn: values.SENTRY_DSN,
      origin: dsn.origin,
      environment: values.SENTRY_ENVIRONMENT ?? values.NODE_ENV,
    };
  } catch (error) {
    if (error instanceof SentryDsnError) {
      throw new ConfigError(`Invalid environment variable SENTRY_DSN: ${error.message}`);
    }
    throw error;
  }
}

function readHubspot(values: z.infer<typeof zEnv>, production: boolean): HubspotConfig | null {
  if (values.HUBSPOT_CLIENT_ID === undefined && values.HUBSPOT_CLIENT_SECRET === undefined) return null;
  if (values.HUBSPOT_CLIENT_ID === undefined || values.HUBSPOT_CLIENT_SECRET === undefined) {
    const missing = values.HUBSPOT_CLIENT_ID === undefined ? 'HUBSPOT_CLIENT_ID' : 'HUBSPOT_CLIENT_SECRET';
    throw new ConfigError(
      `Missing environment variable ${missing}: HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET go together`,
    );
  }
  const urls = { HUBSPOT_API_URL: values.HUBSPOT_API_URL, HUBSPOT_APP_URL: values.HUBSPOT_APP_URL };
  if (production) {
    for (const [name, url] of Object.entries(urls)) {
      const problem = outsideServiceUrlProblem(url);
      if (problem) throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
    }
  }
  return {
    clientId: values.HUBSPOT_CLIENT_ID,
    clientSecret: values.HUBSPOT_CLIENT_SECRET,
    apiUrl: urls.HUBSPOT_API_URL.replace(/\/+$/, ''),
    appUrl: urls.HUBSPOT_APP_URL.replace(/\/+$/, ''),
  };
}
