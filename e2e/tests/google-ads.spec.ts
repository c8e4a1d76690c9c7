import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import {
  adminApi,
  expect,
  expectNotification,
  integrateAdminSensor,
  sensorProof,
  signInAsAdmin,
  test,
} from '../fixtures.js';
import { E2E_GOOGLE } from '../global-setup.js';

/**
 * Google Ads end to end (issue 33): the admin links Google Ads through the local fake's consent page,
 * picks the account to protect and the protection mode, invalid paid clicks (gclid, a hosting
 * address, an HTTP library) reach the real collector on a Search and a Performance Max campaign, and
 * "Sync now" pushes the exclusions: the Search campaign's IP as a campaign IP block, the Performance
 * Max one on the account's list (Google takes no campaign IP blocks on Performance Max). The pages show
 * them, and the fake's own state (GET /__fake/state) holds them.
 */

interface FakeState {
  campaignCriteria: {
    customerId: string;
    campaignId: string;
    negative: boolean;
    type: string;
    ipAddress: string | null;
  }[];
  customerNegativeCriteria: { customerId: string; type: string; ipAddress: string }[];
}

/** Hosting addresses (Amazon, Frankfurt), on two different /24s so that each stays one IP. */
const SEARCH_BOT_IP = '3.120.10.10';
const PMAX_BOT_IP = '18.184.10.20';

const stamp = Date.now().toString(36);

let collector: APIRequestContext;
let fake: APIRequestContext;

/**
 * The Google Ads pages open on Last 30 days, which ends yesterday (spec 02 §4): today's sync shows once
 * the range takes today in, as a user would choose it.
 */
async function includeToday(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('menuitemradio', { name: 'Last 6 days & Today' }).click();
  await expect(page.getByRole('button', { name: 'Date range' })).toHaveText('Last 6 days & Today');
}

async function fakeState(): Promise<FakeState> {
  const response = await fake.get('/__fake/state');
  expect(response.status()).toBe(200);
  return (await response.json()) as FakeState;
}

/** One click of a Google ad as an HTTP library sends it from a hosting address: invalid at once. */
async function sendInvalidClick(campaignId: string, ip: string): Promise<string> {
  const sensorKey = await (async () => {
    const api = await adminApi(process.env.E2E_BASE_URL ?? '');
    try {
      return ((await (await api.get('/api/me')).json()) as { sensorKey: string }).sensorKey;
    } finally {
      await api.dispose();
    }
  })();
  const gclid = `EAIaIQobChMI${stamp}${campaignId}`;
  const url = `https://shop.example.com/landing-${stamp}-${campaignId}?gclid=${gclid}&gad_source=1&gad_campaignid=${campaignId}`;
  const response = await collector.post('/c/e', {
    headers: { 'content-type': 'text/plain', 'user-agent': 'python-requests/2.32.3', 'x-forwarded-for': ip },
    data: JSON.stringify({
      type: 'hit',
      proof: await sensorProof(collector),
      key: sensorKey,
      eventId: `gads-e-${stamp}-${campaignId}`.padEnd(24, 'x'),
      sessionId: `gads-s-${stamp}-${campaignId}`.padEnd(24, 'x'),
      ts: Date.now(),
      url,
      referrer: 'https://www.google.com/',
      utm: {},
      clickIds: { gclid },
      signals: {},
    }),
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ riskLevel: 'high' });
  return url;
}

test.beforeAll(async ({ baseURL }) => {
  const googleUrl = process.env.E2E_GOOGLE_URL;
  if (!googleUrl) throw new Error('E2E_GOOGLE_URL is not set: run through e2e/playwright.config.ts');
  await integrateAdminSensor();
  collector = await playwrightRequest.newContext({ baseURL });
  fake = await playwrightRequest.newContext({ baseURL: googleUrl });
});

test.afterAll(async () => {
  await collector?.dispose();
  await fake?.dispose();
});

