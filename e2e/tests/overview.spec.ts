import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, expect, sendVisits, signInAsAdmin, test } from '../fixtures.js';

/**
 * The home overview on real traffic: the admin's account receives visits from several channels
 * through the real collector (as curl-style clients and browser-like clients from residential and
 * hosting addresses), then the overview shows its figures, a channel card flips to its actions, and
 * Go to Analytics carries the channel filter into the analytics address. Screenshots at 1440 px and
 * 390 px wide are attached to the run.
 */

/** Landing URL and referrer of each channel, and how many visits each gets. */
const VISITS: { channel: string; url: string; referrer: string; count: number }[] = [
  { channel: 'google', url: 'https://shop.example.com/?gclid=e2e', referrer: '', count: 14 },
  { channel: 'facebook', url: 'https://shop.example.com/?fbclid=e2e', referrer: '', count: 9 },
  { channel: 'microsoft', url: 'https://shop.example.com/?msclkid=e2e', referrer: '', count: 5 },
  { channel: 'tiktok', url: 'https://shop.example.com/?ttclid=e2e', referrer: '', count: 4 },
  { channel: 'reddit', url: 'https://shop.example.com/?utm_source=reddit', referrer: '', count: 3 },
  { channel: 'direct', url: 'https://shop.example.com/', referrer: '', count: 6 },
  {
    channel: 'organic_search',
    url: 'https://shop.example.com/',
    referrer: 'https://www.google.com/',
    count: 5,
  },
  {
    channel: 'referral',
    url: 'https://shop.example.com/',
    referrer: 'https://blog.example.org/post',
    count: 3,
  },
];

let api: APIRequestContext;

/** The ring is drawn (its slices exist), for a true screenshot. */
async function ringDrawn(page: Page): Promise<void> {
  await expect(page.getByTestId('channel-pie').locator('[data-testid^="pie-slice-"]').first()).toBeAttached();
}

/** Sends the visits through the collector, half of them invalid. */
const sendTraffic = (baseURL: string, sensorKey: string) =>
  sendVisits(baseURL, sensorKey, VISITS, { idPrefix: 'ov', hostingNet: '3.120', homeNet: '81.33' });

test.beforeAll(async () => {
  // Sending the traffic and waiting for the store to count it takes long on a busy machine.
  test.setTimeout(120_000);
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  api = await adminApi(baseURL);
  const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
  const sent = await sendTraffic(baseURL, sensorKey);
  // The batch writer stores visits within a moment; wait until the overview's call counts them all.
  await expect
    .poll(
      async () => {
        const { channels } = (await (
          await api.get('/api/home/channels?from=2000-01-01&to=2100-01-01')
        ).json()) as {
          channels: { totalVisits: number }[];
        };
        return channels.reduce((sum, channel) => sum + channel.totalVisits, 0);
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(sent);
});

test.afterAll(async () => {
  await api?.dispose();
});

test.describe('the home overview', () => {
  test('shows the figures, flips a card and goes to analytics with the channel filter', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/intelligence/overview');

    const figures = page.getByTestId('key-figures');
    await expect(figures).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    const total = Number(
      (
        (await figures.getByTestId('key-figure-totalVisits').locator('dd').first().textContent()) ?? ''
      ).replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThanOrEqual(49);
    await expect(figures.getByTestId('key-figure-invalidVisits')).toContainText('Invalid visits');

    const cards = page.getByTestId('channel-cards');
    await expect(cards).toHaveAttribute('data-state', 'ready');
    const google = page.getByTestId('channel-card-google');
    await expect(google.getByTestId('channel-invalid-visits')).not.toHaveText('0');
    for (const id of ['invalid-by-channel', 'trends', 'watchlist', 'savings']) {
      await expect(page.getByTestId(id)).not.toHaveAttribute('data-state', 'loading', { timeout: 15_000 });
      await expect(page.getByTestId(id)).not.toHaveAttribute('data-state', 'error');
    }
    await expect(page.getByTestId('pie-centre')).toContainText('Invalid visits');
    // The ring adds up the same channels as the key figure: its centre shows the same count.
    const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
    const invalid = digits(
      await figures.getByTestId('key-figure-invalidVisits').locator('dd').first().textContent(),
    );
    expect(digits(await page.getByTestId('pie-centre').textContent())).toBe(invalid);
    await page.getByTestId('pie-legend-google').hover();
    await expect(page.getByTestId('pie-centre').getByRole('img', { name: 'Google' })).toBeVisible();

    await page.mouse.move(0, 0);
    await ringDrawn(page);
    const wide = testInfo.outputPath('overview-1440.png');
    await page.screenshot({ path: wide, fullPage: true });
    await testInfo.attach('overview at 1440 px', { path: wide, contentType: 'image/png' });

    // The carousel scrolls by 217 px per arrow click.
    const track = cards.getByTestId('carousel-track');
    await cards.getByRole('button', { name: 'Scroll right' }).click();
    await expect.poll(() => track.evaluate((element) => Math.round(element.scrollLeft))).toBe(217);
    await cards.getByRole('button', { name: 'Scroll left' }).click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBe(0);

    // Flip the Google card with the keyboard, then back with Escape, then with the mouse.
    await google.getByRole('button', { name: 'Options for Google' }).focus();
    await page.keyboard.press('Enter');
    await expect(google).toHaveAttribute('data-flipped', 'true');
    await expect(google.getByRole('link', { name: 'Go to Analytics' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(google).toHaveAttribute('data-flipped', 'false');
    await google.getByRole('button', { name: 'Options for Google' }).click();
    await expect(google.getByRole('button', { name: 'Create Alert' })).toBeVisible();
    await expect(google.getByRole('button', { name: 'See Channel Page' })).toBeVisible();
    const flipped = testInfo.outputPath('overview-card-flipped.png');
    await google.screenshot({ path: flipped });
    await testInfo.attach('flipped channel card', { path: flipped, contentType: 'image/png' });

    await google.getByRole('link', { name: 'Go to Analytics' }).click();
    await expect(page).toHaveURL(/\/intelligence\/analytics\?/);
    const address = new URL(page.url());
    expect(address.searchParams.get('dimensions')).toBe('trafficType');
    expect(address.searchParams.get('threats')).toBe('0');
    expect(address.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(address.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse(address.searchParams.get('filters') ?? '[]')).toEqual([
      { column: 'trafficType', type: 'equals', values: ['google'] },
    ]);
  });

  test('fits a 390 px wide screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto('/intelligence/overview');
    await expect(page.getByTestId('key-figures')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    for (const id of ['channel-cards', 'invalid-by-channel', 'trends', 'watchlist', 'savings']) {
      await expect(page.getByTestId(id)).not.toHaveAttribute('data-state', 'loading', { timeout: 15_000 });
    }
    await expect(page.getByTestId('pie-centre')).toBeVisible();
    await ringDrawn(page);
    // Paid channels without a cost per click: one short notice with its link, not a line per channel.
    const notice = page.getByTestId('key-figure-errors');
    if ((await notice.count()) > 0) {
      await expect(notice.getByRole('link', { name: 'Set costs per click' })).toBeVisible();
      expect((await notice.boundingBox())?.height ?? 0).toBeLessThanOrEqual(90);
    }
    // Nothing runs wider than the screen.
    const overflow = await page.locator('html').evaluate((root) => root.scrollWidth - root.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const narrow = testInfo.outputPath('overview-390.png');
    await page.screenshot({ path: narrow, fullPage: true });
    await testInfo.attach('overview at 390 px', { path: narrow, contentType: 'image/png' });
  });
});
