import type { HostedPage, PortalSession } from '@veracity/contracts/billing';

/**
 * What Veracity asks of a hosted-pages billing provider (issue 37, docs/billing.md). Two
 * implementations: Chargebee (chargebee-provider.ts, the official package) and the built-in test-mode
 * provider (builtin-provider.ts). Both answer in Chargebee's shapes, and both deliver their events to
 * the same webhook handler; a webhook only triggers a re-read of the subscription (`subscription`),
 * which decides the account's plan.
 */
export type BillingProviderName = 'chargebee' | 'builtin';

export interface ItemLine {
  itemPriceId: string;
  quantity: number;
}

export interface NewCheckout {
  /** The customer id Veracity chooses: it names the pending sign-up or the account. */
  customerId: string;
  email: string;
  firstName: string;
  company: string;
  items: ItemLine[];
  /** Where the page sends the buyer back, with `id` and `state` added to its query. */
  redirectUrl: string;
}

export interface ExistingCheckout {
  subscriptionId: string;
  items: ItemLine[];
  /** A downgrade waits for the end of the term; anything else applies at once. */
  atTermEnd: boolean;
  redirectUrl: string;
}

/** A subscription as re-read from the provider. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: 'future' | 'in_trial' | 'active' | 'non_renewing' | 'paused' | 'cancelled';
  items: ItemLine[];
  /** Invoices not paid: one or more makes the account inactive with its payment link. */
  dueInvoices: number;
  /** Unix seconds. */
  nextBillingAt: number | null;
  /** A change scheduled for the end of the term (a downgrade): its items. */
  scheduledItems: ItemLine[] | null;
}

/** A hosted page re-read from the provider, with what it bought once it succeeded. */
export interface HostedPageResult {
  page: HostedPage;
  customerId: string | null;
  subscriptionId: string | null;
}

/** The provider could not be reached or answered a server error: the sign-up calls answer 503. */
export class BillingUnavailableError extends Error {
  override name = 'BillingUnavailableError';
}

/** The provider refused the request (validation, unknown object). */
export class BillingRequestError extends Error {
  override name = 'BillingRequestError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  checkoutNew(checkout: NewCheckout): Promise<HostedPage>;
  checkoutExisting(checkout: ExistingCheckout): Promise<HostedPage>;
  /** Null when the provider knows no such page. */
  hostedPage(id: string): Promise<HostedPageResult | null>;
  /** Marks a succeeded page as handled (state acknowledged). */
  acknowledge(id: string): Promise<void>;
  /** Null when the provider knows no such subscription. */
  subscription(id: string): Promise<ProviderSubscription | null>;
  portalSession(customerId: string, redirectUrl: string): Promise<PortalSession>;
  /** Where a person pays what the subscription owes (the payment link of an inactive account). */
  paymentLink(customerId: string, subscriptionId: string, redirectUrl: string): Promise<string>;
}

/** A provider's event, in Chargebee's webhook shape (what the handler reads of it). */
export interface BillingEvent {
  id: string;
  eventType: string;
  subscriptionId: string | null;
  customerId: string | null;
}
