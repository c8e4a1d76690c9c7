import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import Database from 'better-sqlite3';
import { adminApi, apiAs, enterpriseSession, expect, sensorProof, signInWith, test } from '../fixtures.js';
import { E2E_ADMIN } from '../global-setup.js';

/**
 * Full reports (issue 36) in real Chromium: visits reach the real collector in "Veracity Enterprise"
 * (which has the reports flag); the admin saves a daily report of today's visits by UTM source, mailed
 * to themselves, in a modal an outside click does not close. The schedule's midnight is brought
 * forward in the accounts database (the one step that stands for waiting a day); the server's reports
 * job then runs it, the list shows it ready, the CSV downloads with tracked text made formula-safe, and
 * the outbox holds the mail whose link opens the download. Screenshots at 1440 and 390 px.
 */
const stamp = Date.now().toString(36);
const REPORT_NAME = `Sources ${stamp}`;
const SOURCES = [`news-${stamp}`, `news-${stamp}`, `=HYPERLINK("http://evil.example","${stamp}")`];

/** The schedule's next run moved to a second ago, as if midnight had come. */
function bringMidnightForward(name: string): number {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const db = new Database(path.join(dataDir, 'accounts.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const due = new Date(Date.now() - 1000).toISOString();
    return db.prepare('UPDATE reports SET next_run_at = ? WHERE name = ?').run(due, name).changes;
  } finally {
    db.close();
  }
}

/** The link of this report's mail in the admin's outbox (other journeys mail the admin too). */
async function reportMailLink(baseURL: string): Promise<URL> {
  const outbox = await adminApi(baseURL);
  try {
    let text: string | undefined;
    await expect
      .poll(async () => {
        const response = await outbox.get(`/api/support/outbox?to=${encodeURIComponent(E2E_ADMIN.email)}`);
        const mails = (await response.json()) as { subject: string; text: string }[];
        text = mails.find((mail) => mail.subject === `Report "${REPORT_NAME}" is ready`)?.text;
        return text;
      })
      .toBeTruthy();
    expect(text).toMatch(/\d+ rows/);
    expect(text).not.toContain('HYPERLINK');
    return new URL(/https?:\/\/\S+/.exec(text ?? '')?.[0] ?? '');
  } finally {
    await outbox.dispose();
  }
}

test('a saved report is scheduled, run by the job, downloaded and mailed', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const session = enterpriseSession();
  const api = await apiAs(baseURL ?? '', session.token);
  const collector = await playwrightRequest.newContext({ baseURL });
  try {
    const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    for (const [index, source] of SOURCES.entries()) {
      const hit = await collector.post('/c/e', {
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': `81.33.104.${10 + index}` },
        data: JSON.stringify({
          type: 'hit',
          proof: await sensorProof(collector),
          key: sensorKey,
          eventId: `report-e-${stamp}-${index}`.padEnd(24, 'x'),
          sessionId: `report-s-${stamp}-${index}`.padEnd(24, 'x'),
          ts: Date.now(),
          url: `https://shop.example.com/reports-${stamp}?utm_source=${encodeURIComponent(source)}`,
          referrer: '',
          utm: { source },
          clickIds: {},
          signals: {},
        }),
      });
      expect(hit.status(), await hit.text()).toBe(200);
    }
    // The job must find the visits stored: wait until analytics counts all three.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const tree = await api.post('/api/analytics/tree', {
            data: {
              from: '2020-01-01',
              to: tomorrow,
              dimensions: ['utm_source'],
              metrics: ['hits'],
              filters: [{ column: 'utm_source', type: 'equals', values: [...new Set(SOURCES)] }],
            },
          });
          return ((await tree.json()) as { totals?: { hits?: number } }).totals?.hits;
        },
        { timeout: 20_000 },
      )
      .toBe(SOURCES.length);
  } finally {
    await collector.dispose();
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWith(page, session);
  await page.goto('/intelligence/reports/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByTestId('reports-create').first().click();
  const form = page.getByTestId('report-form');
  await expect(form).toBeVisible();
  // Spec 01 §2: on the reports view an outside click leaves the modal open.
  await page.mouse.click(10, 10);
  await expect(form).toBeVisible();
  await page.getByTestId('report-name').fill(REPORT_NAME);
  await page.getByTestId('dimension-picker-trigger').click();
  const dimensions = page.getByTestId('dimension-picker');
  await dimensions.getByRole('checkbox', { name: 'Day' }).uncheck();
  await dimensions.getByRole('checkbox', { name: 'UTM Source' }).check();
  await dimensions.getByRole('button', { name: 'Apply' }).click();
  await page.getByTestId('metric-picker-trigger').click();
  const metrics = page.getByTestId('metric-picker');
  for (const name of ['Sessions', 'Invalid Visits', 'Conversions', 'Invalid Conversions']) {
    await metrics.getByRole('checkbox', { name, exact: true }).uncheck();
  }
  await metrics.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: /^Period/ }).click();
  await page.getByRole('menuitemradio', { name: 'Today' }).click();
  await form.getByRole('button', { name: /^Schedule/ }).click();
  await page.getByRole('menuitemradio', { name: 'Daily' }).click();
  await form.getByRole('checkbox', { name: new RegExp(E2E_ADMIN.email.replace(/[.]/g, '\\.')) }).check();
  await page.screenshot({ path: testInfo.outputPath('report-form-1440.png'), fullPage: true });
  await page.getByTestId('report-save').click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: REPORT_NAME });
  await expect(row).toContainText('Daily');
  await expect(row).toContainText('Never run');

  // Midnight comes: the job (every 2 s here) queues the run and writes it.
  expect(bringMidnightForward(REPORT_NAME)).toBe(1);
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText(/Ready · \d+ rows/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const reports = (await (await api.get('/api/reports')).json()) as {
    reports: { name: string; lastRun: { id: number; trigger: string } | null }[];
  };
  const saved = reports.reports.find((report) => report.name === REPORT_NAME);
  expect(saved?.lastRun?.trigger).toBe('schedule');
  await page.screenshot({ path: testInfo.outputPath('reports-1440.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${REPORT_NAME}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^\d{8}-\d{6}-Sources-[a-z0-9]+\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  // Other journeys may add visits of today to the account (their rows, without a UTM source, too).
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('UTM Source,Visits');
  expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""${stamp}"")",1`);
  expect(lines).toContain(`news-${stamp},2`);
  expect(lines.at(-1)).toBe('');

  // The mail links to the download on the reports page; the file is not attached.
  const link = await reportMailLink(baseURL ?? '');
  expect(link.pathname).toBe('/intelligence/reports/list');
  expect(link.searchParams.get('run')).toBe(String(saved?.lastRun?.id));
  await page.goto(`${link.pathname}${link.search}`);
  const mailedDownload = page.waitForEvent('download');
  await page.getByTestId('reports-mailed-download').click();
  expect(await readFile((await (await mailedDownload).path()) ?? '', 'utf8')).toBe(csv);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reports-390.png'), fullPage: true });
  // The form fits a phone, and the keyboard closes it (Escape), as the outside click does not.
  await row.getByRole('button', { name: `Edit ${REPORT_NAME}` }).click();
  await expect(form).toBeVisible();
  await expect(page.getByTestId('report-name')).toHaveValue(REPORT_NAME);
  const width = await form.evaluate((element) => (element as unknown as { scrollWidth: number }).scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('report-form-390.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await api.dispose();
});
