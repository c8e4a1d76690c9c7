import { type Browser, chromium, type LaunchOptions, type Page } from '@playwright/test';
import { addExtra } from 'playwright-extra';
import StealthPlugin from 'puppeteer-extra-plugin-stealth';
import type { Address } from './addresses.js';
import type { Random } from './random.js';
import type { Site, Visit } from './site.js';

/**
 * Visits in Debian's Chromium: stealth headless browsers (`puppeteer-extra-plugin-stealth` through
 * `playwright-extra`), and real headful windows under Xvfb, for a bot that bounces and for people.
 */

export const CHROMIUM = '/usr/bin/chromium';
const COMMON_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];

/** A paid-click landing path: Google Ads' click id and tagging, as the ad's final URL gets them. */
export function paidLanding(random: Random, page = '/spring-sale'): string {
  return `${page}?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0KCQiA${random.hex(24)}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Leaves the page as a tab closing does: the sensor's engagement beacon goes on `pagehide`. */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank').catch(() => undefined);
  // The beacon is in flight once the page is gone; give it time to reach the collector.
  await pause(400);
}

async function withBrowser(launch: () => Promise<Browser>, use: (browser: Browser) => Promise<void>) {
  const browser = await launch();
  try {
    await use(browser);
  } finally {
    await browser.close();
  }
}

/**
 * A stealth headless browser on a paid landing that waits a few seconds without a pointer, key or
 * scroll and leaves. `ownAgent`: the stealth plugin keeps Chromium's own Linux agent; otherwise it
 * masks Linux as Windows (its default). Either way the plugin keeps navigator, client hints and
 * Accept-Language consistent with the agent it shows, and the locale is the address's.
 */
export async function stealthVisit(
  site: Site,
  address: Address,
  random: Random,
  ownAgent: boolean,
): Promise<Visit> {
  const visit = site.visit(address.ip, { s2s: false, sensor: true });
  const launcher = addExtra(chromium);
  const stealth = StealthPlugin();
  launcher.use(stealth);
  const language = address.place.locale.split('-')[0] ?? 'en';
  launcher.plugins.setDependencyDefaults('stealth/evasions/user-agent-override', {
    maskLinux: !ownAgent,
    locale: `${address.place.locale},${language}`,
  });
  await withBrowser(
    () => launcher.launch({ executablePath: CHROMIUM, headless: true, args: COMMON_ARGS }),
    async (browser) => {
      const context = await browser.newContext({
        locale: address.place.locale,
        timezoneId: address.place.timezoneId,
        viewport: random.pick([
          { width: 1366, height: 768 },
          { width: 1536, height: 864 },
          { width: 1920, height: 1080 },
        ]),
      });
      const page = await context.newPage();
      await page.goto(site.url(visit, paidLanding(random)), { waitUntil: 'load' });
      await pause(random.int(2_000, 5_000));
      await leave(page);
    },
  );
  return visit;
}

/** A real Chromium window (Xvfb): no automation switch, its own agent, the address's locale and zone. */
function launchHeadful(random: Random): Promise<Browser> {
  const [width, height] = random.pick([
    [1280, 800],
    [1366, 768],
    [1440, 900],
    [1600, 900],
  ] as const);
  const options: LaunchOptions = {
    executablePath: CHROMIUM,
    headless: false,
    ignoreDefaultArgs: ['--enable-automation'],
    args: [
      ...COMMON_ARGS,
      '--disable-blink-features=AutomationControlled',
      `--window-size=${width},${height}`,
      '--window-position=0,0',
    ],
  };
  return chromium.launch(options);
}

/**
 * A visit in a headful window with the address's locale and zone: `use` drives its page, then the
 * browser closes.
 */
async function headfulVisit(
  site: Site,
  address: Address,
  random: Random,
  use: (page: Page, visit: Visit) => Promise<void>,
): Promise<Visit> {
  const visit = site.visit(address.ip, { s2s: false, sensor: true });
  await withBrowser(
    () => launchHeadful(random),
    async (browser) => {
      const context = await browser.newContext({
        locale: address.place.locale,
        timezoneId: address.place.timezoneId,
        viewport: null,
      });
      await use(await context.newPage(), visit);
    },
  );
  return visit;
}

/** A headful browser that lands on a paid click and is gone in under a second, touching nothing. */
export function headfulBounce(site: Site, address: Address, random: Random): Promise<Visit> {
  return headfulVisit(site, address, random, async (page, visit) => {
    const stay = random.int(200, 600);
    const pageView = page.waitForRequest(/\/c\/e$/, { timeout: 15_000 }).catch(() => undefined);
    await page.goto(site.url(visit, paidLanding(random)), { waitUntil: 'commit' });
    // Gone `stay` ms after the sensor's page view left (the page is on screen by then): counted from
    // the commit, a busy machine's slow load would keep the page visible past a second, and the
    // visit would not be the sub-second bounce this scenario is.
    await pageView;
    await pause(stay);
    await leave(page);
  });
}

/** A person in a headful window: reads, moves the pointer, scrolls, types an address, opens a second page. */
export function headfulPerson(site: Site, address: Address, random: Random): Promise<Visit> {
  return headfulVisit(site, address, random, async (page, visit) => {
    const landing = random.chance(0.6) ? paidLanding(random) : '/spring-sale?utm_source=newsletter';
    await page.goto(site.url(visit, landing), { waitUntil: 'load' });
    await pause(random.int(800, 2_000));
    let x = random.int(200, 600);
    let y = random.int(150, 400);
    for (let stroke = 0; stroke < random.int(3, 6); stroke++) {
      const toX = random.int(50, 1000);
      const toY = random.int(80, 650);
      await page.mouse.move(toX, toY, { steps: random.int(8, 25) });
      x = toX;
      y = toY;
      await pause(random.int(120, 600));
    }
    for (let wheel = 0; wheel < random.int(2, 5); wheel++) {
      await page.mouse.wheel(0, random.int(120, 480));
      await pause(random.int(250, 900));
    }
    await page.mouse.wheel(0, -2_000);
    await pause(random.int(300, 800));
    await page.click('#email');
    await page.keyboard.type(
      `${random.pick(['ana', 'jordi', 'lea', 'tom', 'marco'])}.${random.int(1, 99)}@`,
      {
        delay: random.int(70, 180),
      },
    );
    await pause(random.int(500, 1_500));
    await page.mouse.move(x + random.int(-40, 40), y + random.int(-40, 40), { steps: 10 });
    await Promise.all([page.waitForLoadState('load'), page.click('#more')]);
    await pause(random.int(1_500, 3_500));
    await page.mouse.move(random.int(100, 900), random.int(100, 600), { steps: random.int(10, 20) });
    await page.mouse.wheel(0, random.int(200, 600));
    await pause(random.int(800, 2_000));
    await leave(page);
  });
}
