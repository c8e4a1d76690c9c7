import { createHmac } from 'node:crypto';
import type { ChargebeeConfig } from './chargebee-provider.js';

/** Which billing provider runs (config.ts, docs/billing.md). */
export type BillingConfig =
  | {
      provider: 'chargebee';
      signupsOpen: boolean;
      chargebee: ChargebeeConfig;
      /** Chargebee.js, which the dashboard loads (CHARGEBEE_JS_URL, else Chargebee's own). */
      scriptUrl: string;
    }
  | { provider: 'builtin'; signupsOpen: boolean; webhook: { user: string; password: string } };

/**
 * The Basic auth of the webhook endpoint under the built-in provider, which hands its events to the
 * handler in the process: derived from the instance secret, so no outsider can post events.
 */
export function builtinWebhookCredentials(secretKey: string): { user: string; password: string } {
  return {
    user: 'veracity-test-mode',
    password: createHmac('sha256', secretKey).update('billing-webhook').digest('base64url'),
  };
}
