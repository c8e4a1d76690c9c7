import { randomBytes } from 'node:crypto';
import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
} from '../kit/fake-service.js';
import {
  cbError,
  type FakeCustomer,
  type FakeEvent,
  type FakeHostedPage,
  type FakeSubscription,
  type Line,
  newId,
} from './chargebee-shapes.js';

/**
 * A local Chargebee (API v2, as the official `chargebee` package calls it): hosted pages for items
 * (`checkout_new_for_items`, `checkout_existing_for_items`, retrieve, acknowledge) through the states
 * created, requested, succeeded, cancelled and acknowledged; portal sessions; subscriptions (retrieve,
 * with scheduled changes); customers. Requests are checked as Chargebee checks them: Basic auth with
 * the site's API key, form-encoded bodies, known item prices, required parameters; errors answer in
 * Chargebee's envelope `{message, type, api_error_code, param, error_code, http_status_code}`. The test
 * plays the buyer (`openPage`, `completePage`, `cancelPage`) and the billing run (`failPayment`,
 * `collectPayment`), and sends the events it recorded as webhooks with Basic auth (`sendWebhook`).
 */

export interface FakeChargebeeOptions {
  port?: number;
  apiKey?: string;
  /** The item price ids the site sells; any other is refused as Chargebee does. */
  itemPrices: readonly string[];
  now?: () => number;
}

export interface FakeChargebee {
  /** CHARGEBEE_API_URL: the package calls `{url}/api/v2/...`. */
  url: string;
  apiKey: string;
  service: FakeService;
  pages: Map<string, FakeHostedPage>;
  subscriptions: Map<string, FakeSubscription>;
  customers: Map<string, FakeCustomer>;
  /** Every event the fake raised, oldest first. */
  events: FakeEvent[];
  openPage(id: string): void;
  /** The buyer pays: the subscription is created or changed and its events raised. */
  completePage(id: string): FakeEvent[];
  cancelPage(id: string): void;
  /** A renewal whose payment fails: one more due invoice, `payment_failed`. */
  failPayment(subscriptionId: string): FakeEvent;
  /** The dues are paid: `payment_succeeded`. */
  collectPayment(subscriptionId: string): FakeEvent;
  /** The subscription ends (cancelled in Chargebee's console, or at the end of dunning). */
  cancelSubscription(subscriptionId: string): FakeEvent;
  /** POSTs an event to a URL as Chargebee's webhooks do (JSON, Basic auth); answers the status. */
  sendWebhook(url: string, auth: { user: string; password: string }, event: FakeEvent): Promise<number>;
  close(): Promise<void>;
}

const API = '/api/v2';

