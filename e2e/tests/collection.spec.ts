import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, chromium, type Page, request as playwrightRequest } from '@playwright/test';
import type { SessionForensics } from '@veracity/contracts/forensics';
import { expect, test } from '../fixtures.js';
import { E2E_ADMIN } from '../global-setup.js';

/**
 * The sensor end to end: a fixture page on another loopback origin loads the script from the real
 * server, the real collector assesses and stores the visit, and the account's latest hits show the
 * verdict. The server runs with TRUST_PROXY (as behind a load balancer), so each visitor's address is
 * set by X-Forwarded-For on the collector's requests.
 */

interface RecentHit {
  id: string;
  url: string;
  riskLevel: 'low' | 'medium' | 'high';
  threats: { id: string; label: string }[];
}

const HOME_IP = '81.33.20.7'; // Telefónica, Spain: residential
const AWS_IP = '3.120.10.10'; // Amazon, Frankfurt: hosting
/** The desktop user agent of this Chromium's own version, without the headless marker. */
const desktopChrome = (major: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

let pages: Server;
let pageOrigin: string;
let api: APIRequestContext;
let sensorKey: string;

function fixturePage(baseUrl: string, title: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title>
<script async src="${baseUrl}/c/s.js" data-key="${sensorKey}"></script></head>
<body style="height:3000px"><h1>${title}</h1><p>Spring collection.</p>
<input id="email" placeholder="email"><button id="buy">Buy</button></body></html>`;
}

/** Every collector request of the page leaves with the visitor's address, as a proxy would add it. */
async function visitFrom(page: Page, baseUrl: string, ip: string): Promise<void> {
  await page.route(`${baseUrl}/c/e`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
}

async function hitOf(url: string): Promise<RecentHit> {
  let found: RecentHit | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/sensors/recent-hits');
        const hits = (await response.json()) as RecentHit[];
        found = hits.find((hit) => hit.url === url);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no hit for ${url}`);
  return found;
}

test.beforeAll(async () => {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: E2E_ADMIN });
  const { hash } = (await login.json()) as { hash: string };
  const relationships = (await (
    await api.get('/api/me/relationships', { headers: { authorization: `Bearer ${hash}` } })
  ).json()) as { id: number; companyName: string }[];
  const own = relationships.find((relationship) => relationship.companyName === 'Veracity');
  if (!own) throw new Error('the seeded account is missing');
  const chosen = (await (
    await api.get(`/api/auth/account/${own.id}`, { headers: { authorization: `Bearer ${hash}` } })
  ).json()) as { token: { hash: string } };
  await api.dispose();
  api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${chosen.token.hash}` },
  });
  sensorKey = ((await (await api.get('/api/me')).json()) as { sensorKey: string }).sensorKey;
  pages = createServer((request, response) => {
    const title = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1)) || 'Home';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(fixturePage(baseURL, title));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await api?.dispose();
  pages?.close();
});

test.describe('the sensor and the collector', () => {
  test('automated headless Chromium is stored invalid, with automation reasons', async ({
    page,
    baseURL,
  }) => {
    await visitFrom(page, baseURL ?? '', HOME_IP);
    const url = `${pageOrigin}/automated?utm_source=google&utm_medium=cpc&gclid=e2e-automated`;
    await page.goto(url);
    const hit = await hitOf(url);
    expect(hit.riskLevel).toBe('high');
    expect(hit.threats.map((threat) => threat.id).filter((id) => id.startsWith('automation:'))).not.toEqual(
      [],
    );
  });

  test('a plain Chromium session with user-like interaction is not invalid', async ({ baseURL }) => {
    // Chromium without the automation switch, with its desktop user agent: what a person's browser reports.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      ignoreDefaultArgs: ['--enable-automation'],
      args: ['--no-sandbox', '--disable-gpu', '--disable-blink-features=AutomationControlled'],
    });
    try {
      const context = await browser.newContext({
        locale: 'es-ES',
        timezoneId: 'Europe/Madrid',
        userAgent: desktopChrome(browser.version().split('.')[0] ?? ''),
      });
      const page = await context.newPage();
      await visitFrom(page, baseURL ?? '', HOME_IP);
      const url = `${pageOrigin}/person?utm_source=newsletter`;
      await page.goto(url);
      const hit = await hitOf(url);
      for (let step = 0; step < 20; step++) await page.mouse.move(100 + step * 15, 200 + step * 7);
      await page.click('#email');
      await page.keyboard.type('ana@');
      await page.mouse.wheel(0, 500);
      await page.click('#buy');
      await page.goto('about:blank');
      expect(hit.riskLevel, JSON.stringify(hit.threats)).not.toBe('high');
      // Headless, the window has no browser controls (its outer size is its inner size): the one
      // automation tell such a browser keeps, at a weight that never makes a visit invalid alone.
      const automation = hit.threats.filter((threat) => threat.id.startsWith('automation:'));
      expect(automation.filter((threat) => threat.id !== 'automation:window_chrome')).toEqual([]);
      // Leaving the page sent the engagement beacon: forensics shows what the visitor did, and the
      // screen, time zone and languages the sensor saw.
      let visit: SessionForensics | undefined;
      await expect
        .poll(
          async () => {
            visit = (await (await api.get(`/api/forensics/sessions/${hit.id}`)).json()) as SessionForensics;
            return visit.hits.find((row) => row.id === hit.id)?.engagement ?? null;
          },
          { timeout: 15_000 },
        )
        .toMatchObject({
          clicks: 2,
          keys: 4,
          pointerMoves: expect.any(Number),
          dwellMs: expect.any(Number),
          visibleMs: expect.any(Number),
        });
      expect(visit?.device).toMatchObject({
        timeZone: 'Europe/Madrid',
        languages: expect.arrayContaining(['es-ES']),
        timeZoneInCountry: true,
        screen: { width: expect.any(Number), height: expect.any(Number) },
      });
    } finally {
      await browser.close();
    }
  });

  test('curl-style requests to the collector from a hosting address are invalid', async ({ baseURL }) => {
    const url = `https://shop.example.com/curl-${Date.now()}`;
    const curl = await playwrightRequest.newContext({ baseURL });
    try {
      const response = await curl.post('/c/e', {
        headers: { 'content-type': 'text/plain', 'user-agent': 'curl/8.5.0', 'x-forwarded-for': AWS_IP },
        data: JSON.stringify({
          type: 'hit',
          key: sensorKey,
          eventId: `curl${Date.now()}abcdefghij`,
          sessionId: `curl${Date.now()}session0001`,
          ts: Date.now(),
          url,
          referrer: '',
          utm: {},
          clickIds: {},
          signals: {},
        }),
      });
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ riskLevel: 'high', exclude: true });
    } finally {
      await curl.dispose();
    }
    const hit = await hitOf(url);
    expect(hit.riskLevel).toBe('high');
    expect(hit.threats.map((threat) => threat.id)).toEqual(
      expect.arrayContaining(['ua:http_library', 'network:datacenter']),
    );
  });
});
