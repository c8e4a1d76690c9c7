import {
  BILLING_CURRENCIES,
  BILLING_FREQUENCIES,
  itemPriceId,
  PAID_PLANS,
  SIGNUPS_UNAVAILABLE,
  VISITS_ADDON_ITEM,
} from '@veracity/contracts/billing';
import { type FakeChargebee, startFakeChargebee } from '@veracity/fakes/chargebee/start-fake-chargebee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Billing on Chargebee through the official package, against the local fake of Chargebee's v2 API
 * (issue 37): the hosted page's states, the re-read before any plan is granted, webhooks repeated,
 * reordered and forged, the portal and the payment link, and 503 when Chargebee cannot be reached.
 */
const ITEM_PRICES = [...PAID_PLANS, VISITS_ADDON_ITEM as typeof VISITS_ADDON_ITEM].flatMap((item) =>
  BILLING_CURRENCIES.flatMap((currency) =>
    BILLING_FREQUENCIES.map((frequency) => itemPriceId(item, currency, frequency)),
  ),
);
const WEBHOOK = { user: 'chargebee-hooks', password: 'a-webhook-password-of-length' };

let fake: FakeChargebee;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  fake = await startFakeChargebee({ itemPrices: ITEM_PRICES });
  t = await startTestApp({
    CHARGEBEE_SITE: 'veracity-test',
    CHARGEBEE_API_KEY: fake.apiKey,
    CHARGEBEE_API_URL: fake.url,
    CHARGEBEE_WEBHOOK_USER: WEBHOOK.user,
    CHARGEBEE_WEBHOOK_PASSWORD: WEBHOOK.password,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/billing/webhook`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const password = 'a-long-password';
const signupFields = (email: string) => ({
  email,
  firstName: 'Carla',
  companyName: 'Charged Ltd',
  password,
  terms: true,
});

async function openGuestCheckout(email: string, plan = 'pro') {
  const response = await call(t, 'POST', '/billing/guest-checkout', {
    body: {
      plan,
      currency: 'EUR',
      frequency: 'monthly',
      numVisitsAddons: 1,
      signupFields: signupFields(email),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; url: string; state: string; type: string; embed: boolean };
}

const finish = (hostedPageId: string, email: string, secret = password) =>
  call(t, 'POST', '/billing/guest-checkout-finish', {
    body: { hostedPageId, signupFields: { email, password: secret } },
  });

async function accountOfEmail(email: string) {
  return t.stores.accounts.db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .innerJoin('relationships', 'relationships.id', 'memberships.relationship_id')
    .innerJoin('billing_accounts', 'billing_accounts.relationship_id', 'relationships.id')
    .select([
      'relationships.id',
      'relationships.plan_type',
      'relationships.active',
      'relationships.payment_url',
      'billing_accounts.subscription_id',
      'billing_accounts.visits_addons',
    ])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

describe('the plan sign-up on Chargebee', () => {
  it('grants the plan only once the re-read page has succeeded, then acknowledges it', async () => {
    const email = uniqueEmail('cb-buyer');
    const page = await openGuestCheckout(email);
    // The whole hosted page object, as Chargebee.js's openCheckout takes it.
    expect(page).toMatchObject({ state: 'created', type: 'checkout_new', embed: false });
    expect(page.url.startsWith(`${fake.url}/pages/v4/`)).toBe(true);
    const sent = fake.service.requestsTo('hosted_pages.checkout_new_for_items').at(-1);
    expect(sent?.body).toMatchObject({
      'customer[email]': email,
      'subscription_items[item_price_id][0]': 'pro-EUR-monthly',
      'subscription_items[quantity][0]': '1',
      'subscription_items[item_price_id][1]': 'visits-addon-EUR-monthly',
      'subscription_items[quantity][1]': '1',
    });
    expect(sent?.headers.authorization).toBe('[redacted]');

    expect((await finish(page.id, email)).statusCode).toBe(409);
    fake.openPage(page.id);
    expect(fake.pages.get(page.id)?.state).toBe('requested');
    expect((await finish(page.id, email)).statusCode).toBe(409);
    expect(await accountOfEmail(email)).toBeUndefined();

    fake.completePage(page.id);
    expect((await finish(page.id, email, 'someone-elses-guess')).statusCode).toBe(401);
    const done = await finish(page.id, email);
    expect(done.statusCode, done.body).toBe(200);
    expect(fake.pages.get(page.id)?.state).toBe('acknowledged');
    expect(await accountOfEmail(email)).toMatchObject({ plan_type: 'pro', active: 1, visits_addons: 1 });
    // Reading it again (the page reloaded) still logs in: an acknowledged page stays paid.
    expect((await finish(page.id, email)).statusCode).toBe(200);
  });

  it('grants nothing for a cancelled page', async () => {
    const email = uniqueEmail('cb-cancelled');
    const page = await openGuestCheckout(email);
    fake.cancelPage(page.id);
    expect((await finish(page.id, email)).statusCode).toBe(409);
    expect((await finish('hp_unknown', email)).statusCode).toBe(404);
    expect(await accountOfEmail(email)).toBeUndefined();
  });

  it('creates the account from the webhook when the buyer never comes back, and the finish logs in', async () => {
    const email = uniqueEmail('cb-webhook-first');
    const page = await openGuestCheckout(email, 'max');
    const events = fake.completePage(page.id);
    for (const event of events) expect(await fake.sendWebhook(webhookUrl, WEBHOOK, event)).toBe(200);
    expect(await accountOfEmail(email)).toMatchObject({ plan_type: 'max', active: 1 });
    expect((await finish(page.id, email)).statusCode).toBe(200);
    const users = await t.stores.accounts.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('answers 503 with the spec text when Chargebee cannot be reached', async () => {
    fake.service.injectError('hosted_pages.checkout_new_for_items', {
      status: 503,
      body: { message: 'down', api_error_code: 'internal_temporary_error', http_status_code: 503 },
    });
    const response = await call(t, 'POST', '/billing/guest-checkout', {
      body: { plan: 'lite', signupFields: signupFields(uniqueEmail('cb-down')) },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toBe(SIGNUPS_UNAVAILABLE);
  });
});

describe("Chargebee's webhooks", () => {
  it('are safe repeated and out of order: the re-read subscription decides', async () => {
    const email = uniqueEmail('cb-dunning');
    const page = await openGuestCheckout(email, 'lite');
    fake.completePage(page.id);
    expect((await finish(page.id, email)).statusCode).toBe(200);
    const account = await accountOfEmail(email);
    const subscriptionId = account?.subscription_id ?? '';

    const failed = fake.failPayment(subscriptionId);
    const paid = fake.collectPayment(subscriptionId);
    // Delivered newest first: the failure arriving late re-reads a paid subscription.
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, paid)).toBe(200);
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, failed)).toBe(200);
    expect(await accountOfEmail(email)).toMatchObject({ active: 1, payment_url: null });

    const failedAgain = fake.failPayment(subscriptionId);
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, failedAgain)).toBe(200);
    const closed = await accountOfEmail(email);
    expect(closed).toMatchObject({ active: 0, plan_type: 'lite' });
    expect(closed?.payment_url).toMatch(/^\/api\/billing\/pay\?token=[\w-]{20,}$/);
    // "Reactivate access": a fresh portal session of this customer.
    const link = await t.app.inject({ method: 'GET', url: closed?.payment_url ?? '' });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toMatch(new RegExp(`^${fake.url}/portal/v2/access/`));

    // Retried for days: the same event again re-reads nothing and changes nothing.
    const reads = fake.service.requestsTo('subscriptions.retrieve').length;
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, failedAgain)).toBe(200);
    expect(fake.service.requestsTo('subscriptions.retrieve')).toHaveLength(reads);

    const settled = fake.collectPayment(subscriptionId);
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, settled)).toBe(200);
    expect(await accountOfEmail(email)).toMatchObject({ active: 1, payment_url: null });
    const audit = await t.stores.accounts.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('relationship_id', '=', closed?.id ?? 0)
      .where('action', '=', 'billing.subscription_applied')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a forged webhook: no Basic auth, or the wrong one, changes nothing', async () => {
    const email = uniqueEmail('cb-forged');
    const page = await openGuestCheckout(email, 'lite');
    fake.completePage(page.id);
    expect((await finish(page.id, email)).statusCode).toBe(200);
    const subscriptionId = (await accountOfEmail(email))?.subscription_id ?? '';
    const failed = fake.failPayment(subscriptionId);
    expect(
      await fake.sendWebhook(webhookUrl, { user: WEBHOOK.user, password: 'guessed-password-x' }, failed),
    ).toBe(401);
    const anonymous = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(failed),
    });
    expect(anonymous.status).toBe(401);
    expect(await accountOfEmail(email)).toMatchObject({ active: 1 });
    const recorded = await t.stores.accounts.db
      .selectFrom('billing_webhook_events')
      .select('event_id')
      .where('event_id', '=', failed.id)
      .execute();
    expect(recorded).toEqual([]);
    // The real delivery of the same event is then handled.
    expect(await fake.sendWebhook(webhookUrl, WEBHOOK, failed)).toBe(200);
    expect(await accountOfEmail(email)).toMatchObject({ active: 0 });
  });
});

describe('a signed-in admin on Chargebee', () => {
  it('upgrades at once, downgrades at the end of the term, and opens the portal', async () => {
    const email = uniqueEmail('cb-admin');
    const page = await openGuestCheckout(email, 'lite');
    fake.completePage(page.id);
    const login = await finish(page.id, email);
    const hash = (login.json() as { loginToken: { hash: string } }).loginToken.hash;
    const account = await accountOfEmail(email);
    const bound = await call(t, 'GET', `/auth/account/${account?.id}`, { token: hash });
    const token = (bound.json() as { token: { hash: string } }).token.hash;

    const up = await call(t, 'POST', '/billing/checkout', {
      token,
      body: { plan: 'pro', currency: 'EUR', frequency: 'monthly', numVisitsAddons: 0 },
    });
    expect(up.statusCode, up.body).toBe(200);
    const upPage = up.json() as { id: string; type: string };
    expect(upPage.type).toBe('checkout_existing');
    expect(fake.service.requestsTo('hosted_pages.checkout_existing_for_items').at(-1)?.body).toMatchObject({
      'subscription[id]': account?.subscription_id,
      change_option: 'immediately',
      replace_items_list: 'true',
    });
    fake.completePage(upPage.id);
    const upDone = await call(t, 'POST', '/billing/checkout-finish', {
      token,
      body: { hostedPageId: upPage.id },
    });
    expect(upDone.json()).toMatchObject({ planType: 'pro', scheduledPlan: null });

    const down = await call(t, 'POST', '/billing/checkout', {
      token,
      body: { plan: 'lite', currency: 'EUR', frequency: 'monthly', numVisitsAddons: 0 },
    });
    const downPage = down.json() as { id: string };
    expect(fake.service.requestsTo('hosted_pages.checkout_existing_for_items').at(-1)?.body).toMatchObject({
      change_option: 'end_of_term',
    });
    fake.completePage(downPage.id);
    const downDone = await call(t, 'POST', '/billing/checkout-finish', {
      token,
      body: { hostedPageId: downPage.id },
    });
    expect(downDone.json()).toMatchObject({ planType: 'pro', scheduledPlan: 'lite' });

    const portal = await call(t, 'POST', '/billing/portal', {
      token,
      body: { subscriptionId: account?.subscription_id },
    });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json()).toMatchObject({ customer_id: expect.stringMatching(/^vc_/), status: 'created' });
    const wrong = await call(t, 'POST', '/billing/portal', {
      token,
      body: { subscriptionId: 'sub_not_ours' },
    });
    expect(wrong.statusCode).toBe(404);
    // TEST MODE's failed renewal exists only with the built-in provider.
    const testMode = await call(t, 'POST', '/billing/test-mode/fail-renewal', { token });
    expect(testMode.statusCode).toBe(404);
  });
});