test.describe('Google Ads', () => {
  test('linked through the consent page, a sync pushes the invalid clicks’ IPs to Search and Performance Max', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);

    // Step 0: connect with Google, through the fake's consent page, back on the accounts step.
    await page.goto('/integrations/google-ads/linking');
    await page.getByTestId('google-connect').click();
    await page.waitForURL((url) => url.href.startsWith(process.env.E2E_GOOGLE_URL ?? '-'));
    await expect(page.getByRole('heading', { name: /Google \(local fake\)/ })).toBeVisible();
    await page.locator('#allow').click();
    await page.waitForURL(`${baseURL}/integrations/google-ads/linking**`);
    await expectNotification(page, 'Google Ads connected');
    const accounts = page.getByTestId('google-step-accounts');
    await expect(accounts).toBeVisible({ timeout: 15_000 });

    // Step 1: the hierarchy under the manager; protect the shop.
    await expect(accounts.getByTestId(`google-account-${E2E_GOOGLE.managerId}`)).toBeVisible();
    await expect(accounts.getByTestId(`google-account-${E2E_GOOGLE.brand.customerId}`)).toContainText(
      '234-567-8901',
    );
    await accounts.getByLabel(E2E_GOOGLE.shop.name).check();
    await accounts.getByTestId('google-accounts-save').click();
    await expectNotification(page, '1 account is protected');
    await expect(accounts.getByLabel(E2E_GOOGLE.shop.name)).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: protection, and Veracity's tracking template on the protected account.
    const protection = page.getByTestId('google-step-protection');
    // The group shows the mode being saved once the mutation has started: click, then wait for it.
    const protectionMode = protection.getByRole('radio', { name: /^Protection/ });
    await protectionMode.click();
    await expect(protectionMode).toBeChecked();
    await expectNotification(page, 'Protection mode: Protection');
    await protection.getByTestId('google-template-save').click();
    await expectNotification(page, 'Tracking template set on your protected accounts');
    await protection.getByTestId('google-finish').click();
    await page.waitForURL('**/integrations/google-ads/account-settings');
    await expect.poll(async () => (await fakeState()).campaignCriteria.length).toBe(0);

    // Invalid paid clicks on the Search and the Performance Max campaign, through the collector.
    const searchUrl = await sendInvalidClick(E2E_GOOGLE.searchCampaign.id, SEARCH_BOT_IP);
    const pmaxUrl = await sendInvalidClick(E2E_GOOGLE.pmaxCampaign.id, PMAX_BOT_IP);
    const api = await adminApi(baseURL ?? '');
    try {
      await expect
        .poll(
          async () => {
            const hits = (await (await api.get('/api/sensors/recent-hits')).json()) as { url: string }[];
            return [searchUrl, pmaxUrl].filter((url) => hits.some((hit) => hit.url === url)).length;
          },
          { timeout: 20_000 },
        )
        .toBe(2);
    } finally {
      await api.dispose();
    }

    // Sync now: busy while it runs, then what it did.
    const syncNow = page.getByTestId('sync-now');
    await syncNow.click();
    await expect(page.getByTestId('sync-outcome')).toHaveText(
      'Sync done: 2 exclusions pushed to Google, 0 removed.',
      { timeout: 30_000 },
    );
    await expect(syncNow).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('last-sync')).not.toContainText('Never');
    await expect(page.getByTestId('caps-card')).toContainText(E2E_GOOGLE.searchCampaign.name);
    await expect(page.getByTestId('caps-card')).toContainText('Account level');
    // The log says each add with its reason.
    const log = page.getByTestId('exclusion-log-row');
    await expect(log.filter({ hasText: SEARCH_BOT_IP })).toContainText(E2E_GOOGLE.searchCampaign.name);
    await expect(log.filter({ hasText: PMAX_BOT_IP })).toContainText('Performance Max');
    await expect(log.filter({ hasText: 'Applied' })).toHaveCount(2);

    // The fake holds the Search campaign's IP block and the account-level one for Performance Max.
    const held = await fakeState();
    const ipBlocksOf = (campaignId: string) =>
      held.campaignCriteria
        .filter((criterion) => criterion.campaignId === campaignId && criterion.type === 'IP_BLOCK')
        .map((criterion) => ({ ip: criterion.ipAddress, negative: criterion.negative }));
    expect(ipBlocksOf(E2E_GOOGLE.searchCampaign.id)).toEqual([{ ip: SEARCH_BOT_IP, negative: true }]);
    expect(ipBlocksOf(E2E_GOOGLE.pmaxCampaign.id)).toEqual([]);
    expect(
      held.customerNegativeCriteria
        .filter((criterion) => criterion.customerId === E2E_GOOGLE.shop.customerId)
        .map((criterion) => [criterion.type, criterion.ipAddress]),
    ).toEqual([['IP_BLOCK', PMAX_BOT_IP]]);

    // Search & Display lists the Search campaign's exclusion with its reason.
    await page.goto('/integrations/google-ads/search-display');
    await includeToday(page);
    const searchRow = page.getByTestId('exclusions').getByRole('row').filter({ hasText: SEARCH_BOT_IP });
    await expect(searchRow).toBeVisible({ timeout: 15_000 });
    await expect(searchRow).toContainText(E2E_GOOGLE.searchCampaign.name);
    await expect(searchRow).toContainText('123-456-7890');
    await expect(searchRow).toContainText('Active');

    // Performance Max counts the exclusion that reaches it and draws it over time.
    await page.goto('/integrations/google-ads/pmax');
    await includeToday(page);
    await expect(page.getByTestId('exclusion-figure-exclusionsActive').locator('dd')).toHaveText('1', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('exclusion-series').getByTestId('exclusions-chart')).toBeVisible();
    // Its list shows that exclusion: an account-level block, the only kind Performance Max takes.
    const pmaxRow = page.getByTestId('exclusions').getByRole('row').filter({ hasText: PMAX_BOT_IP });
    await expect(pmaxRow).toContainText('Whole account');
  });
});
