import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { adminApi, expect, sensorProof, signInAsAdmin, test } from '../fixtures.js';

/**
 * The analytics page on traffic sent through the real collector: visits from several channels and
 * countries, stored and classified by the server, then read through the page as a user does. The
 * journeys of issue 7: add two dimensions, open a row and its threats, go back in the browser to the
 * previous state; build an Any-match filter with free-text values; export the CSV and compare it with
 * the table.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

const IPS = {
  spain: '81.33.20.7', // Telefónica, Spain
  germany: '3.120.10.10', // Amazon, Frankfurt
  unitedStates: '8.8.4.4', // Google, United States
} as const;

const USER_AGENTS = {
  curl: 'curl/8.5.0',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
} as const;

/** The landing URLs of each channel: click ids and UTM sources the collector reads. */
const CHANNELS = [
  { query: 'utm_source=google&utm_medium=cpc&gclid=', visits: 9 },
  { query: 'utm_source=facebook&utm_medium=paid_social&fbclid=', visits: 6 },
  { query: 'utm_source=tiktok&ttclid=', visits: 3 },
  { query: 'utm_source=newsletter&ref=', visits: 2 },
] as const;

let api: APIRequestContext;
let sensorKey: string;
let sentHits = 0;

async function send(baseURL: string, ip: string, userAgent: string, url: string, index: number) {
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    const id = `e2eanalytics${Date.now()}${index}`.padEnd(24, 'x');
    const response = await visitor.post('/c/e', {
      headers: { 'content-type': 'text/plain', 'user-agent': userAgent, 'x-forwarded-for': ip },
      data: JSON.stringify({
        type: 'hit',
        proof: await sensorProof(visitor),
        key: sensorKey,
        eventId: `${id}hit`,
        sessionId: `${id}ses`,
        ts: Date.now(),
        url,
        referrer: '',
        utm: {},
        clickIds: {},
        signals: {},
      }),
    });
    expect(response.status()).toBe(200);
    sentHits += 1;
  } finally {
    await visitor.dispose();
  }
}

const rowLabels = (page: Page) =>
  page.getByTestId('analytics-row').getByTestId('row-label').allTextContents();

test.beforeAll(async () => {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  api = await adminApi(baseURL);
  sensorKey = ((await (await api.get('/api/me')).json()) as { sensorKey: string }).sensorKey;

  // Visits from three countries and three devices per channel; the collector classifies each.
  const places = [
    [IPS.spain, USER_AGENTS.desktop],
    [IPS.spain, USER_AGENTS.phone],
    [IPS.germany, USER_AGENTS.curl],
    [IPS.unitedStates, USER_AGENTS.desktop],
  ] as const;
  let index = 0;
  for (const channel of CHANNELS) {
    for (let visit = 0; visit < channel.visits; visit++) {
      const [ip, userAgent] = places[visit % places.length] ?? places[0];
      index += 1;
      await send(
        baseURL,
        ip,
        userAgent,
        `https://shop.example.com/p${index}?${channel.query}e2e${index}`,
        index,
      );
    }
  }
  // The batch writer stores the visits within a moment: wait until analytics counts them all.
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const response = await api.post('/api/analytics/tree', {
          data: { dimensions: ['trafficType'], metrics: ['hits'], from: '2020-01-01', to: today },
        });
        const tree = (await response.json()) as { totals: { hits?: number } };
        return tree.totals.hits ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(sentHits);
});

test.afterAll(async () => {
  await api?.dispose();
});

