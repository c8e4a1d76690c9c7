import { request as playwrightRequest } from '@playwright/test';
import {
  adminApi,
  expect,
  expectNotification,
  integrateAdminSensor,
  sensorProof,
  signInAsAdmin,
  test,
} from '../fixtures.js';

/**
 * The account's labels (spec 01 §3: create, rename, delete) and its traffic IP lists (IP settings,
 * /setup/security/ip-settings: an address on "Always invalid IPs" makes the collector classify its
 * visits invalid, with the deny-list reason in the latest visits).
 */

const stamp = Date.now().toString(36);
/** A residential address (Telefónica, Spain) that no other journey uses. */
const DENIED_IP = '81.33.44.77';

test.beforeAll(async () => {
  await integrateAdminSensor();
});

test.describe('account lists', () => {
  test('a label is created, renamed and deleted', async ({ page }) => {
    const name = `Brand ${stamp}`;
    const renamed = `Brand search ${stamp}`;
    await signInAsAdmin(page);
    await page.goto('/account/labels');

    await page.getByTestId('labels-create').first().click();
    await page.getByTestId('label-name').fill(name);
    await page.getByTestId('label-save').click();
    await expectNotification(page, 'Label created');
    const row = page.getByTestId(/^label-row-\d+$/).filter({ hasText: name });
    await expect(row).toBeVisible();
    const id = (await row.getAttribute('data-testid'))?.replace('label-row-', '') ?? '';

    await page.getByTestId(`label-edit-${id}`).click();
    await expect(page.getByTestId('label-name')).toHaveValue(name);
    await page.getByTestId('label-name').fill(renamed);
    await page.getByTestId('label-save').click();
    await expectNotification(page, 'Label updated');
    await expect(page.getByTestId(`label-row-${id}`)).toContainText(renamed);
    await page.reload();
    await expect(page.getByTestId(`label-row-${id}`)).toContainText(renamed);

    await page.getByTestId(`label-delete-${id}`).click();
    await page.getByTestId('label-delete-confirm').click();
    await expectNotification(page, 'Label deleted');
    await expect(page.getByTestId(`label-row-${id}`)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('account-labels-page')).toBeVisible();
    await expect(page.getByTestId(`label-row-${id}`)).toHaveCount(0);
  });

  test('an address on "Always invalid IPs" makes its visits invalid, with the deny-list reason', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/setup/security/ip-settings');
    const card = page.getByTestId('ip-blacklist-card');
    await expect(card.getByTestId('ip-blacklist-form')).toBeVisible();
    const before = await card.getByRole('textbox', { name: /^IP address or range/ }).count();
    await card.getByTestId('ip-blacklist-add').click();
    await card.getByTestId(`ip-blacklist-value-${before}`).fill(DENIED_IP);
    await card.getByTestId(`ip-blacklist-note-${before}`).fill('E2E scraper');
    await card.getByTestId('ip-blacklist-save').click();
    await expectNotification(page, 'Always invalid IPs saved');
    await page.reload();
    await expect(card.getByTestId(`ip-blacklist-value-${before}`)).toHaveValue(DENIED_IP);

    // A visit from the address through the collector. The collector keeps an account's rules for
    // INGEST_ACCOUNT_CACHE_SECONDS (1 s in these journeys): each try is a new visit.
    const api = await adminApi(baseURL ?? '');
    const collector = await playwrightRequest.newContext({ baseURL });
    let url = '';
    try {
      const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
      await expect
        .poll(
          async () => {
            const attempt = `${stamp}-${Date.now().toString(36)}`;
            url = `https://shop.example.com/denied-${attempt}`;
            const response = await collector.post('/c/e', {
              headers: { 'content-type': 'text/plain', 'x-forwarded-for': DENIED_IP },
              data: JSON.stringify({
                type: 'hit',
                proof: await sensorProof(collector),
                key: sensorKey,
                eventId: `denied-e-${attempt}`.padEnd(24, 'x'),
                sessionId: `denied-s-${attempt}`.padEnd(24, 'x'),
                ts: Date.now(),
                url,
                referrer: '',
                utm: {},
                clickIds: {},
                signals: {},
              }),
            });
            return ((await response.json()) as { riskLevel?: string }).riskLevel;
          },
          { timeout: 10_000 },
        )
        .toBe('high');
    } finally {
      await collector.dispose();
      await api.dispose();
    }
    await page.goto('/setup/sensor-js');
    const visit = page.getByTestId('recent-hit').filter({ hasText: new URL(url).pathname });
    await expect(visit.getByTestId('recent-hit-reasons')).toContainText("IP on the account's deny list", {
      timeout: 15_000,
    });

    // Taken off the list again, for the other journeys.
    await page.goto('/setup/security/ip-settings');
    await card.getByTestId(`ip-blacklist-remove-${before}`).click();
    await card.getByTestId('ip-blacklist-save').click();
    await expectNotification(page, 'Always invalid IPs saved');
    await page.reload();
    await expect(card.getByTestId('ip-blacklist-form')).toBeVisible();
    await expect(card.getByRole('textbox', { name: /^IP address or range/ })).toHaveCount(before);
  });
});
