import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { firewallClickLink } from '@veracity/contracts/firewall';
import { CONVERSION_MIN_MS } from '@veracity/detection/policy';
import { apiAs, enterpriseSession, expect, signInWith, test } from '../fixtures.js';

/**
 * The firewall end to end (issue 34), in "Veracity Enterprise" (the first start's account with the
 * firewall): a traffic source whose postback receiver, an offer whose landing page and a campaign whose
 * safe page are served by this spec's own local server; the campaign's click link followed in Chromium
 * by a person (delivered: the offer page) and by an HTTP library from a hosting address (blocked: the
 * safe page); the advertiser's conversion postback for the delivered click, which the traffic source's
 * receiver then gets with its macros filled; and the campaign's row in analytics with the firewall
 * metrics. The server runs with TRUST_PROXY (each visitor's address is set by X-Forwarded-For) and
 * OUTBOUND_ALLOW_LOOPBACK, test-only, so that postbacks may reach this machine (global-setup.ts).
 */

const HOME_IP = '81.33.20.7'; // Telefónica, Spain: residential
const AWS_IP = '3.120.10.10'; // Amazon, Frankfurt: hosting
const ADVERTISER_IP = '81.33.102.50'; // where the advertiser's postbacks come from
const stamp = Date.now().toString(36);
const CAMPAIGN_NAME = `Push EU ${stamp}`;

/** The desktop user agent of this Chromium's own version, without the headless marker. */
const desktopChrome = (major: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

/** The outside world of the journey: the offer's landing page, the safe page and the source's receiver. */
function outsideWorld() {
  const postbacks: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://outside.local');
    const page = (title: string) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
        );
    if (url.pathname === '/offer') page('The offer page');
    else if (url.pathname === '/safe') page('The safe page');
    else if (url.pathname === '/postback') {
      postbacks.push(url);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    } else response.writeHead(404).end();
  });
  return { server, postbacks };
}

