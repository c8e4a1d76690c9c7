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

/**
 * HubSpot (issue 35) in real Chromium: the portal linked through the local fake's consent page, then a
 * bot's lead (a sensor conversion carrying HubSpot's visitor cookie) flagged on its contact by the
 * matching job, and listed on the page.
 */
const stamp = Date.now().toString(36);
const UTK = `${stamp}`
  .padStart(32, '0')
  .replace(/[^0-9a-f]/g, 'a')
  .slice(-32);
const hubspotOrigin = () => new URL(process.env.E2E_HUBSPOT_URL ?? '-').origin;

let fake: APIRequestContext;

test.beforeAll(async () => {
  await integrateAdminSensor();
  fake = await playwrightRequest.newContext({ baseURL: hubspotOrigin() });
});

test.afterAll(async () => {
  await fake?.dispose();
});

/** A bot's page view (an HTTP library from a hosting network) and its conversion with the cookie. */
async function botLead(baseURL: string): Promise<void> {
  const api = await adminApi(baseURL);
  const collector = await playwrightRequest.newContext({ baseURL });
  try {
    const { sensorKey } = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    const headers = {
      'content-type': 'text/plain',
      'user-agent': 'python-requests/2.32.3',
      'x-forwarded-for': '3.120.77.40',
    };
    const envelope = {
      key: sensorKey,
      sessionId: `hubspot-s-${stamp}`.padEnd(24, 'x'),
      ts: Date.now(),
    };
    const hitId = `hubspot-e-${stamp}`.padEnd(24, 'x');
    const hit = await collector.post('/c/e', {
      headers,
      data: JSON.stringify({
        type: 'hit',
        proof: await sensorProof(collector),
        ...envelope,
        eventId: hitId,
        url: 'https://shop.example.com/contact',
        referrer: '',
        utm: {},
        clickIds: {},
        signals: {},
      }),
    });
    expect(hit.status(), await hit.text()).toBe(200);
    const conversion = await collector.post('/c/e', {
      headers,
      data: JSON.stringify({
        type: 'conversion',
        ...envelope,
        eventId: `hubspot-c-${stamp}`.padEnd(24, 'x'),
        hitId,
        conversion: { name: 'demo request' },
        crm: { hubspotutk: UTK },
      }),
    });
    expect(conversion.status(), await conversion.text()).toBe(204);
  } finally {
    await collector.dispose();
    await api.dispose();
  }
}

test('links HubSpot through the consent page and flags the contact of a bot’s lead', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/integrations/hubspot');
  await expect(page.getByRole('heading', { level: 1, name: 'HubSpot' })).toBeVisible();
  await page.getByTestId('hubspot-connect').click();
  await page.waitForURL((url) => url.href.startsWith(hubspotOrigin()));
  await expect(page.getByRole('heading', { name: /HubSpot \(local fake\)/ })).toBeVisible();
  await page.locator('#allow').click();
  await page.waitForURL(`${baseURL}/integrations/hubspot**`);
  await expectNotification(page, 'HubSpot connected');
  await expect(page.getByTestId('hubspot-properties')).toHaveText('Veracity verdict, Veracity reasons');
  await expect(page.getByTestId('hubspot-no-contacts')).toBeVisible();

  // The form's contact exists in HubSpot; the bot's lead names it by the visitor cookie.
  const created = await fake.post('/__fake/contacts', {
    data: { email: `bot-${stamp}@leads.example`, utk: UTK },
  });
  expect(created.status()).toBe(201);
  const { id: contactId } = (await created.json()) as { id: string };
  await botLead(baseURL ?? '');

  // The matching job (every 2 s here) flags it; the page lists it after a reload, over a range that
  // takes today in (Last 30 days ends yesterday; the range is kept for the section across reloads).
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('menuitemradio', { name: 'Last 6 days & Today' }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('hubspot-contact')).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  const row = page.getByTestId('hubspot-contact');
  await expect(row).toContainText('demo request');
  await expect(row).toContainText('Invalid');
  await expect(row).toContainText('HubSpot cookie');
  await expect(row.getByRole('link', { name: `Contact ${contactId}` })).toHaveAttribute(
    'href',
    new RegExp(`/record/0-1/${contactId}$`),
  );
  const state = (await (await fake.get('/__fake/state')).json()) as {
    contacts: { id: string; properties: Record<string, string> }[];
  };
  expect(state.contacts.find((contact) => contact.id === contactId)?.properties.veracity_verdict).toBe(
    'invalid',
  );
  await page.screenshot({ path: testInfo.outputPath('hubspot-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('hubspot-contacts')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('hubspot-390.png'), fullPage: true });
});
