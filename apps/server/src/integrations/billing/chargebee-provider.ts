import {
  type HostedPage,
  type PortalSession,
  zHostedPage,
  zPortalSession,
} from '@veracity/contracts/billing';
import Chargebee from 'chargebee';
import {
  type BillingProvider,
  BillingRequestError,
  BillingUnavailableError,
  type ExistingCheckout,
  type HostedPageResult,
  type ItemLine,
  type NewCheckout,
  type ProviderSubscription,
} from './billing-provider.js';

/** CHARGEBEE_* settings (config.ts). `apiUrl` replaces https://{site}.chargebee.com (a local fake). */
export interface ChargebeeConfig {
  site: string;
  apiKey: string;
  apiUrl: string | null;
  webhookUser: string;
  webhookPassword: string;
}

interface CbSubscriptionItem {
  item_price_id: string;
  quantity?: number;
}
interface CbSubscription {
  id: string;
  customer_id: string;
  status: ProviderSubscription['status'];
  subscription_items?: CbSubscriptionItem[];
  due_invoices_count?: number;
  next_billing_at?: number;
  has_scheduled_changes?: boolean;
}

/** The package's options for the host: Chargebee's own, or the configured URL's. */
function hostOptions(config: ChargebeeConfig) {
  if (!config.apiUrl) return { site: config.site };
  const url = new URL(config.apiUrl);
  const protocol = url.protocol.replace(':', '');
  return {
    site: url.hostname,
    hostSuffix: '',
    protocol,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
  };
}

function items(list: readonly CbSubscriptionItem[] | undefined): ItemLine[] {
  return (list ?? []).map((item) => ({ itemPriceId: item.item_price_id, quantity: item.quantity ?? 1 }));
}

function statusOf(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const status = (error as { http_status_code?: unknown }).http_status_code;
  return typeof status === 'number' ? status : null;
}

/** Chargebee's errors as the billing service knows them; the message never carries the key. */
function mapped(error: unknown): Error {
  const status = statusOf(error);
  if (status === null || status >= 500 || status === 429) {
    return new BillingUnavailableError(`Chargebee could not be reached (${status ?? 'network'})`);
  }
  const message = (error as { message?: unknown }).message;
  return new BillingRequestError(
    typeof message === 'string' ? message : 'Chargebee refused the request',
    status,
  );
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw mapped(error);
  }
}

/** Chargebee through the official package (v3), on the site and key of the config. */
export function chargebeeProvider(config: ChargebeeConfig, timeoutMs = 20_000): BillingProvider {
  const chargebee = new Chargebee({
    apiKey: config.apiKey,
    timeout: timeoutMs,
    sdkTelemetryEnabled: false,
    ...hostOptions(config),
  } as ConstructorParameters<typeof Chargebee>[0]);

  const page = (value: unknown): HostedPage => zHostedPage.parse(value);
  const orNull = async <T>(request: () => Promise<T>): Promise<T | null> => {
    try {
      return await call(request);
    } catch (error) {
      if (error instanceof BillingRequestError && error.status === 404) return null;
      throw error;
    }
  };

  return {
    name: 'chargebee',
    async checkoutNew(checkout: NewCheckout) {
      const result = await call(() =>
        chargebee.hostedPage.checkoutNewForItems({
          customer: {
            id: checkout.customerId,
            email: checkout.email,
            first_name: checkout.firstName,
            company: checkout.company,
          },
          subscription_items: checkout.items.map((item) => ({
            item_price_id: item.itemPriceId,
            quantity: item.quantity,
          })),
          redirect_url: checkout.redirectUrl,
        }),
      );
      return page(result.hosted_page);
    },
    async checkoutExisting(checkout: ExistingCheckout) {
      const result = await call(() =>
        chargebee.hostedPage.checkoutExistingForItems({
          subscription: { id: checkout.subscriptionId },
          subscription_items: checkout.items.map((item) => ({
            item_price_id: item.itemPriceId,
            quantity: item.quantity,
          })),
          replace_items_list: true,
          change_option: checkout.atTermEnd ? 'end_of_term' : 'immediately',
          redirect_url: checkout.redirectUrl,
        }),
      );
      return page(result.hosted_page);
    },
    async hostedPage(id: string): Promise<HostedPageResult | null> {
      const result = await orNull(() => chargebee.hostedPage.retrieve(id));
      if (!result) return null;
      const content = (result.hosted_page.content ?? {}) as {
        customer?: { id?: string };
        subscription?: { id?: string; customer_id?: string };
      };
      return {
        page: page(result.hosted_page),
        customerId: content.customer?.id ?? content.subscription?.customer_id ?? null,
        subscriptionId: content.subscription?.id ?? null,
      };
    },
    async acknowledge(id: string) {
      await call(() => chargebee.hostedPage.acknowledge(id));
    },
    async subscription(id: string): Promise<ProviderSubscription | null> {
      const result = await orNull(() => chargebee.subscription.retrieve(id));
      if (!result) return null;
      const subscription = result.subscription as unknown as CbSubscription;
      let scheduledItems: ItemLine[] | null = null;
      if (subscription.has_scheduled_changes) {
        const scheduled = await call(() => chargebee.subscription.retrieveWithScheduledChanges(id));
        scheduledItems = items((scheduled.subscription as unknown as CbSubscription).subscription_items);
      }
      return {
        id: subscription.id,
        customerId: subscription.customer_id,
        status: subscription.status,
        items: items(subscription.subscription_items),
        dueInvoices: subscription.due_invoices_count ?? 0,
        nextBillingAt: subscription.next_billing_at ?? null,
        scheduledItems,
      };
    },
    async portalSession(customerId: string, redirectUrl: string): Promise<PortalSession> {
      const result = await call(() =>
        chargebee.portalSession.create({ customer: { id: customerId }, redirect_url: redirectUrl }),
      );
      return zPortalSession.parse(result.portal_session);
    },
    async paymentLink(customerId: string, _subscriptionId: string, redirectUrl: string) {
      // Chargebee's portal lists the unpaid invoices and takes their payment.
      const session = await this.portalSession(customerId, redirectUrl);
      return session.access_url;
    },
  };
}
