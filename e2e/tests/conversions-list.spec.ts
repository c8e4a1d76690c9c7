import { request as playwrightRequest } from '@playwright/test';
import { adminApi, expect, integrateAdminSensor, sensorProof, signInAsAdmin, test } from '../fixtures.js';

/**
 * The conversions list (issue 36) in real Chromium: conversions sent through the real collector are
 * listed with their assessment, filtered by analysis level, exported as CSV, and open their visit's
 * forensics; a tracked conversion name with a script payload stays text.
 */
const stamp = Date.now().toString(36);
const source = `e2e-conv-${stamp}`;
const payload = `<img src=x onerror=alert(5)>${stamp}`;

test.beforeAll(async () => {
  await integrateAdminSensor();
});

test('conversions listed with their verdict, filtered, exported and opened in forensics, at 1440 and 390 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL ?? '');
  const collector = await playwrightRequest.newContext({ baseURL });
  const filters = [{ column: 'utm_source', type: 'equals', values: [source] }];
  const today = new Date().toISOString().slice(0, 10);
  try {
    const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    const send = async (ip: string, name: string, webdriver: boolean, index: number) => {
      const sessionId = `conv-s${index}-${stamp}`.padEnd(24, 'x');
      const hitId = `conv-h${index}-${stamp}`.padEnd(24, 'x');
      const headers = { 'content-type': 'text/plain', 'x-forwarded-for': ip };
      const hit = await collector.post('/c/e', {
        headers,
        data: JSON.stringify({
          type: 'hit',
          proof: await sensorProof(collector),
          key: sensorKey,
          eventId: hitId,
          sessionId,
          ts: Date.now(),
          url: `https://shop.example.com/checkout?utm_source=${source}`,
          referrer: '',
          utm: { source },
          clickIds: {},
          signals: { webdriver },
        }),
      });
      expect(hit.status(), await hit.text()).toBe(200);
      const conversion = await collector.post('/c/e', {
        headers,
        data: JSON.stringify({
          type: 'conversion',
          key: sensorKey,
          eventId: `conv-c${index}-${stamp}`.padEnd(24, 'x'),
          sessionId,
          ts: Date.now(),
          hitId,
          conversion: { name, value: 10 * index, currency: 'EUR' },
        }),
      });
      expect(conversion.status(), await conversion.text()).toBe(204);
      return sessionId;
    };
    await send('3.120.77.62', payload, true, 1);
    await send('3.120.77.63', 'purchase', true, 2);
    // The list does not poll: wait until the store has both.
    await expect
      .poll(
        async () => {
          const answer = await api.post('/api/conversions/list', {
            data: { from: '2020-01-01', to: today, filters },
          });
          return ((await answer.json()) as { total?: number }).total;
        },
        { timeout: 20_000 },
      )
      .toBe(2);
  } finally {
    await collector.dispose();
    await api.dispose();
  }
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const query = new URLSearchParams({ filters: JSON.stringify(filters) });
  await page.goto(`/intelligence/reports/conversions-list?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Conversions list' })).toBeVisible();
  const rows = page.getByTestId('conversion-row');
  await expect(rows).toHaveCount(2);
  // Newest first; the tracked name is text.
  await expect(rows.nth(0)).toContainText('purchase');
  await expect(rows.nth(1)).toContainText(payload);
  await expect(rows.nth(1)).toContainText('Invalid');

  await page.getByTestId('sort-value').click();
  await expect(page).toHaveURL(/sort=value%3Adesc/);
  await expect(rows.nth(0)).toContainText('purchase');
  await page.getByTestId('sort-value').click();
  await expect(rows.nth(0)).toContainText(payload);
  await page.screenshot({ path: testInfo.outputPath('conversions-1440.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('conversions-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-conversions\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Conversion,Value,Currency,Channel');
  expect(csv).toContain(payload);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('conversions-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await rows.nth(0).getByTestId('conversion-forensics').click();
  await expect(page).toHaveURL(/session-forensics\?id=conv-s1-/);
  await expect(page.getByTestId('forensics-tier')).toHaveText('Invalid');
  await expect(page.getByTestId('forensics-conversions')).toContainText(payload);
  expect(dialogs).toEqual([]);
});
