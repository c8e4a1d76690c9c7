import { randomBytes } from 'node:crypto';
import type { HostedPage, PortalSession } from '@veracity/contracts/billing';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import type {
  BillingEvent,
  BillingProvider,
  ExistingCheckout,
  HostedPageResult,
  ItemLine,
  NewCheckout,
  ProviderSubscription,
} from './billing-provider.js';
import { insertTestObject, readTestObject, writeTestObject } from './builtin-objects.repo.js';

/**
 * The built-in test-mode provider (issue 37): Veracity serves the hosted pages itself
 * (builtin-pages.ts: a card form marked TEST MODE), keeps its hosted pages and subscriptions in the
 * accounts database, and sends Chargebee-shaped events to the same handler as Chargebee's webhooks.
 * No money moves: the documented test cards decide the outcome. Production refuses it unless
 * BILLING_TEST_MODE_HOST names the host a staging host (config.ts).
 */
export const TEST_CARDS = {
  /** Pays. */
  success: '4242424242424242',
  /** Declined: the page says so and nothing is bought. */
  declined: '4000000000000002',
} as const;

export const BUILTIN_PAGE_PATH = '/billing/test-mode';
const PAGE_LIFETIME_S = 3 * 3600;
const TERM_S: Record<string, number> = { monthly: 30 * 86_400, yearly: 365 * 86_400 };

export interface TestHostedPage extends HostedPage {
  customer: { id: string; email: string; first_name: string; company: string } | null;
  items: ItemLine[];
  subscription_id: string | null;
  at_term_end: boolean;
  redirect_url: string;
}

interface TestSubscription {
  id: string;
  customer_id: string;
  status: ProviderSubscription['status'];
  items: ItemLine[];
  due_invoices: number;
  next_billing_at: number;
  scheduled_items: ItemLine[] | null;
}

export type CardOutcome = 'paid' | 'declined' | 'unknown_card' | 'closed';

