import { request as playwrightRequest } from '@playwright/test';
import { adminApi, expect, integrateAdminSensor, sensorProof, signInAsAdmin, test } from '../fixtures.js';

/**
 * Session forensics (issue 36) in real Chromium: a bot's page view and its engagement beacon reach the
 * real collector, the latest visits link it to its forensics, which shows each reason with the evidence
 * stored with it, what the visitor did and the time zone against the IP's country.
 */
const stamp = Date.now().toString(36);
const path = `/forensics-${stamp}`;

test.beforeAll(async () => {
  await integrateAdminSensor();
});

test('from a visit in the latest visits to its forensics: every reason with its evidence', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL ?? '');
  const collector = await playwrightRequest.newContext({ baseURL });
  try {
    const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    const hit = await collector.post('/c/e', {
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '3.120.77.60' },
      data: JSON.stringify({
        type: 'hit',
        proof: await sensorProof(collector),
        key: sensorKey,
        eventId: `forensics-e-${stamp}`.padEnd(24, 'x'),
        sessionId: `forensics-s-${stamp}`.padEnd(24, 'x'),
        ts: Date.now(),
        url: `https://shop.example.com${path}?utm_source=<script>alert(1)</script>`,
        referrer: '',
        utm: { source: '<script>alert(1)</script>' },
        clickIds: {},
        signals: {
          webdriver: true,
          screen: { width: 1280, height: 720 },
          timezone: 'America/Lima',
          languages: ['<script>alert(2)</script>'],
        },
      }),
    });
    expect(hit.status(), await hit.text()).toBe(200);
    // The page view's engagement beacon, as the sensor sends it when the page is left.
    const beacon = await collector.post('/c/e', {
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '3.120.77.60' },
      data: JSON.stringify({
        type: 'engagement',
        key: sensorKey,
        eventId: `forensics-g-${stamp}`.padEnd(24, 'x'),
        sessionId: `forensics-s-${stamp}`.padEnd(24, 'x'),
        ts: Date.now(),
        hitId: `forensics-e-${stamp}`.padEnd(24, 'x'),
        behaviour: { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs: 42_000 },
        visibleMs: 41_000,
      }),
    });
    expect(beacon.status(), await beacon.text()).toBe(204);
    // The page reads forensics once: wait until the store has the beacon's figures.
    await expect
      .poll(
        async () => {
          const answer = await api.get(`/api/forensics/sessions/${`forensics-s-${stamp}`.padEnd(24, 'x')}`);
          if (!answer.ok()) return null;
          return ((await answer.json()) as { hits: { engagement: unknown }[] }).hits[0]?.engagement ?? null;
        },
        { timeout: 20_000 },
      )
      .not.toBeNull();
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
  await page.goto('/setup/sensor-js');
  const visit = page.getByTestId('recent-hit').filter({ hasText: path });
  await expect(visit).toHaveCount(1, { timeout: 20_000 });
  await visit.getByTestId('recent-hit-forensics').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Session forensics' })).toBeVisible();
  const webdriver = page.getByTestId('forensics-reason-automation:webdriver');
  await expect(webdriver).toContainText('Decisive');
  await expect(webdriver).toContainText('navigator.webdriver');
  await expect(page.getByTestId('forensics-reason-network:datacenter')).toContainText('16509');
  await expect(page.getByTestId('forensics-tier')).toHaveText('Invalid');
  await expect(page.getByTestId('forensics-verdict')).toContainText('<script>alert(1)</script>');
  await expect(page.getByTestId('forensics-engagement')).toHaveText(
    'Dwell 42 s · visible 41 s · 0 clicks · 0 keys · 0 scrolls · 0 pointer moves · 0 touches',
  );
  await expect(page.getByTestId('forensics-time-zone')).toContainText('America/Lima (not a zone of DE)');
  await expect(page.getByTestId('forensics-languages')).toContainText('<script>alert(2)</script>');
  expect(dialogs).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('forensics-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('forensics-reasons')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('forensics-390.png'), fullPage: true });
});

test('from an invalid row in analytics to a visit’s forensics: every reason shown with its evidence', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const source = `e2e-row-${stamp}`;
  const api = await adminApi(baseURL ?? '');
  const collector = await playwrightRequest.newContext({ baseURL });
  const sessionId = `forensics-r-${stamp}`.padEnd(24, 'x');
  try {
    const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    const hit = await collector.post('/c/e', {
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '3.120.77.61' },
      data: JSON.stringify({
        type: 'hit',
        proof: await sensorProof(collector),
        key: sensorKey,
        eventId: `forensics-h-${stamp}`.padEnd(24, 'x'),
        sessionId,
        ts: Date.now(),
        url: `https://shop.example.com/row-${stamp}?utm_source=${source}`,
        referrer: '<script>alert(2)</script>',
        title: '<img src=x onerror=alert(3)>',
        utm: { source, campaign: '<script>alert(4)</script>' },
        clickIds: {},
        signals: { webdriver: true },
      }),
    });
    expect(hit.status(), await hit.text()).toBe(200);
    // The analytics page does not poll: wait until the store has the visit, then open it.
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const answer = await api.post('/api/analytics/sessions', {
            data: {
              from: '2020-01-01',
              to: today,
              filters: [{ column: 'utm_source', type: 'equals', values: [source] }],
            },
          });
          return ((await answer.json()) as { total?: number }).total;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
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
  const filters = encodeURIComponent(
    JSON.stringify([{ column: 'utm_source', type: 'equals', values: [source] }]),
  );
  await page.goto(`/intelligence/analytics?dimensions=hitSecurityLevel&filters=${filters}`);
  await page.getByRole('button', { name: 'Threats of Invalid' }).click();
  const visits = page.getByTestId('row-visits');
  await expect(visits.getByTestId('row-visit')).toHaveCount(1);
  await expect(visits.getByTestId('row-visit')).toContainText('Invalid');
  await page.screenshot({ path: testInfo.outputPath('analytics-row-visits-1440.png'), fullPage: true });
  await visits.getByTestId('row-visit-forensics').click();
  await expect(page).toHaveURL(/session-forensics\?id=forensics-r-/);
  await expect(page.getByTestId('forensics-tier')).toHaveText('Invalid');
  // Every reason of the verdict is listed, each with the evidence stored when it was assessed.
  const reasons = page.getByTestId('forensics-reasons').locator('[data-testid^="forensics-reason-"]');
  expect(await reasons.count()).toBeGreaterThanOrEqual(2);
  for (const reason of await reasons.all()) {
    await expect(reason.getByTestId('forensics-evidence')).not.toBeEmpty();
  }
  await expect(page.getByTestId('forensics-reason-automation:webdriver')).toContainText(
    'navigator.webdriver',
  );
  await expect(page.getByTestId('forensics-reason-network:datacenter')).toContainText('16509');
  await expect(page.getByTestId('session-forensics')).toContainText('<script>alert(2)</script>');
  expect(dialogs).toEqual([]);
});
