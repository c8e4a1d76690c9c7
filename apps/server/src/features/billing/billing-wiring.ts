import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { BillingProvider } from '../../integrations/billing/billing-provider.js';
import { type BuiltinBillingProvider, builtinProvider } from '../../integrations/billing/builtin-provider.js';
import { chargebeeProvider } from '../../integrations/billing/chargebee-provider.js';
import type { Clock } from '../../jobs/clock.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { BillingServiceDeps } from './billing.service.js';
import { handleBillingEvent } from './subscription-sync.service.js';

/** Billing as the routes get it: the provider the config chose, and the built-in one when it is that. */
export interface BillingIntegration {
  deps: BillingServiceDeps;
  /** Set when the built-in test-mode provider runs: its pages are served (builtin-pages.routes.ts). */
  builtin: BuiltinBillingProvider | null;
  /** The Basic auth the webhook endpoint requires. */
  webhookCredentials: { user: string; password: string };
}

export const PAYMENT_LINK_PATH = '/api/billing/pay';

export function createBillingIntegration(options: {
  config: Config;
  db: Kysely<Database>;
  events: EventStore;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A provider other than the config's (tests: Chargebee on its local fake). */
  provider?: BillingProvider;
}): BillingIntegration {
  const { config, db, log } = options;
  const billing = config.billing;
  const builtin = !options.provider && billing.provider === 'builtin' ? builtinProvider(db) : null;
  const provider =
    options.provider ??
    builtin ??
    (billing.provider === 'chargebee' ? chargebeeProvider(billing.chargebee) : builtinProvider(db));
  const base = config.publicUrlSet ? config.publicUrl : '';
  const deps: BillingServiceDeps = {
    db,
    events: options.events,
    clock: options.clock,
    provider,
    log,
    signupsOpen: billing.signupsOpen,
    paymentLink: (token) => `${base}${PAYMENT_LINK_PATH}?token=${token}`,
  };
  // The built-in provider's events go to the same handler as Chargebee's webhooks.
  builtin?.onEvent(async (event) => {
    await handleBillingEvent(deps, event);
  });
  const webhookCredentials =
    billing.provider === 'chargebee'
      ? { user: billing.chargebee.webhookUser, password: billing.chargebee.webhookPassword }
      : billing.webhook;
  return { deps, builtin, webhookCredentials };
}
