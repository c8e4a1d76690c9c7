import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { UET_EXCLUSION_EVENT } from '@veracity/contracts/ad-channels';
import {
  type CollectAnswer,
  EXCLUSION_EVENT,
  SENSOR_EVENT_PATH,
  SENSOR_PROOF_PLACEHOLDER,
  SENSOR_SCRIPT_PATH,
  type SensorConversion,
  type SensorEngagement,
  type SensorEvent,
  type SensorExclusion,
  type SensorHit,
  zSensorEvent,
} from '@veracity/contracts/collect';
import { ENGINE_FEATURES } from '@veracity/contracts/detection';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSensor } from '../build.mjs';

/**
 * The real script in real Chromium: fixture pages on one loopback origin, the script and a stub
 * collector on another (so CORS is real), every body the script sends validated with the contract.
 */

/** What the stub collector writes where the collector writes the served script's token. */
const SERVED_PROOF = 'v1.123456.served-token-of-this-copy';
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-fixtures');

let script = '';
let exclude = false;
/** The platforms the stub collector names in its answer (the account's switches); undefined: none named. */
let answerPlatforms: SensorExclusion['platforms'] | undefined;
const events: SensorEvent[] = [];
const rawBodies: string[] = [];
/** Bodies the contract refused, with the reason: the mirror in sensor.ts drifted from collect.ts. */
const refused: string[] = [];
const methods: string[] = [];
let sensorOrigin = '';
let pageOrigin = '';
let collector: Server;
let pages: Server;
let browser: Browser;
let context: BrowserContext;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The stub collector: serves the script, records every event, answers a page view with `exclude`. */
async function collect(req: IncomingMessage, res: ServerResponse): Promise<void> {
  methods.push(`${req.method ?? ''} ${req.url ?? ''}`);
  if (req.url === SENSOR_SCRIPT_PATH) {
    res
      .writeHead(200, { 'content-type': 'text/javascript' })
      .end(script.replace(SENSOR_PROOF_PLACEHOLDER, SERVED_PROOF));
    return;
  }
  if (req.url !== SENSOR_EVENT_PATH || req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  const body = await readBody(req);
  rawBodies.push(body);
  const parsed = zSensorEvent.safeParse(JSON.parse(body));
  if (!parsed.success) {
    refused.push(`${body}: ${parsed.error.message}`);
    res.writeHead(400).end();
    return;
  }
  const event = parsed.data;
  events.push(event);
  const cors = { 'access-control-allow-origin': '*' };
  if (event.type !== 'hit') {
    res.writeHead(204, cors).end();
    return;
  }
  const answer: CollectAnswer = {
    hitId: event.eventId,
    riskLevel: exclude ? 'high' : 'low',
    exclude,
    ...(answerPlatforms ? { platforms: answerPlatforms } : {}),
  };
  res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(answer));
}

async function servePage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const name = new URL(req.url ?? '/', pageOrigin).pathname.slice(1);
  if (!/^[a-z-]+\.html$/.test(name)) {
    res.writeHead(404).end();
    return;
  }
  const html = await readFile(path.join(fixtures, name), 'utf8');
  res.writeHead(200, { 'content-type': 'text/html' }).end(html.replaceAll('{{SENSOR_ORIGIN}}', sensorOrigin));
}

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const hits = () => events.filter((e): e is SensorHit => e.type === 'hit');
// A page of the previous test may send its beacon after that test ended (the context closes
// its pages): an event counts only when it follows a page view of the current test.
const ofThisTest = (e: { hitId: string }) => hits().some((h) => h.eventId === e.hitId);
const engagements = () =>
  events.filter((e): e is SensorEngagement => e.type === 'engagement' && ofThisTest(e));
const conversions = () =>
  events.filter((e): e is SensorConversion => e.type === 'conversion' && ofThisTest(e));
const exclusions = () => events.filter((e): e is SensorExclusion => e.type === 'exclusion' && ofThisTest(e));
const waitForHit = (page: Page) =>
  waitFor(() => hits().find((h) => h.url === page.url()), `the page view of ${page.url()}`);

