import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import {
  adminApi,
  expect,
  expectNotification,
  integrateAdminSensor,
  sensorProof,
  signInAsAdmin,
  test,
} from '../fixtures.js';
import { E2E_MICROSOFT } from '../global-setup.js';

/**
 * Meta, Microsoft and TikTok (issue 35) in real Chromium: invalid Microsoft clicks reach the real
 * collector, the sensor reports its UET exclusion firing, and the Microsoft overview shows them (the
 * exclusion events, the IPs to paste); the Integration Steps teach the rest, with the event table's copy
 * buttons; Microsoft is linked through its local fake's consent page, Meta and TikTok have no client here.
 */
const stamp = Date.now().toString(36);
/** Two hosting addresses of one /24 (Amazon, Frankfurt): one wildcard entry to paste. */
const BOT_IPS = ['3.120.77.10', '3.120.77.11'];

let collector: APIRequestContext;

/** The UTC date `offset` days from now, as the widget calls take it (a range wide of any time zone). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function sensorKey(baseURL: string): Promise<string> {
  const api = await adminApi(baseURL);
  try {
    return ((await (await api.get('/api/me')).json()) as { sensorKey: string }).sensorKey;
  } finally {
    await api.dispose();
  }
}

/** A Microsoft ad click from a hosting address with an HTTP library, then the sensor's UET firing. */
async function invalidMicrosoftVisit(key: string, ip: string, n: number): Promise<void> {
  const msclkid = `ms${stamp}${n}`;
  const eventId = `msft-e-${stamp}-${n}`.padEnd(24, 'x');
  const headers = {
    'content-type': 'text/plain',
    'user-agent': 'python-requests/2.32.3',
    'x-forwarded-for': ip,
  };
  const hit = await collector.post('/c/e', {
    headers,
    data: JSON.stringify({
      type: 'hit',
      proof: await sensorProof(collector),
      key,
      eventId,
      sessionId: `msft-s-${stamp}-${n}`.padEnd(24, 'x'),
      ts: Date.now(),
      url: `https://shop.example.com/offer-${stamp}?msclkid=${msclkid}&utm_source=bing&utm_medium=cpc`,
      referrer: 'https://www.bing.com/',
      utm: { source: 'bing', medium: 'cpc' },
      clickIds: { msclkid },
      signals: {},
    }),
  });
  expect(hit.status(), await hit.text()).toBe(200);
  const fired = await collector.post('/c/e', {
    headers,
    data: JSON.stringify({
      type: 'exclusion',
      key,
      eventId: `msft-x-${stamp}-${n}`.padEnd(24, 'x'),
      sessionId: `msft-s-${stamp}-${n}`.padEnd(24, 'x'),
      ts: Date.now(),
      hitId: eventId,
      platforms: ['microsoft'],
    }),
  });
  expect(fired.status(), await fired.text()).toBe(204);
}

test.beforeAll(async ({ baseURL }) => {
  await integrateAdminSensor();
  collector = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await collector?.dispose();
});