export interface BuiltinBillingProvider extends BillingProvider {
  /** Where the events go: the billing service's handler (set once the app's services exist). */
  onEvent(deliver: (event: BillingEvent) => Promise<void>): void;
  /** A page as its form shows it; null when unknown. */
  testPage(id: string): Promise<TestHostedPage | null>;
  /** The page is open in a browser: created becomes requested. */
  markRequested(id: string): Promise<void>;
  /** Pays a page with a test card number. */
  pay(id: string, cardNumber: string): Promise<CardOutcome>;
  /** The buyer closed the page. */
  cancel(id: string): Promise<void>;
  /** A renewal whose payment fails: one more due invoice and a payment_failed event. */
  failRenewal(subscriptionId: string): Promise<void>;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function frequencyOf(items: readonly ItemLine[]): string {
  return items[0]?.itemPriceId.endsWith('-yearly') ? 'yearly' : 'monthly';
}

function publicPage(page: TestHostedPage): HostedPage {
  return {
    id: page.id,
    type: page.type,
    url: page.url,
    state: page.state,
    embed: page.embed,
    created_at: page.created_at,
    expires_at: page.expires_at,
    object: 'hosted_page',
  };
}

export function builtinProvider(db: Kysely<Database>): BuiltinBillingProvider {
  let deliver: (event: BillingEvent) => Promise<void> = async () => undefined;

  const send = (eventType: string, subscription: TestSubscription) =>
    deliver({
      id: newId('ev_test'),
      eventType,
      subscriptionId: subscription.id,
      customerId: subscription.customer_id,
    });

  async function createPage(
    type: HostedPage['type'],
    redirectUrl: string,
    fields: Pick<TestHostedPage, 'customer' | 'items' | 'subscription_id' | 'at_term_end'>,
  ): Promise<HostedPage> {
    const id = newId('hp_test');
    const created = nowSeconds();
    const page: TestHostedPage = {
      id,
      type,
      url: `${new URL(redirectUrl).origin}${BUILTIN_PAGE_PATH}/${id}`,
      state: 'created',
      embed: false,
      created_at: created,
      expires_at: created + PAGE_LIFETIME_S,
      object: 'hosted_page',
      redirect_url: redirectUrl,
      ...fields,
    };
    await insertTestObject(db, 'hosted_page', id, page);
    return publicPage(page);
  }

  const subscriptionOf = (id: string) => readTestObject<TestSubscription>(db, 'subscription', id);

  async function complete(page: TestHostedPage): Promise<void> {
    if (page.type === 'checkout_new' && page.customer) {
      const subscription: TestSubscription = {
        id: newId('sub_test'),
        customer_id: page.customer.id,
        status: 'active',
        items: page.items,
        due_invoices: 0,
        next_billing_at: nowSeconds() + (TERM_S[frequencyOf(page.items)] ?? TERM_S.monthly ?? 0),
        scheduled_items: null,
      };
      await insertTestObject(db, 'subscription', subscription.id, subscription);
      await writeTestObject(db, 'hosted_page', page.id, {
        ...page,
        state: 'succeeded',
        subscription_id: subscription.id,
      });
      await send('subscription_created', subscription);
      await send('payment_succeeded', subscription);
      return;
    }
    const subscription = page.subscription_id ? await subscriptionOf(page.subscription_id) : null;
    if (!subscription) return;
    const updated: TestSubscription =
      page.type === 'collect_now'
        ? { ...subscription, due_invoices: 0 }
        : page.at_term_end
          ? { ...subscription, scheduled_items: page.items }
          : { ...subscription, items: page.items, scheduled_items: null };
    await writeTestObject(db, 'subscription', subscription.id, updated);
    await writeTestObject(db, 'hosted_page', page.id, { ...page, state: 'succeeded' });
    await send(page.type === 'collect_now' ? 'payment_succeeded' : 'subscription_changed', updated);
  }

  return {
    name: 'builtin',
    onEvent(handler) {
      deliver = handler;
    },
    checkoutNew(checkout: NewCheckout) {
      return createPage('checkout_new', checkout.redirectUrl, {
        customer: {
          id: checkout.customerId,
          email: checkout.email,
          first_name: checkout.firstName,
          company: checkout.company,
        },
        items: checkout.items,
        subscription_id: null,
        at_term_end: false,
      });
    },
    checkoutExisting(checkout: ExistingCheckout) {
      return createPage('checkout_existing', checkout.redirectUrl, {
        customer: null,
        items: checkout.items,
        subscription_id: checkout.subscriptionId,
        at_term_end: checkout.atTermEnd,
      });
    },
    async hostedPage(id: string): Promise<HostedPageResult | null> {
      const page = await readTestObject<TestHostedPage>(db, 'hosted_page', id);
      if (!page) return null;
      const subscription = page.subscription_id ? await subscriptionOf(page.subscription_id) : null;
      return {
        page: publicPage(page),
        customerId: page.customer?.id ?? subscription?.customer_id ?? null,
        subscriptionId: page.subscription_id,
      };
    },
    async acknowledge(id: string) {
      const page = await readTestObject<TestHostedPage>(db, 'hosted_page', id);
      if (page?.state === 'succeeded') {
        await writeTestObject(db, 'hosted_page', id, { ...page, state: 'acknowledged' });
      }
    },
    async subscription(id: string): Promise<ProviderSubscription | null> {
      const subscription = await subscriptionOf(id);
      if (!subscription) return null;
      return {
        id: subscription.id,
        customerId: subscription.customer_id,
        status: subscription.status,
        items: subscription.items,
        dueInvoices: subscription.due_invoices,
        nextBillingAt: subscription.next_billing_at,
        scheduledItems: subscription.scheduled_items,
      };
    },
    async portalSession(customerId: string, redirectUrl: string): Promise<PortalSession> {
      // The built-in portal is the plans screen itself: the session sends the person back there.
      const created = nowSeconds();
      return {
        id: newId('portal_test'),
        token: randomBytes(16).toString('hex'),
        access_url: redirectUrl,
        status: 'created',
        created_at: created,
        expires_at: created + 3600,
        customer_id: customerId,
        object: 'portal_session',
      };
    },
    async paymentLink(_customerId: string, subscriptionId: string, redirectUrl: string) {
      const page = await createPage('collect_now', redirectUrl, {
        customer: null,
        items: [],
        subscription_id: subscriptionId,
        at_term_end: false,
      });
      return page.url;
    },
    testPage(id: string) {
      return readTestObject<TestHostedPage>(db, 'hosted_page', id);
    },
    async markRequested(id: string) {
      const page = await readTestObject<TestHostedPage>(db, 'hosted_page', id);
      if (page?.state === 'created')
        await writeTestObject(db, 'hosted_page', id, { ...page, state: 'requested' });
    },
    async pay(id: string, cardNumber: string): Promise<CardOutcome> {
      const page = await readTestObject<TestHostedPage>(db, 'hosted_page', id);
      if (
        !page ||
        !(page.state === 'created' || page.state === 'requested') ||
        page.expires_at < nowSeconds()
      ) {
        return 'closed';
      }
      const card = cardNumber.replace(/[\s-]/g, '');
      if (card === TEST_CARDS.declined) return 'declined';
      if (card !== TEST_CARDS.success) return 'unknown_card';
      await complete(page);
      return 'paid';
    },
    async cancel(id: string) {
      const page = await readTestObject<TestHostedPage>(db, 'hosted_page', id);
      if (page && (page.state === 'created' || page.state === 'requested')) {
        await writeTestObject(db, 'hosted_page', id, { ...page, state: 'cancelled' });
      }
    },
    async failRenewal(subscriptionId: string) {
      const subscription = await subscriptionOf(subscriptionId);
      if (!subscription) return;
      const updated = { ...subscription, due_invoices: subscription.due_invoices + 1 };
      await writeTestObject(db, 'subscription', subscriptionId, updated);
      await send('payment_failed', updated);
    },
  };
}