beforeAll(async () => {
  const built = await buildSensor({ write: false });
  script = built.outputFiles?.[0]?.text ?? '';
  collector = createServer((req, res) => void collect(req, res));
  pages = createServer((req, res) => void servePage(req, res));
  sensorOrigin = await listen(collector);
  pageOrigin = (await listen(pages)).replace('127.0.0.1', 'localhost');
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  collector?.close();
  pages?.close();
});

beforeEach(async () => {
  events.length = 0;
  rawBodies.length = 0;
  refused.length = 0;
  methods.length = 0;
  exclude = false;
  answerPlatforms = undefined;
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/Madrid',
  });
});

afterEach(async () => {
  await context.close();
  expect(refused).toEqual([]);
});

describe('the built script', () => {
  // The budget was 3 KB until the engine probe (`signals.engine`, issue 38): its eleven feature paths and
  // loop took the script from 3,020 to 3,212 bytes gzipped, so it was raised to 3.5 KB for that probe.
  it('stays within 3.5 KB gzipped', () => {
    const gzipped = gzipSync(script).length;
    expect(script.length).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(3.5 * 1024);
  });

  it("tests contracts' engine features, in their order (the mirror of detection.ts)", () => {
    expect(script).toContain(`"${ENGINE_FEATURES.join(' ')}"`);
  });

  it('holds the proof placeholder the collector replaces (the mirror of collect.ts)', () => {
    expect(script.split(SENSOR_PROOF_PLACEHOLDER)).toHaveLength(2);
  });
});

