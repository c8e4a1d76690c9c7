import type { Page } from '@playwright/test';
import { enterpriseSession, expect, expectNotification, signInWith, test } from '../fixtures.js';

/**
 * The firewall's three list screens (issue 34) as the seeded admin in "Veracity Enterprise", the first
 * start's account with the firewall: the rail lists them; a traffic source and an offer created in their
 * slide panes; a campaign created with both picked, its row naming them, its click link and JS tag
 * copied; the pane stack from the keyboard (Escape closes the top pane only). Screenshots at 1440 and
 * 390 px go to the test's output folder.
 */

const stamp = Date.now().toString(36);
const SOURCE = `PushNet ${stamp}`;
const OFFER = `VPN trial ${stamp}`;
const CAMPAIGN = `Push EU ${stamp}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Picks an option of a design-system dropdown inside the given part of the form. */
async function choose(page: Page, part: string, option: string) {
  await page.getByTestId(part).getByRole('button').first().click();
  await page.getByRole('menuitemradio', { name: option }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test.describe('firewall screens', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a traffic source, an offer and a campaign created through the screens', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWith(page, enterpriseSession());

    // The rail lists the three screens for an account with the firewall.
    for (const label of ['Firewall campaigns', 'Offers', 'Traffic sources']) {
      await expect(page.getByRole('link', { name: label, exact: true }).first()).toBeAttached();
    }

    // Traffic source.
    await page.goto('/setup/firewall/traffic-sources/list');
    await expect(page.getByTestId('ts-page')).toBeVisible();
    await page.getByTestId('ts-create').first().click();
    const sourcePane = page.getByRole('dialog', { name: 'New Traffic Source' });
    await expect(sourcePane).toBeVisible();
    await sourcePane.getByTestId('ts-form-name').fill(SOURCE);
    await sourcePane.getByTestId('ts-form-postback-url').fill('ftp://nowhere');
    await sourcePane.getByTestId('ts-form-save').click();
    await expect(sourcePane.locator('[data-cy="invalid-feedback"]')).toHaveCount(1);
    await shoot(page, 'traffic-source-pane-1440');
    await sourcePane
      .getByTestId('ts-form-postback-url')
      .fill('https://pushnet.example/pb?cid={external_id}&sum={payout}');
    await sourcePane.getByTestId('ts-form-addresses').fill('198.51.100.0/24');
    await sourcePane.getByTestId('ts-form-save').click();
    await expectNotification(page, 'Traffic source created');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const sourceRow = page.getByRole('row').filter({ hasText: SOURCE });
    await expect(sourceRow).toContainText('https://pushnet.example/pb?cid={external_id}&sum={payout}');
    await shoot(page, 'traffic-sources-1440');
    // The CSV download, named from the date and time.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('ts-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}-\d{6}-traffic-sources\.csv$/);

    // Offer.
    await page.goto('/setup/firewall/offers/list');
    await page.getByTestId('offer-create').first().click();
    const offerPane = page.getByRole('dialog', { name: 'New Offer' });
    await offerPane.getByTestId('offer-form-name').fill(OFFER);
    await offerPane.getByTestId('offer-form-landing-url').fill('https://offers.example/vpn?c={clickid}');
    await offerPane.getByTestId('offer-form-pick-countries').click();
    await offerPane.getByRole('combobox', { name: /Find Country values/ }).fill('Spain');
    await offerPane.getByRole('option', { name: /Spain/ }).click();
    await expect(offerPane.getByRole('option', { name: /World Wide/ })).toHaveCount(0);
    await offerPane.getByTestId('offer-form-pick-countries').click();
    await offerPane.getByTestId('offer-form-devices').getByLabel('Phone').check();
    await shoot(page, 'offer-pane-1440');
    await offerPane.getByTestId('offer-form-save').click();
    await expectNotification(page, 'Offer created');
    await expect(page.getByRole('row').filter({ hasText: OFFER })).toContainText('ES · Phone');

    // Campaign: the offer and source picked; a new offer pane on top closes with Escape only.
    await page.goto('/setup/firewall/campaigns/list');
    await page.getByTestId('campaign-create').first().click();
    const campaignPane = page.getByRole('dialog', { name: 'New Campaign' });
    await campaignPane.getByTestId('campaign-form-name').fill(CAMPAIGN);
    await campaignPane.getByTestId('campaign-form-new-offer').click();
    await expect(page.getByRole('dialog', { name: 'New Offer' })).toBeVisible();
    // The focus moves into the pane on top.
    await expect(page.getByRole('dialog', { name: 'New Offer' }).locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'New Offer' })).toHaveCount(0);
    await expect(campaignPane).toBeVisible();
    await expect(campaignPane.getByTestId('campaign-form-new-offer')).toBeFocused();
    await choose(page, 'campaign-form-offer', OFFER);
    await choose(page, 'campaign-form-source', SOURCE);
    await campaignPane.getByTestId('campaign-form-safe-page').fill('https://www.example.com/');
    await shoot(page, 'campaign-pane-1440');
    await campaignPane.getByTestId('campaign-form-save').click();
    await expectNotification(page, 'Campaign created');
    const campaignRow = page.getByRole('row').filter({ hasText: CAMPAIGN });
    await expect(campaignRow.locator('[data-cell="offer"]')).toHaveText(OFFER);
    await expect(campaignRow.locator('[data-cell="source"]')).toHaveText(SOURCE);
    await expect(campaignRow.locator('[data-cell="clicks"]')).toHaveText(/^\d+$/);
    await shoot(page, 'campaigns-1440');

    // The click link and the JS tag, copied.
    await campaignRow.getByRole('button', { name: `Click link and JS tag of ${CAMPAIGN}` }).click();
    const linksPane = page.getByRole('dialog', { name: CAMPAIGN });
    const link = linksPane.getByTestId('campaign-click-link');
    await expect(link).toHaveText(/\/c\/fc\/\d+\?k=vs_[\w-]+&clickid=\{clickid\}&sub=\{sub\}$/);
    await expect(linksPane.getByTestId('campaign-tag')).toContainText('<script');
    await linksPane.getByRole('button', { name: 'Copy tag' }).click();
    await expect(linksPane.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied).toBe(await linksPane.getByTestId('campaign-tag').textContent());
    await shoot(page, 'campaign-links-1440');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The hidden toggle, then the phone width: nothing wider than the screen.
    await campaignRow.getByRole('switch', { name: `${CAMPAIGN}: hidden` }).click();
    await expect(campaignRow.getByRole('switch', { name: `${CAMPAIGN}: hidden` })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.reload();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: CAMPAIGN })
        .getByRole('switch', { name: `${CAMPAIGN}: hidden` }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/setup/firewall/campaigns/list', 'campaigns-390'],
      ['/setup/firewall/offers/list', 'offers-390'],
      ['/setup/firewall/traffic-sources/list', 'traffic-sources-390'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('table')).toBeVisible();
      const overflow = (await page.evaluate(
        'document.documentElement.scrollWidth - window.innerWidth',
      )) as number;
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await shoot(page, name);
    }
    await page.getByTestId('ts-create').first().click();
    const narrowPane = page.getByRole('dialog', { name: 'New Traffic Source' });
    await expect(narrowPane).toBeVisible();
    // On a phone the pane takes the whole width, once it has slid in.
    await expect.poll(() => narrowPane.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
    await expect
      .poll(() => narrowPane.evaluate((el) => Math.round(el.getBoundingClientRect().width)))
      .toBe(390);
    await shoot(page, 'traffic-source-pane-390');
  });
});
