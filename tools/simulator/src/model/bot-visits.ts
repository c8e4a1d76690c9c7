import type { ClickIdParam, SensorSignals, TrafficType } from '@veracity/contracts/detection';
import type { S2sVisitorHeaders } from '@veracity/contracts/s2s';
import { browserProfile } from './browsers.js';
import { arrival, CLICK_ID_OF, clickCost, clickIdValue, FOLLOW_UP_PATHS, LANDING_PATHS } from './landing.js';
import { addressIn16, addressIn24, COUNTRIES, CRAWLER_PREFIXES, HOSTING_PREFIXES } from './networks.js';
import { anyTime, type BotKind, type DraftHit, type DraftVisit, type ModelContext } from './visit-draft.js';

/**
 * Bot visits by kind. Crawlers, HTTP libraries and headless browsers give themselves away in one
 * request; click bursts and click injection only in the pattern of many requests (the same address
 * clicking again and again, a click id replayed, a conversion seconds after its click).
 */

/** Agents of the crawlers, by crawler (Googlebot's smartphone agent carries a current Chrome). */
const CRAWLERS: Record<keyof typeof CRAWLER_PREFIXES, (chrome: number) => readonly string[]> = {
  googlebot: (chrome) => [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)`,
  ],
  bingbot: () => ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ahrefsbot: () => ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
};

const HTTP_LIBRARIES = [
  'curl/8.5.0',
  'curl/7.81.0',
  'python-requests/2.32.3',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
  'Go-http-client/2.0',
  'python-httpx/0.27.2',
  'axios/1.7.9',
  'okhttp/4.12.0',
  'Java/17.0.12',
];

/** Chrome's stable major at `at` (for agents that imitate a current browser). */
function chromeMajor(at: number): number {
  return 131 + Math.floor((at - Date.UTC(2024, 10, 12)) / (28 * 86_400_000));
}

function paidType(context: ModelContext): TrafficType {
  return context.random.weighted(context.paidMix);
}

/** Click injection claims app installs and leads on the big mobile networks of the mix. */
const INJECTED_NETWORKS: readonly TrafficType[] = ['google', 'facebook', 'tiktok', 'microsoft'];

function injectedType(context: ModelContext): TrafficType {
  const mix = Object.entries(context.paidMix).filter(([type]) =>
    INJECTED_NETWORKS.includes(type as TrafficType),
  );
  return mix.length > 0
    ? context.random.weighted(Object.fromEntries(mix) as Partial<Record<TrafficType, number>>)
    : 'google';
}

function campaignOf(context: ModelContext): { campaignId?: number } {
  return context.campaignIds.length > 0 ? { campaignId: context.random.pick(context.campaignIds) } : {};
}

function declaredCrawler(context: ModelContext): DraftVisit {
  const { random } = context;
  const crawler = random.weighted({ googlebot: 50, bingbot: 30, ahrefsbot: 20 });
  const start = anyTime(context);
  const userAgent = random.pick(CRAWLERS[crawler](chromeMajor(start) - 1));
  const ip = addressIn24(random.pick(CRAWLER_PREFIXES[crawler]), random);
  const pages = random.int(1, 6);
  const hits: DraftHit[] = [];
  let at = start;
  for (let page = 0; page < pages; page++) {
    const path = random.pick([...LANDING_PATHS, ...FOLLOW_UP_PATHS.filter((p) => !p.startsWith('/cart'))]);
    hits.push({ at, body: { ip, userAgent, url: new URL(path, context.siteUrl).toString() } });
    at += random.int(800, 20_000);
  }
  return { kind: 'declared_crawler', trafficType: 'direct', hits, conversions: [] };
}

/** A script replaying ad clicks: a paid landing URL with a made-up click id, from a server. */
function httpLibrary(context: ModelContext): DraftVisit {
  const { random } = context;
  const trafficType = paidType(context);
  const userAgent = random.pick(HTTP_LIBRARIES);
  const ip = addressIn16(random.pick(HOSTING_PREFIXES), random);
  const landing = arrival(
    trafficType,
    { siteUrl: context.siteUrl, google: 'www.google.com', apple: false, mobile: false, clickId: 'fresh' },
    random,
  );
  const hits: DraftHit[] = [];
  let at = anyTime(context);
  const pages = random.int(1, 2);
  for (let page = 0; page < pages; page++) {
    const url = page === 0 ? landing.url : new URL(random.pick(FOLLOW_UP_PATHS), context.siteUrl).toString();
    const body: DraftHit['body'] = { ip, userAgent, url };
    if (page === 0) Object.assign(body, campaignOf(context), { cost: clickCost(trafficType, random) });
    if (random.chance(0.3)) body.headers = { 'accept-language': 'en-US,en;q=0.9' };
    hits.push({ at, body });
    at += random.int(50, 900);
  }
  return { kind: 'http_library', trafficType, hits, conversions: [] };
}

type HeadlessVariant = 'webdriver' | 'headless_agent' | 'stealth';

/** Puppeteer or Selenium on a cloud server clicking ads, in one of three disguises. */
function headless(context: ModelContext): DraftVisit {
  const { random } = context;
  const trafficType = paidType(context);
  const variant = random.weighted<HeadlessVariant>({ webdriver: 40, headless_agent: 30, stealth: 30 });
  const start = anyTime(context);
  const browser = browserProfile('chrome_windows', start, random);
  const major = chromeMajor(start);
  const userAgent =
    variant === 'headless_agent'
      ? `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/${major}.0.0.0 Safari/537.36`
      : browser.userAgent;
  const headers: S2sVisitorHeaders =
    variant === 'headless_agent'
      ? {
          'accept-language': 'en-US,en;q=0.9',
          'sec-ch-ua': `"HeadlessChrome";v="${major}", "Chromium";v="${major}", "Not_A Brand";v="24"`,
          'sec-ch-ua-mobile': '?0',
          'sec-ch-ua-platform': '"Linux"',
        }
      : { 'accept-language': 'en-US,en;q=0.9', ...browser.clientHints };
  Object.assign(headers, {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
  });
  const ip = addressIn16(random.pick(HOSTING_PREFIXES), random);
  const landing = arrival(
    trafficType,
    { siteUrl: context.siteUrl, google: 'www.google.com', apple: false, mobile: false, clickId: 'fresh' },
    random,
  );
  const signals = (dwellMs: number): SensorSignals => {
    const base: SensorSignals = {
      userAgent,
      platform: variant === 'headless_agent' ? 'Linux x86_64' : 'Win32',
      webdriver: variant === 'webdriver',
      chromeObject: true,
      pluginsCount: variant === 'stealth' ? 0 : 5,
      mimeTypesCount: variant === 'stealth' ? 0 : 2,
      languages: variant === 'stealth' ? [] : ['en-US'],
      timezone: random.pick(['UTC', 'America/New_York', 'Europe/Berlin']),
      screen: { width: 800, height: 600 },
      window:
        variant === 'stealth'
          ? { innerWidth: 800, innerHeight: 600, outerWidth: 0, outerHeight: 0 }
          : { innerWidth: 800, innerHeight: 600, outerWidth: 800, outerHeight: 600 },
      devicePixelRatio: 1,
      maxTouchPoints: 0,
      hardwareConcurrency: random.pick([2, 4]),
      notificationPermission: 'denied',
      notificationQueryState: 'prompt',
      visibilityAtLoad: 'visible',
      hiddenAtLoad: false,
      visibleMs: dwellMs,
      behaviour: { pointerMoves: 0, clicks: random.int(0, 1), keys: 0, scrolls: 0, touches: 0, dwellMs },
    };
    return base;
  };
  const hits: DraftHit[] = [];
  let at = start;
  const pages = random.int(1, 3);
  for (let page = 0; page < pages; page++) {
    const dwellMs = random.int(1_500, 25_000);
    const url = page === 0 ? landing.url : new URL(random.pick(FOLLOW_UP_PATHS), context.siteUrl).toString();
    const body: DraftHit['body'] = { ip, userAgent, url, headers: { ...headers }, signals: signals(dwellMs) };
    if (page === 0) {
      if (landing.referrer !== undefined) body.referrer = landing.referrer;
      Object.assign(body, campaignOf(context), { cost: clickCost(trafficType, random) });
    } else {
      body.referrer = hits[page - 1]?.body.url;
      body.headers = { ...headers, 'sec-fetch-site': 'same-origin' };
    }
    hits.push({ at, body });
    at += dwellMs + random.int(100, 800);
  }
  return { kind: 'headless', trafficType, hits, conversions: [] };
}

/** One server clicking the same campaign's ads again and again within minutes, rotating agents. */
function clickBurst(size: number, context: ModelContext): DraftVisit[] {
  const { random } = context;
  const trafficType = paidType(context);
  const ip = addressIn16(random.pick(HOSTING_PREFIXES), random);
  const campaign = campaignOf(context);
  let at = anyTime(context);
  const visits: DraftVisit[] = [];
  for (let i = 0; i < size; i++) {
    const browser = browserProfile(
      random.pick(['chrome_windows', 'edge_windows', 'chrome_android'] as const),
      at,
      random,
    );
    const landing = arrival(
      trafficType,
      {
        siteUrl: context.siteUrl,
        google: 'www.google.com',
        apple: false,
        mobile: browser.mobile,
        clickId: 'fresh',
      },
      random,
    );
    const body: DraftHit['body'] = {
      ip,
      userAgent: browser.userAgent,
      url: landing.url,
      headers: {
        'accept-language': 'en-US,en;q=0.9',
        ...browser.clientHints,
        'sec-fetch-site': landing.fetchSite,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
      cost: clickCost(trafficType, random),
      ...campaign,
    };
    if (landing.referrer !== undefined) body.referrer = landing.referrer;
    visits.push({ kind: 'click_burst', trafficType, hits: [{ at, body }], conversions: [] });
    at += random.int(4_000, 40_000);
  }
  return visits;
}

/**
 * Install and lead fraud on phones: malware or a rogue SDK claims conversions by firing a click just
 * before them, either without the network's click id or with one stolen from a real click and
 * replayed. The conversion follows its click within seconds.
 */
function clickInjectionRing(size: number, context: ModelContext): DraftVisit[] {
  const { random } = context;
  const trafficType = injectedType(context);
  const param: ClickIdParam | undefined = CLICK_ID_OF[trafficType];
  const replay = param !== undefined && random.chance(0.45);
  const stolen = param === undefined ? undefined : { param, value: clickIdValue(param, random) };
  const campaign = campaignOf(context);
  let at = anyTime(context);
  const visits: DraftVisit[] = [];
  for (let i = 0; i < size; i++) {
    const country = random.pick(COUNTRIES.slice(0, 3));
    const ip = addressIn16(random.pick(country.networks).prefix, random);
    const browser = browserProfile('chrome_android', at, random);
    const landing = arrival(
      trafficType,
      {
        siteUrl: context.siteUrl,
        google: country.google,
        apple: false,
        mobile: true,
        clickId: replay && stolen ? stolen : 'none',
      },
      random,
    );
    const body: DraftHit['body'] = {
      ip,
      userAgent: browser.userAgent,
      url: landing.url,
      headers: { 'accept-language': 'en-US,en;q=0.9', ...browser.clientHints },
      cost: clickCost(trafficType, random),
      ...campaign,
    };
    visits.push({
      kind: 'click_injection',
      trafficType,
      hits: [{ at, body }],
      conversions: [
        {
          at: at + random.int(300, 2_500),
          hitIndex: 0,
          body: random.chance(0.6)
            ? {
                name: 'purchase',
                value: Math.round(random.logNormal(60, 0.5, 10, 400) * 100) / 100,
                currency: country.currency,
              }
            : { name: 'lead' },
        },
      ],
    });
    at += random.int(60_000, 3 * 3_600_000);
  }
  return visits;
}

/** `count` visits of one bot kind; bursts and rings come in groups that sum to `count`. */
export function botVisits(kind: BotKind, count: number, context: ModelContext): DraftVisit[] {
  const visits: DraftVisit[] = [];
  while (visits.length < count) {
    const left = count - visits.length;
    switch (kind) {
      case 'declared_crawler':
        visits.push(declaredCrawler(context));
        break;
      case 'http_library':
        visits.push(httpLibrary(context));
        break;
      case 'headless':
        visits.push(headless(context));
        break;
      case 'click_burst':
        visits.push(...clickBurst(Math.min(left, context.random.int(8, 30)), context));
        break;
      case 'click_injection':
        visits.push(...clickInjectionRing(Math.min(left, context.random.int(3, 6)), context));
        break;
    }
  }
  return visits;
}
