import { type FrameLocator, type Page, request } from '@playwright/test';
import { type AccountSession, apiAs, expect, signInWith, test } from '../fixtures.js';

/**
 * Billing on the built-in TEST MODE provider (issue 37, docs/billing.md): the paid sign-up, an upgrade,
 * and an account that stops paying, through the real checkout pages in Chromium.
 */
const PASSWORD = 'billing-e2e-password';
const stamp = () => Date.now().toString(36);

function checkoutFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid="hosted-checkout-frame"]');
}

async function payInFrame(frame: FrameLocator, card: string): Promise<void> {
  await expect(frame.getByTestId('test-mode-banner')).toBeVisible();
  await frame.getByTestId('test-card-number').fill(card);
  await frame.getByTestId('test-checkout-pay').click();
}

/** A Lite account bought through the API, as its admin would through the sign-up screen. */
async function buyLiteAccount(
  baseURL: string,
  ip: string,
): Promise<{ email: string; session: AccountSession }> {
  const email = `lite-${stamp()}@lite-buyer.example`;
  const api = await request.newContext({ baseURL });
  try {
    const headers = { 'x-forwarded-for': ip };
    const opened = await api.post('/api/billing/guest-checkout', {
      headers,
      data: {
        plan: 'lite',
        signupFields: {
          email,
          firstName: 'Iris',
          companyName: 'Lite Buyer E2E',
          password: PASSWORD,
          terms: true,
        },
      },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const page = (await opened.json()) as { id: string; url: string };
    const paid = await api.post(new URL(page.url).pathname, {
      headers,
      form: { card: '4242424242424242' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    const finished = await api.post('/api/billing/guest-checkout-finish', {
      headers,
      data: { hostedPageId: page.id, signupFields: { email, password: PASSWORD } },
    });
    expect(finished.status(), await finished.text()).toBe(200);
    const { loginToken } = (await finished.json()) as { loginToken: { hash: string } };
    const person = await apiAs(baseURL, loginToken.hash);
    try {
      const [own] = (await (await person.get('/api/me/relationships')).json()) as { id: number }[];
      const chosen = (await (await person.get(`/api/auth/account/${own?.id}`)).json()) as {
        token: { hash: string };
      };
      return { email, session: { token: chosen.token.hash, relationshipId: String(own?.id) } };
    } finally {
      await person.dispose();
    }
  } finally {
    await api.dispose();
  }
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

test.describe('billing', () => {
  test('a new visitor signs up for Pro through the built-in checkout and lands logged in', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '81.40.1.11' });
    const email = `pro-${stamp()}@pro-buyer.example`;
    await page.goto('/auth/signup-plan?plan=pro');
    await expect(page.getByTestId('signup-plan-pill')).toHaveText('Pro plan');
    await expect(page.getByTestId('signup-plan-price')).toHaveText('€149 a month');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-first-name').fill('Pablo');
    await page.getByTestId('signup-company-name').fill('Pro Buyer E2E');
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();

    await expect(page.getByTestId('signup-checkout-wait')).toContainText('Wait...');
    const frame = checkoutFrame(page);
    await expect(frame.getByTestId('test-checkout-items')).toContainText('Pro plan × 1: €149.00 a month');
    await payInFrame(frame, '4000000000000002');
    await expect(frame.getByTestId('test-checkout-message')).toHaveText('Your card was declined.');
    await frame.getByTestId('test-card-number').fill('4242424242424242');
    await frame.getByTestId('test-checkout-pay').click();

    // Paid: the frame closes and the new account is open, at the first step of a new account.
    await page.waitForURL(/\/setup\/integration/, { timeout: 15_000 });
    await page.goto('/account/plans');
    await expect(page.getByTestId('plans-current-plan')).toHaveText('Pro');
    await expect(page.getByTestId('plan-pro')).toHaveAttribute('data-current', 'true');
  });

  test('an admin upgrades from Lite to Pro through the checkout', async ({ page, baseURL }) => {
    const { session } = await buyLiteAccount(baseURL ?? '', '81.40.1.12');
    await signInWith(page, session);
    await page.goto('/account/plans');
    await expect(page.getByTestId('plans-current-plan')).toHaveText('Lite');
    await expect(page.getByTestId('plans-usage')).toContainText('of 50,000 visits this month');
    await expect(page.getByTestId('plans-next-invoice')).toContainText('€49');

    await page.getByTestId('plan-choose-pro').click();
    const frame = checkoutFrame(page);
    await expect(frame.getByTestId('test-checkout-items')).toContainText('Pro plan × 1: €149.00 a month');
    await payInFrame(frame, '4242424242424242');
    // Applied, the page reloads on the new plan.
    await expect(page.getByTestId('plans-current-plan')).toHaveText('Pro', { timeout: 15_000 });
    await expect(page.getByTestId('plans-current-price')).toHaveText('€149 a month');
    await expect(page.getByTestId('plans-usage')).toContainText('of 250,000 visits this month');
  });

  test('a failed payment sends the users to /account-inactive; paying with "Reactivate access" lets them back', async ({
    page,
    baseURL,
  }) => {
    // Signed in through the login screen: the session ends with the account, as in a real browser.
    const { email } = await buyLiteAccount(baseURL ?? '', '81.40.1.13');
    await logIn(page, email);
    await page.waitForURL(/\/setup\/integration/, { timeout: 15_000 });
    await page.goto('/account/plans');
    await page.getByTestId('plans-test-fail-renewal').click();

    await page.waitForURL(/\/account-inactive/);
    await expect(page.getByTestId('account-inactive')).toContainText('YOUR ACCOUNT IS INACTIVE');
    // Logging in again leads to the same screen while the invoice is unpaid.
    await logIn(page, email);
    await page.waitForURL(/\/account-inactive/);

    const [payment] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('account-inactive-reactivate').click(),
    ]);
    await expect(payment.getByRole('heading', { name: 'Pay the pending invoice' })).toBeVisible();
    await payment.getByTestId('test-card-number').fill('4242424242424242');
    await payment.getByTestId('test-checkout-pay').click();
    await payment.waitForURL(/\/auth\/login/);
    await payment.close();

    await logIn(page, email);
    await page.waitForURL(/\/setup\/integration/, { timeout: 15_000 });
    await page.goto('/account/plans');
    await expect(page.getByTestId('plans-current-plan')).toHaveText('Lite');
  });
});