describe('the sensor in Chromium', () => {
  it('sends a page view with the URL, UTMs, click ids, session and the automation probes', async () => {
    const page = await context.newPage();
    await page.goto(
      `${pageOrigin}/landing.html?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0KCQ-abc&msclkid=m123&other=1`,
    );
    const hit = await waitForHit(page);

    expect(hit.key).toBe('vs_testkey_12345678');
    expect(hit.title).toBe('Spring offer');
    expect(hit.referrer).toBe('');
    expect(hit.utm).toEqual({ source: 'google', medium: 'cpc', campaign: 'spring' });
    expect(hit.clickIds).toEqual({ gclid: 'Cj0KCQ-abc', msclkid: 'm123' });
    expect(Math.abs(hit.ts - Date.now())).toBeLessThan(60_000);
    const s = hit.signals;
    // Headless Chromium under Playwright says so: the engine's decisive automation:webdriver reason.
    expect(s.webdriver).toBe(true);
    expect(s.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
    expect(s.chromeObject).toBe(true);
    expect(s.brave).toBe(false);
    expect(s.languages).toEqual(['en-GB']);
    expect(s.timezone).toBe('Europe/Madrid');
    expect(s.window).toMatchObject({ innerWidth: 1280, innerHeight: 800 });
    expect(s.screen?.width).toBeGreaterThan(0);
    expect(s.devicePixelRatio).toBe(1);
    expect(s.maxTouchPoints).toBe(0);
    expect(s.hardwareConcurrency).toBeGreaterThan(0);
    expect(s.visibilityAtLoad).toBe('visible');
    expect(s.hiddenAtLoad).toBe(false);
    expect(s.notificationPermission).toMatch(/^(default|denied|granted)$/);
    expect(s.notificationQueryState).toMatch(/^(prompt|denied|granted)$/);
    expect(typeof s.pluginsCount).toBe('number');
    expect(s.frame).toBeUndefined();
    // Nothing rewritten in an untouched browser; userAgentData as Chromium reports it.
    expect(s.patched).toEqual([]);
    expect(s.navigatorOwn).toEqual([]);
    expect(s.uaData?.platform).toBe('Linux');
    expect(s.uaData?.brands.map((b) => b.brand)).toContain('Chromium');
    // Chromium 156 has every feature of the engine probe, each its own: both bits of each.
    expect(s.engine).toBe(4 ** ENGINE_FEATURES.length - 1);
    // The token of the copy of the script that ran.
    expect(hit.proof).toBe(SERVED_PROOF);
    // text/plain and no cookies: a simple request, never a CORS preflight.
    expect(methods.filter((m) => m.startsWith('OPTIONS'))).toEqual([]);

    // A second page of the same visit keeps the first-party session id; its hit id is new.
    await page.goto(`${pageOrigin}/landing.html?page=2`);
    const second = await waitForHit(page);
    expect(second.sessionId).toBe(hit.sessionId);
    expect(second.eventId).not.toBe(hit.eventId);
    expect(second.referrer).toBe('');
    const stored = await page.evaluate(() => localStorage.getItem('vrc_s'));
    expect(stored?.startsWith(`${hit.sessionId}.`)).toBe(true);
    // The only global the script adds is `veracity`.
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { globalsBefore: string[] }).globalsBefore);
      return Object.keys(window).filter((k) => !before.has(k) && k !== 'globalsBefore');
    });
    expect(added).toEqual(['veracity']);
  });

  it('names the functions a stealth script rewrote, and what it defined on navigator', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // What puppeteer-extra-plugin-stealth does: the webdriver getter deleted, permissions.query behind
    // a Proxy, and Function.prototype.toString behind a Proxy that answers native source for both.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { webdriver?: boolean }).webdriver;
      const query = Permissions.prototype.query;
      const proxied = new Proxy(query, { apply: (target, self, args) => Reflect.apply(target, self, args) });
      Permissions.prototype.query = proxied;
      const source = Function.prototype.toString;
      const fake = new Proxy(source, {
        apply: (target, self, args) =>
          self === proxied ? 'function query() { [native code] }' : Reflect.apply(target, self, args),
      });
      Function.prototype.toString = fake;
      Object.defineProperty(navigator, 'languages', { get: () => ['en-US', 'en'] });
    });
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    expect(hit.signals.patched).toEqual(['webdriver:absent', 'toString', 'permissions.query']);
    expect(hit.signals.navigatorOwn).toEqual(['languages']);
    // The probe put every prototype back: the page's own calls still work.
    expect(await page.evaluate(() => typeof navigator.permissions.query.call)).toBe('function');
    expect(await page.evaluate(() => Function.prototype.toString.call(Math.max))).toContain('native code');
    expect(errors).toEqual([]);
  });

  it('tells a polyfill from a built-in in the engine probe, and a missing feature from both', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      // A core-js style polyfill (a function with a prototype), a modern one (an arrow), and a removal.
      // biome-ignore lint/complexity/useArrowFunction: a function with a prototype, as core-js defines them
      (Promise as unknown as Record<string, unknown>).try = function (callback: () => unknown) {
        return Promise.resolve().then(callback);
      };
      (RegExp as unknown as Record<string, unknown>).escape = (text: string) => text;
      delete (Object as unknown as Record<string, unknown>).groupBy;
    });
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    const bits = (name: (typeof ENGINE_FEATURES)[number]) =>
      ((hit.signals.engine ?? 0) >> (2 * ENGINE_FEATURES.indexOf(name))) & 3;
    expect(bits('Promise.try')).toBe(1);
    expect(bits('RegExp.escape')).toBe(1);
    expect(bits('Object.groupBy')).toBe(0);
    expect(bits('Set.prototype.union')).toBe(3);
  });

  it('starts a new session after 30 minutes without an event', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const first = await waitForHit(page);
    await page.evaluate(
      (id) => localStorage.setItem('vrc_s', `${id}.${Date.now() - 31 * 60 * 1000}`),
      first.sessionId,
    );
    await page.goto(`${pageOrigin}/landing.html?again=1`);
    const next = await waitForHit(page);
    expect(next.sessionId).not.toBe(first.sessionId);
  });

  it('sends one engagement beacon with the interaction counts when the page is left', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    for (let i = 0; i < 10; i++) await page.mouse.move(100 + i * 20, 200 + i * 5);
    await page.click('#buy');
    await page.click('#email');
    await page.keyboard.type('abc');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);
    // A synthetic click a script dispatches is not an interaction.
    await page.evaluate(() => document.body.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await page.waitForTimeout(200);
    await page.goto('about:blank');

    const engagement = await waitFor(() => engagements()[0], 'the engagement beacon');
    expect(engagement.hitId).toBe(hit.eventId);
    expect(engagement.sessionId).toBe(hit.sessionId);
    // The contract keeps figures no browser sends as `unexpected`: the real script sends none.
    const { behaviour, visibleMs } = engagement;
    if ('unexpected' in behaviour || typeof visibleMs !== 'number') {
      throw new Error(`the beacon holds unexpected figures: ${JSON.stringify(engagement)}`);
    }
    expect(behaviour.pointerMoves).toBeGreaterThanOrEqual(10);
    expect(behaviour.clicks).toBe(2);
    expect(behaviour.keys).toBe(3);
    expect(behaviour.scrolls).toBeGreaterThan(0);
    expect(behaviour.touches).toBe(0);
    expect(behaviour.dwellMs).toBeGreaterThanOrEqual(200);
    expect(visibleMs).toBeGreaterThanOrEqual(200);
    expect(visibleMs).toBeLessThanOrEqual(behaviour.dwellMs);
    await page.waitForTimeout(200);
    expect(engagements()).toHaveLength(1);
  });

  it('records a conversion, and replays one queued before the script loaded', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/queued.html`);
    const hit = await waitForHit(page);
    const queued = await waitFor(() => conversions()[0], 'the queued conversion');
    expect(queued.hitId).toBe(hit.eventId);
    expect(queued.conversion).toEqual({ name: 'lead', value: 75, currency: 'EUR', id: 'order-1' });

    await page.evaluate(() =>
      (window as unknown as { veracity: (...a: unknown[]) => void }).veracity('conversion', {
        name: 'purchase',
        value: 19.9,
        currency: 'USD',
        id: 42,
      }),
    );
    const direct = await waitFor(() => conversions()[1], 'the conversion');
    expect(direct.conversion).toEqual({ name: 'purchase', value: 19.9, currency: 'USD', id: '42' });
    expect(direct.sessionId).toBe(hit.sessionId);
    // Nonsense calls are ignored without an error in the page.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.evaluate(() => {
      const v = (window as unknown as { veracity: (...a: unknown[]) => void }).veracity;
      v('conversion');
      v('conversion', { value: 3 });
      v('unknown', { name: 'x' });
    });
    await page.waitForTimeout(200);
    expect(conversions()).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(direct.crm).toBeUndefined();
  });

  it("sends HubSpot's visitor cookie with a conversion, for the CRM match", async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    const utk = '0123456789abcdef0123456789abcdef';
    await page.evaluate((value) => {
      const w = window as unknown as { document: { cookie: string }; veracity: (...a: unknown[]) => void };
      w.document.cookie = `other=1; path=/`;
      w.document.cookie = `hubspotutk=${value}; path=/`;
      w.veracity('conversion', { name: 'lead' });
    }, utk);
    const sent = await waitFor(
      () => conversions().find((event) => event.hitId === hit.eventId),
      'the conversion with the cookie',
    );
    expect(sent.crm).toEqual({ hubspotutk: utk });
  });

  it('fires the exclusion events on the platform tags when the collector says exclude', async () => {
    exclude = true;
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    await page.waitForFunction(
      () => (window as unknown as { platformCalls: unknown[] }).platformCalls.length >= 3,
    );
    await page.waitForTimeout(100);
    const calls = await page.evaluate(
      () => (window as unknown as { platformCalls: unknown[] }).platformCalls,
    );
    const uetq = await page.evaluate(() => (window as unknown as { uetq: unknown[] }).uetq);
    expect(calls).toEqual([
      ['fbq', 'trackCustom', EXCLUSION_EVENT],
      ['ttq.track', EXCLUSION_EVENT],
      [
        'gtag',
        'event',
        EXCLUSION_EVENT,
        { event_category: 'Veracity', event_label: 'detection', value: 1, non_interaction: true },
      ],
    ]);
    // UET's queue before (or after) uet.js loads takes the custom event as push('event', action, params).
    // The wizard's table (contracts' UET_EXCLUSION_EVENT) is what the sensor sends.
    expect(uetq).toEqual([
      'event',
      UET_EXCLUSION_EVENT.action,
      {
        event_category: UET_EXCLUSION_EVENT.category,
        event_label: UET_EXCLUSION_EVENT.label,
        event_value: UET_EXCLUSION_EVENT.value,
      },
    ]);
    // Then one report to the collector, of the page view, naming every tag that took the event.
    const report = await waitFor(() => exclusions()[0], 'the exclusion report');
    expect(report).toMatchObject({
      hitId: hit.eventId,
      platforms: ['facebook', 'microsoft', 'tiktok', 'google'],
    });
    await page.waitForTimeout(200);
    expect(exclusions()).toHaveLength(1);
  });

  it('fires nothing when the collector does not exclude', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    await waitForHit(page);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { platformCalls: unknown[] }).platformCalls),
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { uetq: unknown[] }).uetq)).toEqual([]);
    expect(exclusions()).toEqual([]);
  });

  it('fires the remaining exclusion events when another tag is broken, without an error in the page', async () => {
    exclude = true;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${pageOrigin}/broken.html`);
    await waitForHit(page);
    await page.waitForFunction(
      () => (window as unknown as { platformCalls: unknown[] }).platformCalls.length > 0,
    );
    const calls = await page.evaluate(
      () => (window as unknown as { platformCalls: unknown[][] }).platformCalls,
    );
    expect(calls.map((c) => c[0])).toEqual(['gtag']);
    // Only the tag that took the event is reported: a broken or half-loaded tag fired nothing.
    expect((await waitFor(() => exclusions()[0], 'the exclusion report')).platforms).toEqual(['google']);
    expect(errors).toEqual([]);
  });

  it('keeps the session in a first-party cookie when localStorage is blocked', async () => {
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('storage is blocked', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const first = await waitForHit(page);
    await page.goto(`${pageOrigin}/landing.html?page=2`);
    const second = await waitForHit(page);
    expect(second.sessionId).toBe(first.sessionId);
    const cookies = await context.cookies(pageOrigin);
    expect(cookies.find((c) => c.name === 'vrc_s')?.value.startsWith(`${first.sessionId}.`)).toBe(true);
  });

  it('reports the frame size when the page runs in a tiny iframe', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/framed.html`);
    const hit = await waitFor(() => hits().find((h) => h.url.endsWith('?in=frame')), 'the framed page view');
    expect(hit.signals.frame).toEqual({ width: 4, height: 4 });
  });

  it('still sends every event with neither sendBeacon nor fetch (XHR)', async () => {
    exclude = true;
    const page = await context.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined });
      Object.defineProperty(window, 'fetch', { value: undefined });
    });
    await page.goto(`${pageOrigin}/landing.html`);
    expect(await page.evaluate(() => [typeof fetch, typeof navigator.sendBeacon])).toEqual([
      'undefined',
      'undefined',
    ]);
    const hit = await waitForHit(page);
    await page.waitForFunction(
      () => (window as unknown as { platformCalls: unknown[] }).platformCalls.length >= 3,
    );
    await page.evaluate(() =>
      (window as unknown as { veracity: (...a: unknown[]) => void }).veracity('conversion', { name: 'lead' }),
    );
    await waitFor(() => conversions()[0], 'the conversion by XHR');
    // The tab goes to the background: the beacon leaves while the page still runs.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const engagement = await waitFor(() => engagements()[0], 'the engagement by XHR');
    expect(engagement.hitId).toBe(hit.eventId);
    expect((await waitFor(() => exclusions()[0], 'the exclusion report by XHR')).hitId).toBe(hit.eventId);
  });

  it('sends bodies the contract accepts unchanged (the mirror matches collect.ts)', async () => {
    exclude = true;
    const page = await context.newPage();
    // A page with the platform tags: its exclusion report; then a page with a queued conversion.
    await page.goto(`${pageOrigin}/landing.html`);
    await waitFor(() => exclusions()[0], 'the exclusion report');
    await page.goto(`${pageOrigin}/queued.html?utm_source=fb&fbclid=IwAR1`);
    await waitForHit(page);
    await page.goto('about:blank');
    await waitFor(
      () => (engagements().length && conversions().length ? true : undefined),
      'every kind of event',
    );
    for (const body of rawBodies) {
      const raw: unknown = JSON.parse(body);
      // Parsing strips unknown keys: equality means the script sends no field the contract lacks.
      expect(zSensorEvent.parse(raw)).toEqual(raw);
    }
  });
  it('fires the exclusion event only on the platforms the collector names (the account switched Meta off)', async () => {
    exclude = true;
    answerPlatforms = ['google', 'microsoft', 'tiktok'];
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    const hit = await waitForHit(page);
    const report = await waitFor(() => exclusions()[0], 'the exclusion report');
    expect(report).toMatchObject({ hitId: hit.eventId, platforms: ['microsoft', 'tiktok', 'google'] });
    const calls = await page.evaluate(
      () => (window as unknown as { platformCalls: unknown[][] }).platformCalls,
    );
    expect(calls.map((c) => c[0])).toEqual(['ttq.track', 'gtag']);
  });

  it('sends a page view for each history change of a single-page app when the snippet says data-spa', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/spa.html?utm_source=google&gclid=Cj0KCQ-spa`);
    const first = await waitForHit(page);
    await page.evaluate(() => history.pushState({}, '', '/spa.html?route=cart'));
    const cart = await waitFor(
      () => hits().find((h) => h.url.endsWith('?route=cart')),
      'the page view of the pushState',
    );
    expect(cart.eventId).not.toBe(first.eventId);
    expect(cart.sessionId).toBe(first.sessionId);
    expect(cart.referrer).toBe(first.url);
    expect(cart.utm).toEqual({});
    // The same URL again is no new page view; going back is one.
    await page.evaluate(() => history.replaceState({}, '', location.href));
    await page.evaluate(() => history.back());
    await waitFor(
      () => (hits().filter((h) => h.url === first.url).length === 2 ? true : undefined),
      'the page view of popstate',
    );
    await page.waitForTimeout(700);
    expect(hits()).toHaveLength(3);
    // A conversion now belongs to the page view the app shows.
    await page.evaluate(() =>
      (window as unknown as { veracity: (...a: unknown[]) => void }).veracity('conversion', { name: 'lead' }),
    );
    const conversion = await waitFor(() => conversions()[0], 'the conversion');
    expect(conversion.hitId).toBe(hits()[2]?.eventId);
  });

  it('sends no page view for a history change without data-spa', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/landing.html`);
    await waitForHit(page);
    await page.evaluate(() => history.pushState({}, '', '/landing.html?route=cart'));
    await page.waitForTimeout(1000);
    expect(hits()).toHaveLength(1);
  });

  it('keeps nothing in cookies or storage when the snippet says data-cookieless', async () => {
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/cookieless.html`);
    const first = await waitForHit(page);
    await page.evaluate(() =>
      (window as unknown as { veracity: (...a: unknown[]) => void }).veracity('conversion', { name: 'lead' }),
    );
    const conversion = await waitFor(() => conversions()[0], 'the conversion');
    // One id for the page's life: its events share it.
    expect(conversion.sessionId).toBe(first.sessionId);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
      0,
      0,
      '',
    ]);
    expect(await context.cookies()).toEqual([]);
    // The next page cannot know the last one's id: a new one.
    await page.goto(`${pageOrigin}/cookieless.html?page=2`);
    const second = await waitForHit(page);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
