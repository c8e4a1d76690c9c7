import { expect, integrateAdminSensor, signInAsAdmin, test } from '../fixtures.js';

/**
 * The report filters' value picker in real Chromium (spec 02 §2): Add filter → Traffic Type opens the
 * picker, and the user's first click on "Select values" keeps it open instead of closing it; the list's
 * items viewport is 238 px high with 24 px items; a value the options do not hold reads "{id}: Not found".
 */

test.describe('report filters', () => {
  test.beforeAll(async () => {
    await integrateAdminSensor();
  });

  test('the picker answers the first click, at the spec sizes', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/intelligence/analytics');
    await page.getByTestId('filters-toggle').click();
    const editor = page.getByTestId('report-filters');
    await editor.getByRole('button', { name: /Add filter/ }).click();
    await page.getByRole('menuitem', { name: 'Segmentation' }).hover();
    await page
      .getByRole('menu', { name: 'Segmentation' })
      .getByRole('menuitem', { name: 'Traffic Type' })
      .click();

    const picker = page.getByRole('dialog', { name: 'Traffic Type values picker' });
    await expect(picker).toBeVisible();
    await editor.getByRole('button', { name: 'Select Traffic Type values' }).click();
    await expect(picker).toBeVisible();

    const google = picker.getByRole('option', { name: 'Google' });
    await expect(google).toBeVisible();
    const list = page.getByTestId('picker-list');
    expect(await list.evaluate((element) => element.clientHeight)).toBe(238);
    expect((await google.boundingBox())?.height).toBe(24);

    await google.click();
    await expect(page).toHaveURL(/google/);
    await expect(editor.getByRole('list', { name: 'Traffic Type values' })).toHaveText('Google');
  });

  test('a value the options do not hold reads "{id}: Not found"', async ({ page }) => {
    await signInAsAdmin(page);
    const filters = JSON.stringify([{ column: 'trafficType', type: 'equals', values: ['nosuch', 'google'] }]);
    await page.goto(`/intelligence/analytics?filters=${encodeURIComponent(filters)}`);
    await expect(page.getByTestId('filter-chip')).toContainText('Traffic Type is nosuch: Not found, Google');
    await page.getByTestId('filters-toggle').click();
    const chips = page.getByTestId('report-filters').getByRole('list', { name: 'Traffic Type values' });
    await expect(chips.getByRole('listitem')).toHaveText(['nosuch: Not found', 'Google']);
  });
});