test.describe('the analytics page', () => {
  test('two more dimensions, a row opened with its threats, and back to the previous states', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/intelligence/analytics');
    await expect(page.getByTestId('analytics-table')).toBeVisible();
    expect(await rowLabels(page)).toContain('Google');

    // Add two dimensions: Country and Device, after Traffic Type.
    await page.getByTestId('dimension-picker-trigger').click();
    const picker = page.getByTestId('dimension-picker');
    await picker.getByRole('checkbox', { name: 'Country' }).check();
    await picker.getByRole('checkbox', { name: 'Device' }).check();
    await page.getByTestId('dimension-picker-apply').click();
    await expect(page).toHaveURL(/dimensions=trafficType%2Ccountry%2Cdevice/);
    await expect(page.getByTestId('dimension-picker-trigger')).toContainText(
      'Traffic Type › Country › Device',
    );

    // Open Google, then its Spanish row, then the threats of Google.
    await page.getByRole('button', { name: 'Expand Google' }).click();
    await expect(page.locator('[data-testid="analytics-row"][data-depth="1"]').first()).toBeVisible();
    expect(await rowLabels(page)).toContain('Spain');
    await page.getByRole('button', { name: 'Expand Spain' }).first().click();
    await expect(page.locator('[data-testid="analytics-row"][data-depth="2"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Threats of Google' }).click();
    const breakdown = page.getByTestId('threat-breakdown');
    await expect(breakdown.getByTestId('threat-row').first()).toBeVisible();
    await expect(breakdown).toContainText('Threats · Google');
    await expect(page).toHaveURL(/threats=/);

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 1100 });
    await page.waitForTimeout(300); // the chart follows its container's new width
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analytics-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analytics-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back: the breakdown closes; back again: Spain closes; again: Google closes.
    await page.goBack();
    await expect(page).not.toHaveURL(/threats=/);
    await expect(page.getByTestId('threat-breakdown')).toHaveCount(0);
    await expect(page.locator('[data-testid="analytics-row"][data-depth="2"]').first()).toBeVisible();
    // The address of the previous state runs its query again.
    const treeAgain = page.waitForRequest((request) => request.url().endsWith('/api/analytics/tree'));
    await page.goBack();
    await treeAgain;
    await expect(page.locator('[data-testid="analytics-row"][data-depth="2"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="analytics-row"][data-depth="1"]').first()).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-testid="analytics-row"][data-depth="1"]')).toHaveCount(0);
    await expect(page).toHaveURL(/dimensions=trafficType%2Ccountry%2Cdevice/);
    // Once more: the single dimension of the start.
    await page.goBack();
    await expect(page.getByTestId('dimension-picker-trigger')).toContainText('Traffic Type');
    await expect(page.getByTestId('dimension-picker-trigger')).not.toContainText('Country');
  });

  test('the CSV export holds what the table shows', async ({ page }) => {
    await signInAsAdmin(page);
    const expanded = encodeURIComponent(JSON.stringify([['google'], ['facebook']]));
    await page.goto(`/intelligence/analytics?dimensions=trafficType,country&expanded=${expanded}`);
    await expect(page.locator('[data-testid="analytics-row"][data-depth="1"]').first()).toBeVisible();

    const headers = (
      await page.locator('[data-testid="analytics-table"] thead tr').first().locator('th').allTextContents()
    ).map((text) => text.replace(/[▲▼↕]/g, '').trim());
    const tableRows = await page.getByTestId('analytics-row').evaluateAll((rows) =>
      rows.map((row) => ({
        path: JSON.parse(row.getAttribute('data-path') ?? '[]') as (string | null)[],
        label: row.querySelector('[data-testid="row-label"]')?.textContent ?? '',
        cells: Object.fromEntries(
          [...row.querySelectorAll('td[data-metric]')].map((cell) => [
            cell.getAttribute('data-metric'),
            cell.textContent ?? '',
          ]),
        ),
      })),
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}-\d{6}-analytics\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r\n/);
    const [header, ...lines] = csv.map((line) => line.split(','));
    expect(header?.slice(0, 2)).toEqual(['Traffic Type', 'Country']);
    expect(lines).toHaveLength(tableRows.length);

    // Count columns the table and the file share read the same (the table groups thousands with dots).
    const metricColumns = (header ?? []).slice(2);
    const headerKeys = await page
      .locator('[data-testid="analytics-table"] thead tr')
      .first()
      .locator('button[data-testid^="sort-"]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')?.slice(5) ?? ''));
    lines.forEach((line, index) => {
      const row = tableRows[index];
      if (!row) throw new Error(`no table row ${index}`);
      const depth = row.path.length - 1;
      // The file names traffic types as the table does; other values are the stored ones.
      if (depth === 0) expect(line[0]).toBe(row.label);
      else expect(line[1] ?? '').toBe(row.path[1] ?? '');
      for (const [column, label] of metricColumns.entries()) {
        const at = headers.indexOf(label);
        const key = headerKeys[at];
        if (at < 0 || !key) continue;
        const shown = row.cells[key] ?? '';
        if (/%|€/.test(shown)) continue;
        expect(line[column + 2], `${label} of ${row.label}`).toBe(shown.replaceAll('.', ''));
      }
    });
  });

  test('an Any-match filter with free-text values', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/intelligence/analytics');
    await expect(page.getByTestId('analytics-table')).toBeVisible();
    expect(await rowLabels(page)).toContain('Meta (Facebook and Instagram)');

    await page.getByTestId('filters-toggle').click();
    const editor = page.getByTestId('report-filters');
    /** Adds a Segmentation line and types its values into the free-text entry. */
    const addLine = async (column: string, text: string) => {
      await editor.getByRole('button', { name: /Add filter/ }).click();
      await page.getByRole('menuitem', { name: 'Segmentation' }).hover();
      await page.getByRole('menu', { name: 'Segmentation' }).getByRole('menuitem', { name: column }).click();
      const entry = page.getByRole('textbox', { name: 'Write a filter value and press enter' });
      await entry.fill(text);
      await entry.press('Enter');
      await page.keyboard.press('Escape');
      // Escape closes the values picker; the next line's menu opens only once it has.
      await expect(page.getByRole('dialog', { name: /values picker/ })).toHaveCount(0);
    };
    // Trimmed, split and de-duplicated: "cpc" once; "tiktok" and a value no visit has.
    await addLine('UTM Medium', ' cpc , cpc ');
    await addLine('UTM Source', 'tiktok,  nowhere ');
    await editor.getByRole('button', { name: 'Any' }).click();

    await expect(page).toHaveURL(/match=any/);
    const filters = JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '[]') as {
      column: string;
      values: string[];
    }[];
    expect(filters.map((filter) => [filter.column, [...filter.values].sort()])).toEqual([
      ['utm_medium', ['cpc']],
      ['utm_source', ['nowhere', 'tiktok']],
    ]);
    // Google's visits came with utm_medium=cpc, TikTok's with utm_source=tiktok: either line lets a visit
    // in. Meta's (utm_medium=paid_social, utm_source=facebook) matches neither.
    await expect.poll(() => rowLabels(page)).toEqual(expect.arrayContaining(['Google', 'TikTok']));
    expect(await rowLabels(page)).not.toContain('Meta (Facebook and Instagram)');

    // With All instead, no visit has both.
    await editor.getByRole('button', { name: 'All' }).click();
    await expect(page).not.toHaveURL(/match=any/);
    await expect(page.getByTestId('analytics-row')).toHaveCount(0);
  });
});