let outside: ReturnType<typeof outsideWorld>;
let origin = '';
let api: APIRequestContext;
let http: APIRequestContext;
let campaignId = 0;
let trafficSourceId = 0;
let link = (_clickid: string, _sub: string) => '';

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('no base URL');
  outside = outsideWorld();
  await new Promise<void>((resolve) => (outside.server as Server).listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(outside.server.address() as AddressInfo).port}`;
  api = await apiAs(baseURL, enterpriseSession().token);
  http = await playwrightRequest.newContext();

  // Created through the dashboard's API as the admin; the screens have journeys of their own.
  const created = async (path: string, data: object) => {
    const response = await api.post(path, { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  trafficSourceId = await created('/api/sensors/firewall/trafficsources', {
    name: `Push network ${stamp}`,
    postbackUrl: `${origin}/postback?cid={external_id}&payout={payout}&status={status}&click={clickid}&src={traffic_source_id}&sub={sub_publisher}`,
    allowedPostbackAddresses: [ADVERTISER_IP],
  });
  const offerId = await created('/api/sensors/firewall/offers', {
    name: `Dating ${stamp}`,
    landingUrl: `${origin}/offer?click={clickid}&ext={external_id}&campaign={campaign_id}`,
  });
  campaignId = await created('/api/sensors/firewall', {
    name: CAMPAIGN_NAME,
    offerId,
    trafficSourceId,
    security: { low: 'deliver', medium: 'pause', high: 'block', safePageUrl: `${origin}/safe` },
  });
  const me = (await (await api.get('/api/me')).json()) as { sensorKey: string };
  link = (clickid, sub) =>
    firewallClickLink({
      serverUrl: baseURL,
      sensorPath: '/c',
      sensorKey: me.sensorKey,
      campaignId,
      sourceParams: { clickid, sub },
    });
});

test.afterAll(async () => {
  await api?.dispose();
  await http?.dispose();
  await new Promise((resolve) => outside?.server.close(resolve));
});

test.describe('the firewall journey', () => {
  test('a person is delivered to the offer, a script from a hosting address is blocked, the conversion is reported to the source, and analytics shows it', async ({
    browser,
    baseURL,
    page,
  }) => {
    // A person in Chromium, from a home address: delivered, on the offer page with Veracity's click id.
    const person = await browser.newContext({
      userAgent: desktopChrome(browser.version().split('.')[0] ?? ''),
    });
    const visitor = await person.newPage();
    await visitor.route(`${baseURL}/c/fc/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': HOME_IP } }),
    );
    const clickedAt = Date.now();
    await visitor.goto(link('src-click-1', 'pub-42'));
    await expect(visitor.getByRole('heading', { name: 'The offer page' })).toBeVisible();
    const landed = new URL(visitor.url());
    expect(landed.origin + landed.pathname).toBe(`${origin}/offer`);
    expect(landed.searchParams.get('ext')).toBe('src-click-1');
    expect(landed.searchParams.get('campaign')).toBe(String(campaignId));
    const clickId = landed.searchParams.get('click') ?? '';
    expect(clickId).not.toBe('');
    await person.close();

    // The same link from a hosting address with an HTTP library (as curl): blocked, to the safe page.
    const script = { 'x-forwarded-for': AWS_IP, 'user-agent': 'curl/8.5.0' };
    const blocked = await http.get(link('src-click-2', 'pub-42'), { headers: script, maxRedirects: 0 });
    expect(blocked.status()).toBe(302);
    expect(blocked.headers().location).toBe(`${origin}/safe`);
    const followed = await http.get(link('src-click-3', 'pub-42'), { headers: script });
    expect(await followed.text()).toContain('The safe page');

    // The advertiser posts the delivered click's conversion back: reported to the traffic source. A
    // conversion sooner after its click than a person could convert is held (conversion:too_fast), so
    // the advertiser's report comes once that time has passed, as a real one would.
    const sinceClick = Date.now() - clickedAt;
    if (sinceClick < CONVERSION_MIN_MS + 1_000)
      await page.waitForTimeout(CONVERSION_MIN_MS + 1_000 - sinceClick);
    const me = (await (await api.get('/api/me')).json()) as { sensorKey: string };
    const postback = new URL(`${baseURL}/c/pb`);
    postback.search = new URLSearchParams({
      k: me.sensorKey,
      clickid: clickId,
      payout: '12.5',
      status: 'approved',
      txid: `tx-${stamp}`,
    }).toString();
    const answer = await http.get(postback.toString(), { headers: { 'x-forwarded-for': ADVERTISER_IP } });
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    await expect
      .poll(() => outside.postbacks.length, { timeout: 30_000, message: 'the source got no postback' })
      .toBe(1);
    const received = outside.postbacks[0];
    expect(Object.fromEntries(received?.searchParams ?? [])).toEqual({
      cid: 'src-click-1',
      payout: '12.5',
      status: 'approved',
      click: clickId,
      src: String(trafficSourceId),
      sub: 'pub-42',
    });

    // Analytics: the campaign's row with the firewall metrics, once the writer has stored the events.
    const today = new Date().toISOString().slice(0, 10);
    const metrics = ['hits', 'allowedHits', 'blockedHits', 'conversionsReported'];
    await expect
      .poll(
        async () => {
          const response = await api.post('/api/analytics/tree', {
            data: { dimensions: ['campaign'], metrics, from: today, to: today },
          });
          const tree = (await response.json()) as {
            rows: { value: unknown; metrics: Record<string, number> }[];
          };
          return tree.rows.find((row) => row.value === campaignId)?.metrics;
        },
        { timeout: 30_000 },
      )
      .toEqual({ hits: 3, allowedHits: 1, blockedHits: 2, conversionsReported: 1 });
    await signInWith(page, enterpriseSession());
    await page.goto(
      `/intelligence/analytics?dimensions=campaign&metrics=${metrics.join(',')}&from=${today}&to=${today}`,
    );
    const table = page.getByTestId('analytics-table');
    await expect(table).toBeVisible();
    const headers = table.locator('thead tr').first().locator('th');
    await expect(headers.filter({ hasText: 'Delivered' })).toHaveCount(1);
    await expect(headers.filter({ hasText: 'Blocked' })).toHaveCount(1);
    const row = page.getByTestId('analytics-row').filter({ hasText: CAMPAIGN_NAME });
    await expect(row.locator('td[data-metric="allowedHits"]')).toHaveText('1');
    await expect(row.locator('td[data-metric="blockedHits"]')).toHaveText('2');
    await expect(row.locator('td[data-metric="conversionsReported"]')).toHaveText('1');
  });
});
