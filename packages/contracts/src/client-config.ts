import { z } from 'zod';

/**
 * GET /api/client-config: what the dashboard needs to know about this installation before anyone
 * signs in (the login page reports errors too). Public: it holds nothing secret. A DSN is made to be
 * given to browsers (its public key only); the chat's website id is in every page that shows the chat.
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

/** The payment provider the checkout opens (issue 37): Chargebee.js, or Veracity's built-in test mode. */
export const zBillingClientConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('chargebee'), site: z.string(), scriptUrl: z.string() }),
  z.object({ provider: z.literal('builtin') }),
]);
export type BillingClientConfig = z.infer<typeof zBillingClientConfig>;

export const zClientConfig = z.object({
  errorTracking: zErrorTrackingConfig.nullable(),
  supportChat: zSupportChatConfig.nullable(),
  billing: zBillingClientConfig,
  /** Google Tag Manager, in production only, when configured (spec 01 §9). */
  tagManager: z.object({ containerId: z.string() }).nullable(),
  /** Where sign-up conversions go, `{TRACK_URL}/conversion`, in production only (spec 01 §4, §9). */
  conversionTracking: z.object({ url: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof zClientConfig>;

/** Crisp's widget script, loaded when the chat is configured and CRISP_SCRIPT_URL is not set. */
export const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';
