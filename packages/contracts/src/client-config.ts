import { z } from 'zod';

/**
 * GET /api/client-config: what the dashboard needs to know about this installation before anyone
 * signs in (the login page reports errors too). Public: it holds nothing secret. A DSN is made to be
 * given to browsers (its public key only); the chat's website id is in every page that shows the chat;
 * the Chargebee site and the tag manager's container id are in every page that loads them.
 */
export const CLIENT_CONFIG_PATH = '/client-config';

/** Where the dashboard's errors go when SENTRY_DSN is set; null: to POST /api/client-errors. */
export const zErrorTrackingConfig = z.object({
  dsn: z.string(),
  environment: z.string(),
  release: z.string(),
});
export type ErrorTrackingConfig = z.infer<typeof zErrorTrackingConfig>;

/** The support chat (Crisp) when CRISP_WEBSITE_ID is set. */
export const zSupportChatConfig = z.object({
  provider: z.literal('crisp'),
  websiteId: z.string(),
  /** The widget's script: Crisp's own unless CRISP_SCRIPT_URL says otherwise. */
  scriptUrl: z.string(),
});
export type SupportChatConfig = z.infer<typeof zSupportChatConfig>;

/**
 * The billing provider the checkout pages talk to: Chargebee.js on the site CHARGEBEE_SITE names, or
 * the built-in test-mode provider, whose pages Veracity serves itself.
 */
export const zBillingClientConfig = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('chargebee'),
    site: z.string(),
    /** Chargebee.js: Chargebee's own unless CHARGEBEE_JS_URL says otherwise. */
    scriptUrl: z.string(),
  }),
  z.object({ provider: z.literal('builtin') }),
]);
export type BillingClientConfig = z.infer<typeof zBillingClientConfig>;

/** Google Tag Manager, in production only, when GTM_CONTAINER_ID is set (spec 01 §9). */
export const zTagManagerConfig = z.object({ containerId: z.string() });
export type TagManagerConfig = z.infer<typeof zTagManagerConfig>;

/**
 * Where the sign-up conversion (spec 01 §4, §9) is sent, in production only, when TRACK_URL is set:
 * the track host's `/conversion`.
 */
export const zConversionTrackingConfig = z.object({ url: z.string() });
export type ConversionTrackingConfig = z.infer<typeof zConversionTrackingConfig>;

export const zClientConfig = z.object({
  errorTracking: zErrorTrackingConfig.nullable(),
  supportChat: zSupportChatConfig.nullable(),
  billing: zBillingClientConfig,
  tagManager: zTagManagerConfig.nullable(),
  conversionTracking: zConversionTrackingConfig.nullable(),
});
export type ClientConfig = z.infer<typeof zClientConfig>;

/** Crisp's widget script, loaded when the chat is configured and CRISP_SCRIPT_URL is not set. */
export const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

/** Chargebee.js, loaded when Chargebee is the billing provider and CHARGEBEE_JS_URL is not set. */
export const CHARGEBEE_SCRIPT_URL = 'https://js.chargebee.com/v2/chargebee.js';
