import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import {
  type AccountSession,
  apiAs,
  expect,
  signInAsAdmin,
  signInWith,
  signUpTrialAccount,
  test,
} from '../fixtures.js';

/**
 * A new account from sign-up to "Sensor active" (spec 02 §2 Integration), then the instance admin
 * opening that account in a support session (spec 01 §2 login-as). The account is created through the
 * API (the sign-up screens have their own journey in accounts.spec.ts), so it has never had traffic:
 * the integration page starts at "Sensor not detected yet" whatever the other journeys sent.
 */

const stamp = Date.now().toString(36);
const COMPANY = `Lakeside ${stamp}`;
const LANDING_PATH = `/spring-landing-${stamp}`;

let account: AccountSession;
let landing: Server;
let landingOrigin: string;
/** The snippet the integration page shows, as the customer pastes it into their landing page. */
let installedSnippet = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  ({ session: account } = await signUpTrialAccount(baseURL, {
    email: `owner.${stamp}@lakeside-e2e.com`,
    companyName: COMPANY,
    ip: '81.33.101.15',
  }));
  // The customer's landing page, on another origin, with whatever snippet was pasted into its head.
  landing = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Spring</title>${installedSnippet}</head>` +
        '<body><h1>Spring collection</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => landing.listen(0, '127.0.0.1', resolve));
  landingOrigin = `http://127.0.0.1:${(landing.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => landing?.close(resolve));
});

test.describe('integration and support', () => {
  test('a new account installs the snippet it is shown and the integration page turns to "Sensor active"', async ({
    page,
    context,
  }) => {
    await signInWith(page, account);
    // A new trial account without a sensor starts at the integration.
    await expect(page).toHaveURL(/\/setup\/integration/);
    const status = page.getByTestId('integration-status');
    await expect(status).toHaveText('Sensor not detected yet');

    await page.getByRole('button', { name: 'Next' }).click();
    const snippet = page.getByTestId('integration-snippet');
    await expect(snippet).toContainText('<script async src=');
    installedSnippet = (await snippet.textContent()) ?? '';

    // The customer opens their landing page: the sensor loads from the server and reports the visit.
    const visit = await context.newPage();
    await visit.goto(`${landingOrigin}${LANDING_PATH}`);
    await expect(visit.getByRole('heading', { name: 'Spring collection' })).toBeVisible();

    // The page asks every 5 seconds; the collector stores the visit within about a second.
    await expect(status).toHaveText('Sensor active', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('integration-verify-done')).toContainText("You're all set");
    await page.getByTestId('integration-go-overview').click();
    await expect(page).toHaveURL(/\/intelligence\/overview/);
  });

  test('the instance admin opens the account in a support session, sees its visit, and logs out', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/support');
    await page.getByTestId('support-search').fill(COMPANY);
    await page.getByTestId('support-search-submit').click();
    const row = page.getByTestId(`support-row-${account.relationshipId}`);
    await expect(row).toContainText(COMPANY);
    await row.getByRole('button', { name: 'Open as support' }).click();

    // The support session replaces the admin's own, in ghost mode.
    await expect(page).toHaveURL(/\/intelligence\/|\/setup\//, { timeout: 15_000 });
    // The header holds the user menu twice (wide and narrow layouts): the one on screen.
    await expect(page.getByTestId('support-session-badge').filter({ visible: true })).toHaveText(
      'Support session',
    );
    await page.goto('/setup/sensor-js');
    const visit = page.getByTestId('recent-hit').filter({ hasText: LANDING_PATH });
    await expect(visit).toBeVisible({ timeout: 15_000 });

    // Leaving: the support session ends (its token is refused), and the login screen shows.
    const ghostToken = (await page.evaluate(`localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})`)) as
      | string
      | null;
    expect(ghostToken).toBeTruthy();
    await page.getByTestId('user-menu').filter({ visible: true }).click();
    await expect(page.getByTestId('user-menu-support')).toHaveCount(0);
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/auth\/login/);
    const ghost = await apiAs(baseURL ?? '', ghostToken ?? '');
    try {
      expect((await ghost.get('/api/me')).status()).toBe(401);
    } finally {
      await ghost.dispose();
    }
  });
});
