import { expect, integrateAdminSensor, signInAsAdmin, test } from '../fixtures.js';

/**
 * A screen whose code cannot be fetched (a deploy replaced its chunk while the page was open, or the
 * network dropped) shows the error screen (spec 01 §2) with a reload button, never a blank page; once
 * the code can be fetched again, the reload brings the screen back.
 */

const MESSAGE =
  "There's a temporary problem with the service. Please try again later. If you continue to get this message, contact us.";

test.describe('code that fails to load', () => {
  // The account's screens open once its sensor is integrated (spec 01 §4).
  test.beforeAll(async () => {
    await integrateAdminSensor();
  });

  test("a screen's chunk: the error screen inside the navigation, and the reload recovers", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.route(/\/assets\/AnalyticsPage-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/intelligence/analytics');
    const error = page.getByTestId('route-error');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText(MESSAGE);
    await expect(page.getByRole('link', { name: 'Overview' }).first()).toBeVisible();

    await page.unroute(/\/assets\/AnalyticsPage-[^/]*\.js$/);
    await error.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByTestId('analytics-page')).toBeVisible({ timeout: 15_000 });
  });

  test("the application's own chunk: the same screen from the page's first script", async ({ page }) => {
    await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/status');
    const error = page.getByTestId('route-error');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText(MESSAGE);

    await page.unroute(/\/assets\/app-[^/]*\.js$/);
    await error.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByTestId('welcome')).toBeVisible({ timeout: 15_000 });
  });
});
