import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, expectNotification, integrateAdminSensor, signInAsAdmin, test } from '../fixtures.js';

/**
 * Server-to-server setup (spec 02 §2, §7): an API key created in Developers settings and shown once, an
 * S2S campaign created on its screen, and a click sent with the call the integration page shows, which
 * the latest visits then list. Once the key is deleted, the same call is refused.
 */

const stamp = Date.now().toString(36);
const KEY_NAME = `E2E server ${stamp}`;
const CAMPAIGN_NAME = `Spring sale ${stamp}`;

/** The shown example call: where it posts, with which headers, and its JSON body. */
interface ShownCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Reads the `curl` example as the page shows it, the way a customer copies it. */
function parseCurl(text: string): ShownCall {
  const url = /curl -X POST (\S+)/.exec(text)?.[1];
  const headers = Object.fromEntries(
    [...text.matchAll(/-H '([^:]+): ([^']+)'/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  const body = /-d '([\s\S]*)'/.exec(text)?.[1];
  if (!url || !body) throw new Error(`not a curl call:\n${text}`);
  return { url, headers, body: JSON.parse(body) as Record<string, unknown> };
}

/** The shown call with the customer's key, campaign and click put in. */
async function sendShownCall(
  http: APIRequestContext,
  call: ShownCall,
  key: string,
  click: Record<string, unknown>,
) {
  const headers = Object.fromEntries(
    Object.entries(call.headers).map(([name, value]) => [name, value.replace('vk_YOUR_API_KEY', key)]),
  );
  return http.post(call.url, { headers, data: { ...call.body, ...click } });
}

let http: APIRequestContext;

test.beforeAll(async () => {
  await integrateAdminSensor();
  http = await playwrightRequest.newContext();
});

test.afterAll(async () => {
  await http?.dispose();
});

test.describe('server-to-server setup', () => {
  test('an API key shown once sends a click of a new S2S campaign, and is refused once deleted', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);

    // Developers settings: the key is shown once, then only its prefix.
    await page.goto('/developers-settings');
    await page.getByTestId('api-keys-create').first().click();
    await page.getByTestId('api-key-name').fill(KEY_NAME);
    await page.getByTestId('api-key-create-submit').click();
    const secret = page.getByTestId('api-key-secret');
    await expect(secret).toHaveText(/^vk_\S+$/);
    const key = (await secret.textContent()) ?? '';
    await expect(page.getByTestId('api-key-warning')).toContainText('it will not be shown again');
    await page.getByTestId('api-key-done').click();
    const keyRow = page.getByRole('row').filter({ hasText: KEY_NAME });
    await expect(keyRow).toBeVisible();
    await expect(keyRow).toContainText(`${key.slice(0, 6)}`);
    await page.reload();
    await expect(keyRow).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    // The S2S campaign.
    await page.goto('/setup/s2s/list');
    await page.getByTestId('s2s-create').first().click();
    await page.getByTestId('s2s-form-name').fill(CAMPAIGN_NAME);
    await page.getByTestId('s2s-form-save').click();
    await expectNotification(page, 'Campaign created');
    const campaignRow = page.getByTestId(/^s2s-row-\d+$/).filter({ hasText: CAMPAIGN_NAME });
    await expect(campaignRow).toBeVisible();
    const campaignId = Number((await campaignRow.getAttribute('data-testid'))?.replace('s2s-row-', ''));

    // The call the integration page shows for server-to-server, sent as shown with the key and campaign.
    await page.goto('/setup/integration');
    // An integrated account opens on the last step: back to the first.
    await page.getByRole('button', { name: '1. Choose a method' }).click();
    await page.getByRole('radio', { name: /Server-to-server/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    const call = parseCurl((await page.getByTestId('integration-s2s-hit-example').textContent()) ?? '');
    const landing = `https://shop.example/s2s-landing-${stamp}?utm_source=newsletter`;
    const sent = await sendShownCall(http, call, key, {
      id: `click-${stamp}`,
      url: landing,
      campaignId,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    expect(await sent.json()).toMatchObject({ riskLevel: expect.stringMatching(/^(low|medium|high)$/) });

    // The click in the latest visits.
    await page.goto('/setup/sensor-js');
    await expect(page.getByTestId('recent-hit').filter({ hasText: `/s2s-landing-${stamp}` })).toBeVisible({
      timeout: 15_000,
    });

    // Deleted, the key is refused from then on.
    await page.goto('/developers-settings');
    await keyRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('api-key-delete-confirm').click();
    await expectNotification(page, 'API key deleted');
    await expect(keyRow).toHaveCount(0);
    // The collector keeps a key's answer for INGEST_ACCOUNT_CACHE_SECONDS (1 s in these journeys).
    await expect
      .poll(
        async () =>
          (
            await sendShownCall(http, call, key, { id: `late-${Date.now()}`, url: landing, campaignId })
          ).status(),
        { timeout: 10_000 },
      )
      .toBe(401);
  });
});
