import { SIGNUPS_UNAVAILABLE } from '@veracity/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../integrations/billing/builtin-provider.js';
import { accountToken, call, createTenant, login, uniqueEmail } from '../../test-support/fixtures.js';
import { collect, sensorHit } from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Billing on the built-in test-mode provider (issue 37): the paid sign-up through Veracity's own
 * checkout page, a failed renewal closing the account until its payment link is paid, a signed-in
 * upgrade and downgrade, and the webhook endpoint's Basic auth.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const signupFields = (email: string) => ({
  email,
  firstName: 'Paula',
  companyName: 'Paid Corp',
  password: 'a-long-password',
  terms: true,
});

/** The page's form, as a browser posts it. */
function payPage(url: string, card: string) {
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card }).toString(),
  });
}

async function relationshipOf(id: number) {
  return t.stores.accounts.db
    .selectFrom('relationships')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('the plan sign-up through the built-in checkout', () => {
  it('signs up for Pro: TEST MODE page, a declined card, the paid page re-read, logged in', async () => {
    const email = uniqueEmail('pro-buyer');
    const opened = await call(t, 'POST', '/billing/guest-checkout', {
      body: {
        plan: 'pro',
        currency: 'EUR',
        frequency: 'monthly',
        numVisitsAddons: 2,
        signupFields: signupFields(email),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json() as { id: string; url: string; state: string; type: string };
    expect(page).toMatchObject({ state: 'created', type: 'checkout_new' });
    expect(new URL(page.url).pathname).toBe(`/billing/test-mode/${page.id}`);

    // Not paid yet: no account, and the finish is refused.
    const early = await call(t, 'POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: { email, password: 'a-long-password' } },
    });
    expect(early.statusCode).toBe(409);

    const shown = await t.app.inject({ method: 'GET', url: new URL(page.url).pathname });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('TEST MODE');
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(shown.body).toContain('Pro plan × 1: €149.00 a month');
    expect(shown.body).toContain('Visits add-on (50,000 visits) × 2: €40.00 a month');

    const declined = await payPage(page.url, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const stillOpen = await call(t, 'POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: { email, password: 'a-long-password' } },
    });
    expect(stillOpen.statusCode).toBe(409);

    const paid = await payPage(page.url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/auth/signup-plan');
    expect(back.searchParams.get('state')).toBe('succeeded');
    expect(back.searchParams.get('id')).toBe(page.id);

    const wrong = await call(t, 'POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: { email, password: 'not-the-password' } },
    });
    expect(wrong.statusCode).toBe(401);
    const finished = await call(t, 'POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: { email, password: 'a-long-password' } },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const hash = (finished.json() as { loginToken: { hash: string } }).loginToken.hash;
    const accounts = await call(t, 'GET', '/me/relationships', { token: hash });
    expect(accounts.statusCode).toBe(200);
    const [account] = accounts.json() as { id: number; planType: string; active: boolean }[];
    expect(account).toMatchObject({ planType: 'pro', active: true });

    // Finishing again (the page reloaded) logs in again; it creates nothing more.
    const again = await call(t, 'POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: { email, password: 'a-long-password' } },
    });
    expect(again.statusCode).toBe(200);
    const users = await t.stores.accounts.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
    const bound = await call(t, 'GET', `/auth/account/${account?.id}`, { token: hash });
    const accountHash = (bound.json() as { token: { hash: string } }).token.hash;
    const state = await call(t, 'GET', '/billing/subscription', { token: accountHash });
    expect(state.json()).toMatchObject({ planType: 'pro', numVisitsAddons: 2, monthlyVisits: 350_000 });
  });

  it("ends a checkout shown in the dashboard's frame on an outcome page the dashboard reads", async () => {
    const email = uniqueEmail('framed-buyer');
    const opened = await call(t, 'POST', '/billing/guest-checkout', {
      body: { plan: 'lite', signupFields: signupFields(email) },
    });
    const page = opened.json() as { id: string; url: string };
    const framed = (path: string, card?: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'iframe' },
        payload: card === undefined ? '' : new URLSearchParams({ card }).toString(),
      });
    const paid = await framed(new URL(page.url).pathname, TEST_CARDS.success);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(paid.body).toContain(`data-checkout-state="succeeded" data-hosted-page-id="${page.id}"`);

    const other = await call(t, 'POST', '/billing/guest-checkout', {
      body: { plan: 'lite', signupFields: signupFields(uniqueEmail('framed-leaver')) },
    });
    const left = other.json() as { id: string; url: string };
    const cancelled = await framed(`${new URL(left.url).pathname}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('data-checkout-state="cancelled"');
  });

  it('answers 503 with the spec text on every sign-up call when sign-ups are closed', async () => {
    const closed = await startTestApp({ BILLING_SIGNUPS: 'closed' });
    try {
      const response = await call(closed, 'POST', '/billing/guest-checkout', {
        body: { plan: 'lite', signupFields: signupFields(uniqueEmail('closed')) },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toBe(SIGNUPS_UNAVAILABLE);
      const trial = await call(closed, 'POST', '/auth/trial-signup', {
        body: { ...signupFields(uniqueEmail('closed-trial')), jobTitle: 'CTO' },
      });
      expect(trial.statusCode).toBe(503);
      expect(trial.json()).toBe(SIGNUPS_UNAVAILABLE);
      const validate = await call(closed, 'POST', '/auth/validate-signup', {
        body: signupFields(uniqueEmail('closed-validate')),
      });
      expect(validate.statusCode).toBe(503);
    } finally {
      await closed.close();
    }
  });

  it('refuses an address that already has an account, as validate-signup does', async () => {
    const tenant = await createTenant(t);
    const response = await call(t, 'POST', '/billing/guest-checkout', {
      body: { plan: 'lite', signupFields: signupFields(tenant.email) },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  });
});

describe('a signed-in account on the built-in provider', () => {
  it('upgrades from a free trial, downgrades at the end of the term, stops and starts with payments', async () => {
    const tenant = await createTenant(t, { plan: 'free_trial' });
    const token = await accountToken(t, tenant);
    const opened = await call(t, 'POST', '/billing/checkout', {
      token,
      body: { plan: 'max', currency: 'USD', frequency: 'yearly', numVisitsAddons: 0 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json() as { id: string; url: string };
    expect((await payPage(page.url, TEST_CARDS.success)).statusCode).toBe(303);
    const finished = await call(t, 'POST', '/billing/checkout-finish', {
      token,
      body: { hostedPageId: page.id },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({
      planType: 'max',
      currency: 'USD',
      frequency: 'yearly',
      active: true,
    });
    expect((await relationshipOf(tenant.relationshipId)).trial_expires_at).toBeNull();

    // Another account cannot finish this account's page.
    const other = await createTenant(t, { plan: 'free_trial' });
    const foreign = await call(t, 'POST', '/billing/checkout-finish', {
      token: await accountToken(t, other),
      body: { hostedPageId: page.id },
    });
    expect(foreign.statusCode).toBe(404);

    const down = await call(t, 'POST', '/billing/checkout', {
      token,
      body: { plan: 'lite', currency: 'USD', frequency: 'yearly', numVisitsAddons: 0 },
    });
    const downPage = down.json() as { id: string; url: string; type: string };
    expect(downPage.type).toBe('checkout_existing');
    await payPage(downPage.url, TEST_CARDS.success);
    const scheduled = await call(t, 'POST', '/billing/checkout-finish', {
      token,
      body: { hostedPageId: downPage.id },
    });
    expect(scheduled.json()).toMatchObject({ planType: 'max', scheduledPlan: 'lite' });

    // The renewal fails: the account closes with its payment link; traffic is still collected.
    const billingRow = await t.stores.accounts.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('relationship_id', '=', tenant.relationshipId)
      .executeTakeFirstOrThrow();
    // TEST MODE plays the failed renewal for the account's admin.
    const failed = await call(t, 'POST', '/billing/test-mode/fail-renewal', { token });
    expect(failed.statusCode, failed.body).toBe(200);
    const closed = await relationshipOf(tenant.relationshipId);
    expect(closed.active).toBe(0);
    expect(closed.payment_url).toBe(`/api/billing/pay?token=${billingRow.payment_token}`);
    // Its traffic is still collected and protected (spec 01 §2, 403-forbidden; issue 37).
    const hit = sensorHit({ ...tenant, sensorKey: closed.sensor_key, apiKey: '' });
    const collected = await collect(t, hit);
    expect(collected.statusCode, collected.body).toBeLessThan(300);
    const refused = await call(t, 'GET', '/billing/subscription', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toBe('NO_ACTIVE_ACCOUNT');

    // "Reactivate access": a fresh page to pay the invoice; paying opens the account again.
    const link = await t.app.inject({ method: 'GET', url: closed.payment_url ?? '' });
    expect(link.statusCode).toBe(303);
    const collectPage = link.headers.location as string;
    expect((await t.app.inject({ method: 'GET', url: new URL(collectPage).pathname })).body).toContain(
      'Pay the pending invoice',
    );
    expect((await payPage(collectPage, TEST_CARDS.success)).statusCode).toBe(303);
    const reopened = await relationshipOf(tenant.relationshipId);
    expect(reopened).toMatchObject({ active: 1, payment_url: null, plan_type: 'max' });
    expect((await login(t, tenant.email)).length).toBeGreaterThan(10);
  });

  it('refuses the webhook without its Basic auth, and handles an event once', async () => {
    const forged = await call(t, 'POST', '/billing/webhook', {
      body: { id: 'ev_forged', event_type: 'subscription_cancelled', content: { subscription: { id: 'x' } } },
    });
    expect(forged.statusCode).toBe(401);
    const { user, password } = t.app.billing.webhookCredentials;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { authorization: `Basic ${Buffer.from(`${user}:nope`).toString('base64')}` },
      payload: { id: 'ev_forged2', event_type: 'subscription_cancelled', content: {} },
    });
    expect(wrong.statusCode).toBe(401);
    const right = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
        payload: {
          id: 'ev_customer_only',
          event_type: 'customer_changed',
          content: { customer: { id: 'vc_unknown' } },
        },
      });
    expect((await right()).statusCode).toBe(200);
    expect((await right()).statusCode).toBe(200);
    const seen = await t.stores.accounts.db
      .selectFrom('billing_webhook_events')
      .selectAll()
      .where('event_id', '=', 'ev_customer_only')
      .execute();
    expect(seen).toHaveLength(1);
  });
});
