import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from '@playwright/test';
import { expect, signInAsAdmin, test } from '../fixtures.js';
import { E2E_ADMIN } from '../global-setup.js';

/**
 * Alerts on real traffic (issue 8): the traffic simulator sends a burst of bots on Google through the
 * S2S API over the last day; the admin creates an alert from the Google channel card on the overview
 * (the home alert form, with the channel's draft), hourly with a low minimum of events; the server's
 * scheduler evaluates the last complete hour, fires, mails the admin (seen in the outbox) and the
 * alerts screen's history shows the firing. Screenshots at 1440 px of the modal and the screen.
 *
 * The traffic goes first: a new alert is evaluated at once over the last complete window (docs/api.md
 * "Evaluation"), so the window must already hold its visits when the alert is saved.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALERT_NAME = 'Google invalid traffic';

/**
 * `npm run simulate` against the e2e server: 600 visits on Google over the last day, 90 % bots. It
 * gets an API key rather than the admin's password: sign-ins are limited to 8 per address and 10
 * minutes, and the other journeys sign the admin in too.
 */
function simulateBotBurst(baseURL: string, apiKey: string): Promise<string> {
  const args = [
    '--conditions=source',
    '--import',
    'tsx',
    'tools/simulator/src/simulate.ts',
    '--url',
    baseURL,
    '--api-key',
    apiKey,
    '--visits',
    '600',
    '--days',
    '1',
    '--bots',
    '0.9',
    '--mix',
    'google=100',
    '--seed',
    'e2e-alert',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`the simulator exited with ${code}:\n${output}`)),
    );
  });
}

/** The Google visits the overview counts, once the batch writer has stored them all (two equal reads). */
async function settledGoogleVisits(api: APIRequestContext, above: number): Promise<number> {
  let previous = -1;
  for (let attempt = 0; attempt < 60; attempt++) {
    const { channels } = (await (
      await api.get('/api/home/channels?from=2000-01-01&to=2100-01-01')
    ).json()) as { channels: { type: string; totalVisits: number }[] };
    const visits = channels.find((channel) => channel.type === 'google')?.totalVisits ?? 0;
    if (visits > above && visits === previous) return visits;
    previous = visits;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the Google visits did not settle above ${above} (last read ${previous})`);
}

/** The session of the signed-in page, for the calls the journey makes beside the browser. */
async function pageApi(page: Page, baseURL: string): Promise<APIRequestContext> {
  const token = (await page.evaluate("localStorage.getItem('opt-token')")) as string | null;
  if (!token) throw new Error('no session token after sign-in');
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

test.describe('alerts', () => {
  test('an alert created from the Google card fires on a burst of bots: mail and history', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    const api = await pageApi(page, baseURL as string);
    try {
      await journey(page, api, baseURL as string, testInfo);
    } finally {
      await api.dispose();
    }
  });
});

async function journey(page: Page, api: APIRequestContext, baseURL: string, testInfo: TestInfo) {
  // The burst of bots on Google, stored before the alert exists (see above).
  const before = await settledGoogleVisits(api, -1);
  const { key } = (await (await api.post('/api/me/keys', { data: { name: 'Alert journey' } })).json()) as {
    key: string;
  };
  const summary = await simulateBotBurst(baseURL, key);
  await testInfo.attach('simulator summary', { body: summary, contentType: 'text/plain' });
  await settledGoogleVisits(api, before);

  await page.goto('/intelligence/overview');

  const google = page.getByTestId('channel-card-google');
  await google.getByRole('button', { name: 'Options for Google' }).click();
  await google.getByRole('button', { name: 'Create Alert' }).click();

  // The home alert form: the channel's draft, its dimension fixed.
  const dialog = page.getByRole('dialog', { name: 'Create Alert' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/intelligence\/overview/);
  await expect(dialog.getByTestId('alert-name')).toHaveValue(ALERT_NAME);
  await expect(dialog.getByTestId('alert-threshold')).toHaveValue('3');
  await expect(dialog.getByTestId('alert-min-events')).toHaveValue('500');
  await expect(dialog.getByRole('button', { name: /Dimension 1/ })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Dimension 1/ })).toContainText('Traffic Type');
  await expect(dialog.getByTestId('alert-value-0')).toContainText('Google');
  await expect(dialog.getByTestId('alert-add-dimension')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Frequency/ })).toContainText('Daily (24h)');

  await dialog.getByRole('button', { name: /^Frequency/ }).click();
  await page.getByRole('menuitemradio', { name: 'Hourly' }).click();
  await dialog.getByTestId('alert-min-events').fill('2');
  await expect(dialog.getByRole('button', { name: /^Frequency/ })).toContainText('Hourly');
  const modal = testInfo.outputPath('alerts-home-modal-1440.png');
  await page.screenshot({ path: modal });
  await testInfo.attach('home alert modal at 1440 px', { path: modal, contentType: 'image/png' });

  await dialog.getByTestId('alert-save').click();
  await expect(page.getByTestId('notification')).toContainText('Alert created successfully');
  await expect(dialog).toBeHidden();

  // The scheduler evaluates the last complete hour, fires and mails the admin.
  await expect
    .poll(
      async () => {
        const mails = (await (
          await api.get(`/api/support/outbox?to=${encodeURIComponent(E2E_ADMIN.email)}`)
        ).json()) as { kind: string; subject: string }[];
        return mails.filter((mail) => mail.kind === 'alert').map((mail) => mail.subject);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toContainEqual(expect.stringContaining(`Alert "${ALERT_NAME}"`));

  // The alerts screen: the alert in the list, the firing in the history.
  await page.goto('/intelligence/reports/alerts');
  const table = page.getByTestId('alerts-table');
  await expect(table).toContainText(ALERT_NAME);
  await expect(table).toContainText('Traffic Type:Google');
  await expect(table).toContainText('Hourly');
  const history = page.getByTestId('alert-history-table');
  await expect(history).toBeVisible();
  const firing = history.locator('tbody tr').first();
  await expect(firing).toContainText(ALERT_NAME);
  const cells = await firing.locator('td').allTextContents();
  expect(Number((cells[3] ?? '').replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
  expect(Number(cells[6])).toBeGreaterThanOrEqual(1);
  await page.mouse.move(0, 0);
  const screen = testInfo.outputPath('alerts-screen-1440.png');
  await page.screenshot({ path: screen, fullPage: true });
  await testInfo.attach('alerts screen at 1440 px', { path: screen, contentType: 'image/png' });
}
