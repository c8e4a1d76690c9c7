import type { APIRequestContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import {
  apiAs,
  expect,
  type LandingVisits,
  sendVisits,
  signInWith,
  signUpTrialAccount,
  test,
} from '../fixtures.js';
import { E2E_DEMO } from '../global-setup.js';

/**
 * The performance screen on the demo account: Google Ads and Meta visits reach the demo through the
 * real collector (automated ones from hosting addresses are invalid), then the demo opens performance,
 * takes today into the range, reads the invalid visits, switches to the savings tab and reads what
 * they saved at the demo's costs per click. Screenshots at 1440 px and 390 px are attached.
 */

const VISITS = [
  { url: 'https://shop.example.com/?gclid=perf', count: 12 },
  { url: 'https://shop.example.com/?fbclid=perf', count: 8 },
];

/** Sends the visits through the collector, half of them invalid. */
const sendTraffic = (baseURL: string, sensorKey: string, visits: readonly LandingVisits[] = VISITS) =>
  sendVisits(baseURL, sensorKey, visits, { idPrefix: 'pf', hostingNet: '3.121', homeNet: '81.34' });

/** Signs in as the demo user (its one account is chosen on its own) and gives an API context as it. */
async function demoSignIn(page: Page, baseURL: string): Promise<APIRequestContext> {
  await page.goto('/auth/login');
  await page.getByTestId('login-email').fill(E2E_DEMO.email);
  await page.getByTestId('login-password').fill(E2E_DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/intelligence\//, { timeout: 15_000 });
  const token = await page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        key,
      ),
    STORAGE_KEYS.token,
  );
  if (!token) throw new Error('no session token after signing in');
  return apiAs(baseURL, token);
}

/** A day (YYYY-MM-DD, UTC) some days from now: around today in whatever zone the account keeps. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function includeToday(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('menuitemradio', { name: 'Last 6 days & Today' }).click();
  await expect(page.getByRole('button', { name: 'Date range' })).toHaveText('Last 6 days & Today');
}

test.describe('the performance screen', () => {
  test('shows the demo its protection over time, then its savings', async ({ page, baseURL }, testInfo) => {
    // Sending the traffic and waiting for the store to count it takes long on a busy machine.
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('no base URL');
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await demoSignIn(page, baseURL);
    try {
      const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
      const sent = await sendTraffic(baseURL, sensorKey);
      await expect
        .poll(
          async () => {
            const response = await api.get(`/api/performance/figures?from=${dayFrom(-2)}&to=${dayFrom(2)}`);
            expect(response.status(), await response.text()).toBe(200);
            return ((await response.json()) as { totals: { visits: number } }).totals.visits;
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThanOrEqual(sent);
    } finally {
      await api.dispose();
    }

    await page.goto('/intelligence/performance');
    await expect(page.getByTestId('performance-page')).toBeVisible();
    // The section opens on Last 7 days, which ends yesterday: today's visits need today in the range.
    await expect(page.getByRole('button', { name: 'Date range' })).toHaveText('Last 7 days');
    await includeToday(page);
    await expect
      .poll(async () => digits(await page.getByTestId('performance-invalid').textContent()))
      .toBeGreaterThan(0);
    await expect(
      page.getByTestId('performance-channel-chart').locator('.recharts-line').first(),
    ).toBeAttached();
    const wide = testInfo.outputPath('performance-1440.png');
    await page.screenshot({ path: wide, fullPage: true });
    await testInfo.attach('performance at 1440 px', { path: wide, contentType: 'image/png' });

    await page.getByRole('tab', { name: 'Savings' }).click();
    await expect(page).toHaveURL(/tab=savings/);
    await expect(page.getByTestId('performance-savings-info')).toContainText('Savings represent');
    await expect
      .poll(async () => digits(await page.getByTestId('performance-savings-total').textContent()))
      .toBeGreaterThan(0);
    await expect(page.getByTestId('savings-channel-google')).toBeVisible();
    const savings = testInfo.outputPath('performance-savings-1440.png');
    await page.screenshot({ path: savings, fullPage: true });
    await testInfo.attach('savings at 1440 px', { path: savings, contentType: 'image/png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('performance-savings-total')).toBeVisible();
    // The charts follow the new width once their resize observers have fired: wait for that.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
              .documentElement.scrollWidth,
        ),
      )
      .toBeLessThanOrEqual(390);
    const narrow = testInfo.outputPath('performance-savings-390.png');
    await page.screenshot({ path: narrow, fullPage: true });
    await testInfo.attach('savings at 390 px', { path: narrow, contentType: 'image/png' });
  });

  test('shows a trial account what performance would give, and where to upgrade', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('no base URL');
    const { session } = await signUpTrialAccount(baseURL, {
      email: `perf-trial-${Date.now().toString(36)}@acme-corp.com`,
      companyName: 'Perf Trial',
      ip: '81.35.1.10',
    });
    // A trial account that has seen no visit is sent to the integration: one visit integrates it.
    const trial = await apiAs(baseURL, session.token);
    try {
      const { sensorKey } = (await (await trial.get('/api/me')).json()) as { sensorKey: string };
      await sendTraffic(baseURL, sensorKey, [{ url: 'https://trial.example.com/?gclid=trial', count: 1 }]);
      await expect
        .poll(
          async () =>
            ((await (await trial.get('/api/me')).json()) as { sensorIntegrated: boolean }).sensorIntegrated,
          { timeout: 60_000 },
        )
        .toBe(true);
    } finally {
      await trial.dispose();
    }
    await signInWith(page, session);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/intelligence/performance');
      const upsell = page.getByTestId('upsell-performance');
      await expect(upsell).toBeVisible();
      await expect(upsell.getByTestId('upsell-performance-upgrade')).toHaveAttribute(
        'href',
        /\/account\/plans/,
      );
      const shot = testInfo.outputPath(`performance-upsell-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`upsell at ${width} px`, { path: shot, contentType: 'image/png' });
    }
  });
});