export async function startFakeChargebee(options: FakeChargebeeOptions): Promise<FakeChargebee> {
  const apiKey = options.apiKey ?? `test_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const itemPrices = new Set(options.itemPrices);
  const service = createFakeService({ name: 'chargebee' });
  const pages = new Map<string, FakeHostedPage>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, FakeCustomer>();
  const events: FakeEvent[] = [];

  function authorised(request: FakeRequest): boolean {
    const header = request.headers.authorization ?? '';
    const match = /^Basic (.+)$/.exec(header);
    return !!match?.[1] && Buffer.from(match[1], 'base64').toString('utf8') === `${apiKey}:`;
  }

  /** Reads a form body; null when the content type is not Chargebee's. */
  function form(request: FakeRequest): URLSearchParams | null {
    const type = request.headers['content-type'] ?? '';
    return type.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(request.bodyText)
      : null;
  }

  /** `subscription_items[item_price_id][0]`, `[quantity][0]`, ... as lines, checked. */
  function lines(body: URLSearchParams): Line[] | FakeReply {
    const found: Line[] = [];
    for (let index = 0; body.has(`subscription_items[item_price_id][${index}]`); index += 1) {
      const id = body.get(`subscription_items[item_price_id][${index}]`) ?? '';
      const quantity = Number(body.get(`subscription_items[quantity][${index}]`) ?? '1');
      const param = `subscription_items[item_price_id][${index}]`;
      if (!itemPrices.has(id)) return cbError(404, 'resource_not_found', `${id} not found`, param);
      if (!Number.isInteger(quantity) || quantity < 1) {
        return cbError(
          400,
          'param_wrong_value',
          'quantity : invalid value',
          `subscription_items[quantity][${index}]`,
        );
      }
      found.push({ item_price_id: id, quantity });
    }
    if (found.length === 0) {
      return cbError(
        400,
        'param_wrong_value',
        'subscription_items : cannot be blank',
        'subscription_items[item_price_id][0]',
      );
    }
    return found;
  }

  function guarded(handler: (request: FakeRequest) => FakeReply): (request: FakeRequest) => FakeReply {
    return (request) => {
      if (!authorised(request)) {
        return {
          status: 401,
          body: {
            message: 'Sorry, authentication failed. Invalid api key',
            api_error_code: 'api_authentication_failed',
            type: 'invalid_request',
            http_status_code: 401,
          },
        };
      }
      if (request.method === 'POST' && !form(request)) {
        return cbError(
          415,
          'unsupported_media_type',
          'Content type must be application/x-www-form-urlencoded',
        );
      }
      return handler(request);
    };
  }

  function publicPage(page: FakeHostedPage): Record<string, unknown> {
    const content =
      page.state === 'succeeded' || page.state === 'acknowledged'
        ? {
            ...(page.subscriptionId ? { subscription: subscriptions.get(page.subscriptionId) } : {}),
            ...(page.customer ? { customer: customers.get(page.customer.id) } : {}),
          }
        : undefined;
    return {
      id: page.id,
      type: page.type,
      url: page.url,
      state: page.state,
      embed: page.embed,
      created_at: page.created_at,
      expires_at: page.expires_at,
      updated_at: page.updated_at,
      resource_version: page.resource_version,
      object: 'hosted_page',
      ...(content ? { content } : {}),
    };
  }

  function newPage(
    fields: Pick<
      FakeHostedPage,
      'type' | 'customer' | 'subscriptionId' | 'items' | 'changeOption' | 'redirectUrl'
    >,
  ): FakeHostedPage {
    const id = newId('hp');
    const created = now();
    const page: FakeHostedPage = {
      id,
      url: `${fake.url}/pages/v4/${id}/`,
      state: 'created',
      embed: false,
      created_at: created,
      expires_at: created + 3 * 3600,
      updated_at: created,
      resource_version: created * 1000,
      ...fields,
    };
    pages.set(id, page);
    return page;
  }

  function publicSubscription(subscription: FakeSubscription, scheduled = false): Record<string, unknown> {
    const { scheduled_items: scheduledItems, ...rest } = subscription;
    return {
      ...rest,
      ...(scheduled && scheduledItems ? { subscription_items: scheduledItems } : {}),
      object: 'subscription',
    };
  }

  function raise(eventType: string, subscription: FakeSubscription): FakeEvent {
    const customer = customers.get(subscription.customer_id);
    const event: FakeEvent = {
      id: newId('ev'),
      occurred_at: now(),
      object: 'event',
      api_version: 'v2',
      source: 'system',
      event_type: eventType,
      content: { subscription: { ...subscription }, ...(customer ? { customer: { ...customer } } : {}) },
    };
    events.push(event);
    return event;
  }

  service.route(
    'hosted_pages.checkout_new_for_items',
    'POST',
    `${API}/hosted_pages/checkout_new_for_items`,
    guarded((request) => {
      const body = form(request) ?? new URLSearchParams();
      const items = lines(body);
      if (!Array.isArray(items)) return items;
      const customerId = body.get('customer[id]');
      if (customerId !== null && !/^[A-Za-z0-9_\-.]{1,50}$/.test(customerId)) {
        return cbError(400, 'param_wrong_value', 'customer[id] : invalid value', 'customer[id]');
      }
      const page = newPage({
        type: 'checkout_new',
        customer: {
          id: customerId ?? newId('cus'),
          ...(body.get('customer[email]') ? { email: body.get('customer[email]') ?? '' } : {}),
          ...(body.get('customer[first_name]') ? { first_name: body.get('customer[first_name]') ?? '' } : {}),
          ...(body.get('customer[company]') ? { company: body.get('customer[company]') ?? '' } : {}),
        },
        subscriptionId: null,
        items,
        changeOption: 'immediately',
        redirectUrl: body.get('redirect_url'),
      });
      return { status: 200, body: { hosted_page: publicPage(page) } };
    }),
  );

  service.route(
    'hosted_pages.checkout_existing_for_items',
    'POST',
    `${API}/hosted_pages/checkout_existing_for_items`,
    guarded((request) => {
      const body = form(request) ?? new URLSearchParams();
      const subscriptionId = body.get('subscription[id]');
      if (!subscriptionId)
        return cbError(400, 'param_wrong_value', 'subscription[id] : cannot be blank', 'subscription[id]');
      if (!subscriptions.has(subscriptionId)) {
        return cbError(
          404,
          'resource_not_found',
          `Subscription ${subscriptionId} not found`,
          'subscription[id]',
        );
      }
      const items = lines(body);
      if (!Array.isArray(items)) return items;
      const change = body.get('change_option') ?? 'immediately';
      if (change !== 'immediately' && change !== 'end_of_term') {
        return cbError(400, 'param_wrong_value', 'change_option : invalid value', 'change_option');
      }
      const page = newPage({
        type: 'checkout_existing',
        customer: null,
        subscriptionId,
        items,
        changeOption: change,
        redirectUrl: body.get('redirect_url'),
      });
      return { status: 200, body: { hosted_page: publicPage(page) } };
    }),
  );

  service.route(
    'hosted_pages.retrieve',
    'GET',
    `${API}/hosted_pages/{id}`,
    guarded((request) => {
      const page = pages.get(request.params.id ?? '');
      if (!page)
        return cbError(404, 'resource_not_found', `Sorry, we couldn't find that resource`, 'hosted_page_id');
      return { status: 200, body: { hosted_page: publicPage(page) } };
    }),
  );

  service.route(
    'hosted_pages.acknowledge',
    'POST',
    `${API}/hosted_pages/{id}/acknowledge`,
    guarded((request) => {
      const page = pages.get(request.params.id ?? '');
      if (!page) return cbError(404, 'resource_not_found', `Sorry, we couldn't find that resource`);
      if (page.state !== 'succeeded') {
        return cbError(400, 'invalid_state_for_request', `Hosted page is in ${page.state} state`);
      }
      page.state = 'acknowledged';
      page.updated_at = now();
      return { status: 200, body: { hosted_page: publicPage(page) } };
    }),
  );

  service.route(
    'portal_sessions.create',
    'POST',
    `${API}/portal_sessions`,
    guarded((request) => {
      const body = form(request) ?? new URLSearchParams();
      const customerId = body.get('customer[id]');
      if (!customerId)
        return cbError(400, 'param_wrong_value', 'customer[id] : cannot be blank', 'customer[id]');
      if (!customers.has(customerId))
        return cbError(404, 'resource_not_found', `Customer ${customerId} not found`);
      const id = newId('portal');
      const token = randomBytes(16).toString('hex');
      const created = now();
      return {
        status: 200,
        body: {
          portal_session: {
            id,
            token,
            access_url: `${fake.url}/portal/v2/access/${token}`,
            status: 'created',
            created_at: created,
            expires_at: created + 3600,
            customer_id: customerId,
            ...(body.get('redirect_url') ? { redirect_url: body.get('redirect_url') } : {}),
            object: 'portal_session',
          },
        },
      };
    }),
  );

  service.route(
    'subscriptions.retrieve',
    'GET',
    `${API}/subscriptions/{id}`,
    guarded((request) => {
      const subscription = subscriptions.get(request.params.id ?? '');
      if (!subscription) return cbError(404, 'resource_not_found', `Subscription not found`);
      const customer = customers.get(subscription.customer_id);
      return { status: 200, body: { subscription: publicSubscription(subscription), customer } };
    }),
  );

  service.route(
    'subscriptions.retrieve_with_scheduled_changes',
    'GET',
    `${API}/subscriptions/{id}/retrieve_with_scheduled_changes`,
    guarded((request) => {
      const subscription = subscriptions.get(request.params.id ?? '');
      if (!subscription) return cbError(404, 'resource_not_found', `Subscription not found`);
      if (!subscription.has_scheduled_changes) {
        return cbError(400, 'invalid_state_for_request', 'No scheduled changes for the subscription');
      }
      return { status: 200, body: { subscription: publicSubscription(subscription, true) } };
    }),
  );

  service.route(
    'customers.retrieve',
    'GET',
    `${API}/customers/{id}`,
    guarded((request) => {
      const customer = customers.get(request.params.id ?? '');
      if (!customer) return cbError(404, 'resource_not_found', `Customer not found`);
      return { status: 200, body: { customer: { ...customer, object: 'customer' } } };
    }),
  );

  const fake: FakeChargebee = {
    url: '',
    apiKey,
    service,
    pages,
    subscriptions,
    customers,
    events,
    openPage(id) {
      const page = pages.get(id);
      if (page?.state === 'created') page.state = 'requested';
    },
    completePage(id) {
      const page = pages.get(id);
      if (!page || (page.state !== 'created' && page.state !== 'requested')) {
        throw new Error(`hosted page ${id} cannot be paid`);
      }
      page.state = 'succeeded';
      page.updated_at = now();
      if (page.type === 'checkout_new' && page.customer) {
        // An existing customer gets a new subscription, with its details kept.
        customers.set(page.customer.id, customers.get(page.customer.id) ?? page.customer);
        const subscription: FakeSubscription = {
          id: newId('sub'),
          customer_id: page.customer.id,
          status: 'active',
          subscription_items: page.items,
          due_invoices_count: 0,
          next_billing_at: now() + 30 * 86_400,
          has_scheduled_changes: false,
          scheduled_items: null,
          resource_version: Date.now(),
        };
        subscriptions.set(subscription.id, subscription);
        page.subscriptionId = subscription.id;
        return [
          raise('customer_created', subscription),
          raise('subscription_created', subscription),
          raise('payment_succeeded', subscription),
        ];
      }
      const subscription = subscriptions.get(page.subscriptionId ?? '');
      if (!subscription) throw new Error('no subscription');
      if (page.changeOption === 'end_of_term') {
        subscription.has_scheduled_changes = true;
        subscription.scheduled_items = page.items;
        return [raise('subscription_changes_scheduled', subscription)];
      }
      subscription.subscription_items = page.items;
      subscription.has_scheduled_changes = false;
      subscription.scheduled_items = null;
      subscription.resource_version = Date.now();
      return [raise('subscription_changed', subscription)];
    },
    cancelPage(id) {
      const page = pages.get(id);
      if (page && (page.state === 'created' || page.state === 'requested')) page.state = 'cancelled';
    },
    failPayment(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error('no subscription');
      subscription.due_invoices_count += 1;
      return raise('payment_failed', subscription);
    },
    collectPayment(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error('no subscription');
      subscription.due_invoices_count = 0;
      return raise('payment_succeeded', subscription);
    },
    cancelSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error('no subscription');
      subscription.status = 'cancelled';
      subscription.has_scheduled_changes = false;
      subscription.scheduled_items = null;
      return raise('subscription_cancelled', subscription);
    },
    async sendWebhook(url, auth, event) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
        },
        body: JSON.stringify(event),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => service.close(),
  };
  fake.url = await service.listen(options.port);
  return fake;
}
