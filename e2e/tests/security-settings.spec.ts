import type { Page, TestInfo } from '@playwright/test';
import { enterpriseSession, expect, signInWith, test } from '../fixtures.js';

/** The security screens of issue 40 and the account changelog, each under its heading. */
const SCREENS = [
  ['/setup/security/ip-settings', 'IP settings'],
  ['/setup/security/domain-security', 'Domain security'],
  ['/setup/security/javascript-settings', 'JavaScript settings'],
  ['/setup/security/postback-security', 'Postback security'],
  ['/setup/security/apk-security', 'APK security'],
  ['/account/changelog', 'Changelog'],
] as const;

const overflow = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('the security settings', () => {
  test('render at 1440 and 390 px without running wider than the screen', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWith(page, enterpriseSession());
    for (const [path, title] of SCREENS) {
      const name = path.split('/').pop();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await shoot(page, testInfo, `${name}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => overflow(page), { message: `${path} is wider than 390 px` })
        .toBeLessThanOrEqual(0);
      await shoot(page, testInfo, `${name}-390`);
    }
  });

  test('a saved excluded domain shows in the account changelog', async ({ page }) => {
    await signInWith(page, enterpriseSession());
    await page.goto('/setup/security/domain-security');
    const domain = `spam-${Date.now().toString(36)}.example`;
    await page.getByLabel('Referring domains, one per line').fill(domain);
    await page.getByRole('button', { name: 'Save domains' }).click();
    await expect(page.getByText('Domain security saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Referring domains, one per line')).toHaveValue(domain);

    await page.goto('/account/changelog');
    await expect(page.getByTestId('changelog-table')).toContainText(`excluded ${domain}`);
  });
});