test.describe('Meta, Microsoft and TikTok', () => {
  test('the Microsoft overview shows the exclusion events the sensor fired and the invalid IPs to paste', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const key = await sensorKey(baseURL ?? '');
    for (const [n, ip] of BOT_IPS.entries()) await invalidMicrosoftVisit(key, ip, n);
    // The journal reaches the analytics store within a moment: wait until the widget's call counts the
    // firings, so the page's single read cannot come before them.
    const api = await adminApi(baseURL ?? '');
    try {
      await expect
        .poll(
          async () => {
            const answer = await api.post('/api/widget/microsoft/exclusions', {
              data: { from: day(-7), to: day(1) },
            });
            expect(answer.status(), await answer.text()).toBe(200);
            return ((await answer.json()) as { totals: { exclusionEventsInvalid: number } }).totals
              .exclusionEventsInvalid;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThanOrEqual(BOT_IPS.length);
    } finally {
      await api.dispose();
    }
    await signInAsAdmin(page);
    await page.goto('/integrations/microsoft-ads/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // Last 30 days ends yesterday: today's visits show with a range that takes today in.
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('menuitemradio', { name: 'Last 6 days & Today' }).click();
    await expect(page.getByTestId('exclusion-figure-exclusionEvents')).toContainText(String(BOT_IPS.length), {
      timeout: 20_000,
    });
    await expect(page.getByTestId('exclusion-figure-exclusionEventsInvalid')).toContainText(
      String(BOT_IPS.length),
    );
    // The visits are stored now (the figures count them): the list read since shows their addresses.
    await page.reload();
    await expect(page.getByTestId('microsoft-ip-paste-list')).toHaveText('3.120.77.*');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('microsoft-ip-paste')).toBeVisible();
  });

  test('the Microsoft Integration Steps: the custom event table copies each value', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page);
    await page.goto('/integrations/microsoft-ads/overview');
    await page.getByTestId('ad-channel-wizard-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integration Steps' })).toBeVisible();
    await page.getByRole('button', { name: /3\. Create custom event/ }).click();
    await page.getByRole('button', { name: 'Copy Action' }).click();
    await expectNotification(page, 'Copied successfully');
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe('VeracityExcludeVisitor');
    // The breadcrumb goes back to the overview.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Microsoft Ads' })
      .click();
    await expect(page).toHaveURL(/\/integrations\/microsoft-ads\/overview$/);
  });

  test('Meta and TikTok open their overviews and wizards', async ({ page }) => {
    await signInAsAdmin(page);
    for (const segment of ['facebook-ads', 'tiktok-ads']) {
      await page.goto(`/integrations/${segment}/overview`);
      // No Meta or TikTok client on this server: their cards point at the wizard.
      await expect(page.getByTestId('ad-channel-not-configured')).toBeVisible();
      await page.goto(`/integrations/${segment}/linking`);
      await expect(page.getByTestId('wizard-intro')).toBeVisible();
    }
    await page.goto('/integrations/facebook-ads/overview');
    await expect(page.getByTestId('meta-status')).toContainText('campaignid={{campaign.id}}');
  });

  test('links Microsoft Ads through the consent page: the list created, excluded from a campaign', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto('/integrations/microsoft-ads/overview');
    await page.getByTestId('ad-channel-connect').click();
    await page.waitForURL((url) => url.href.startsWith(new URL(process.env.E2E_MICROSOFT_URL ?? '-').origin));
    await expect(page.getByRole('heading', { name: /Microsoft \(local fake\)/ })).toBeVisible();
    await page.locator('#allow').click();
    await page.waitForURL(`${baseURL}/integrations/microsoft-ads/overview**`);
    await expectNotification(page, 'Microsoft Ads connected');
    const card = page.getByTestId('ad-channel-connection');
    await card.getByRole('button', { name: 'Ad account' }).click();
    await page.getByRole('menuitemradio', { name: new RegExp(E2E_MICROSOFT.account.name) }).click();
    await expect(card.getByTestId('ad-channel-audience')).toContainText(
      'Veracity: invalid visitors (exclude)',
    );
    await expect(card.getByTestId('ad-channel-audience-status')).toContainText('Populating');
    const [, generic] = E2E_MICROSOFT.campaigns;
    await card.getByLabel(generic.name).check();
    await card.getByTestId('ad-channel-save-exclusions').click();
    await expect(card.getByTestId(`ad-channel-target-excluded-${generic.id}`)).toHaveText('Yes');
    // The fake holds the list on the UET custom event and the negative criterion.
    const fake = await playwrightRequest.newContext();
    try {
      const state = (await (
        await fake.get(`${new URL(process.env.E2E_MICROSOFT_URL ?? '').origin}/__fake/state`)
      ).json()) as {
        criteria: { CampaignId: number }[];
      };
      expect(state.criteria.map((criterion) => criterion.CampaignId)).toContain(generic.id);
    } finally {
      await fake.dispose();
    }
  });
});
