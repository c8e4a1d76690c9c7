import { expect, test } from '../fixtures.js';

test.describe('the dashboard foundation', () => {
  test('the status page shows both stores up, from the real API', async ({ page }) => {
    await page.goto('/status');
    await expect(page.getByTestId('welcome')).toBeVisible();
    const stores = page.getByTestId('health-stores');
    await expect(stores.getByTestId('store-accounts')).toContainText('SQLite');
    await expect(stores.getByTestId('store-events')).toContainText('DuckDB');
    await expect(page.getByTestId('health-status')).toBeVisible();
    await expect(page.getByTestId('health-error')).toHaveCount(0);
  });

  test('an unknown path goes to the root, then to the login without a session, keeping the query string', async ({
    page,
  }) => {
    await page.goto('/no/such/screen?from=2026-11-01&to=2026-11-07');
    await expect(page).toHaveURL(/\/auth\/login\?from=2026-11-01&to=2026-11-07$/);
    await expect(page.getByTestId('auth-login')).toBeVisible();
  });

  test('navigating carries the current query string over', async ({ page }) => {
    await page.goto('/sandbox?debug=1');
    await page.getByTestId('sandbox-link-buttons').click();
    await expect(page).toHaveURL(/\/sandbox\/buttons\?debug=1$/);
  });

  test('the API answers JSON errors, not the page, for unknown API paths', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect((await health.json()).stores).toHaveLength(2);
  });
});

const SANDBOX: { path: string; groups: string[] }[] = [
  {
    path: 'buttons',
    groups: ['buttons-variations', 'buttons-sizes', 'buttons-states', 'buttons-binary', 'buttons-copy'],
  },
  {
    path: 'dropdowns',
    groups: ['dropdowns-default', 'dropdowns-directions', 'dropdowns-feedback', 'dropdowns-widths'],
  },
  {
    path: 'text',
    groups: [
      'text-type-scale',
      'text-colours',
      'text-button-colours',
      'text-risk-tiers',
      'text-series-palette',
      'text-spacing',
    ],
  },
  { path: 'inputs', groups: ['inputs-input', 'inputs-radio', 'inputs-toggle'] },
  { path: 'radio', groups: ['inputs-radio'] },
  { path: 'toggle', groups: ['inputs-toggle'] },
  { path: 'carousel', groups: ['carousel-channels', 'carousel-few'] },
  { path: 'tooltip', groups: ['tooltip-sides', 'tooltip-plan-gating', 'tooltip-delay'] },
  { path: 'overlays', groups: ['overlays-notifications', 'overlays-modal', 'overlays-spinner'] },
  { path: 'stepper', groups: ['stepper-integration'] },
  { path: 'slide-panes', groups: ['slide-panes-stack'] },
];

test.describe('the sandbox catalogue', () => {
  for (const { path, groups } of SANDBOX) {
    test(`/sandbox/${path} shows every variation group`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`/sandbox/${path}`);
      await expect(page.getByTestId(`sandbox-${path}`)).toBeVisible();
      for (const group of groups) await expect(page.getByTestId(group)).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('the buttons page: a loading button keeps its width; a screenshot is kept', async ({
    page,
  }, testInfo) => {
    await page.goto('/sandbox/buttons');
    const states = page.getByTestId('buttons-states');
    await expect(states.locator('[aria-busy="true"]').first()).toBeVisible();
    const file = testInfo.outputPath('sandbox-buttons.png');
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach('sandbox-buttons', { path: file, contentType: 'image/png' });
  });

  test('a dropdown opens, picks, closes, and closes on an outside click', async ({ page }) => {
    await page.goto('/sandbox/dropdowns');
    const trigger = page.getByTestId('dropdowns-default').getByRole('button').first();
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(menu).toBeHidden();
    await trigger.click();
    const second = menu.getByRole('menuitemradio').nth(1);
    const choice = (await second.textContent())?.replace('✓', '').trim() ?? '';
    await second.click();
    await expect(menu).toBeHidden();
    await expect(trigger).toContainText(choice);
  });

  test('the carousel scrolls 217 px per arrow click', async ({ page }) => {
    await page.goto('/sandbox/carousel');
    const group = page.getByTestId('carousel-channels');
    const track = group.getByTestId('carousel-track');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
    await group.getByRole('button', { name: /next|right/i }).click();
    await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(217);
  });

  test('the copy button copies and says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/sandbox/buttons');
    await page.getByTestId('buttons-copy').getByRole('button').first().click();
    await expect(page.getByTestId('notification')).toHaveText(/Copied successfully/);
  });

  test('slide panes stack: open pushes, Escape pops the top one, close all empties, focus returns', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/sandbox/slide-panes');
    const opener = page.getByRole('button', { name: 'Create campaign' });
    const depth = page.getByTestId('slide-panes-depth');
    await opener.click();
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByRole('button', { name: 'Create traffic source' }).click();
    await expect(depth).toHaveText('3 open');
    // The panes below the top one are hidden from assistive technology.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: 'New traffic source' })).toBeVisible();
    const file = testInfo.outputPath('sandbox-slide-panes-1440.png');
    await page.screenshot({ path: file });
    await testInfo.attach('sandbox-slide-panes-1440', { path: file, contentType: 'image/png' });

    await page.keyboard.press('Escape');
    await expect(depth).toHaveText('2 open');
    await expect(page.getByRole('dialog', { name: 'New offer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create traffic source' })).toBeFocused();

    await page.getByRole('button', { name: 'Close all' }).click();
    await expect(depth).toHaveText('No pane open');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();

    // On a phone a pane takes the whole width.
    await page.setViewportSize({ width: 390, height: 844 });
    await opener.click();
    const pane = page.getByRole('dialog', { name: 'New campaign' });
    await expect(pane).toBeVisible();
    await expect.poll(() => pane.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(390);
    await expect.poll(() => pane.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
    const narrow = testInfo.outputPath('sandbox-slide-panes-390.png');
    await page.screenshot({ path: narrow });
    await testInfo.attach('sandbox-slide-panes-390', { path: narrow, contentType: 'image/png' });
  });

  test('the navigation shell collapses to a top bar with a menu below 780 px', async ({ page }) => {
    await page.goto('/sandbox/shell');
    await expect(page.getByTestId('app-shell')).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await expect(menuButton).toBeHidden();
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(page.getByRole('dialog').getByTestId('nav-section-intelligence')).toBeVisible();
  });
});
