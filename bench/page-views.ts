// Sensor page views for the collection benches (ingest, pipeline): varied, realistic bodies and the
// headers a browser sends with them, from people on three devices and three kinds of automation.
import { createHash } from 'node:crypto';

/** The visitors page views come from, in turn. */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36';

interface Visitor {
  userAgent: string;
  ips: (n: number) => string;
  headers: Record<string, string>;
  signals: Record<string, unknown>;
}

const desktopSignals = {
  platform: 'Win32',
  webdriver: false,
  chromeObject: true,
  pluginsCount: 5,
  mimeTypesCount: 2,
  languages: ['es-ES', 'es'],
  timezone: 'Europe/Madrid',
  screen: { width: 1920, height: 1080 },
  window: { innerWidth: 1903, innerHeight: 937, outerWidth: 1920, outerHeight: 1040 },
  devicePixelRatio: 1,
  maxTouchPoints: 0,
  hardwareConcurrency: 8,
  notificationPermission: 'default',
  visibilityAtLoad: 'visible',
  hiddenAtLoad: false,
  visibleMs: 700,
};

const VISITORS: Visitor[] = [
  {
    userAgent: CHROME,
    ips: (n) => `81.33.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      'accept-language': 'es-ES,es;q=0.9',
      'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not.A/Brand";v="99"',
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    },
    signals: { ...desktopSignals, userAgent: CHROME },
  },
  {
    userAgent: IPHONE,
    ips: (n) => `83.44.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      'accept-language': 'es-ES',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    },
    signals: {
      userAgent: IPHONE,
      platform: 'iPhone',
      webdriver: false,
      languages: ['es-ES'],
      timezone: 'Europe/Madrid',
      screen: { width: 393, height: 852 },
      devicePixelRatio: 3,
      maxTouchPoints: 5,
      visibilityAtLoad: 'visible',
      visibleMs: 500,
    },
  },
  {
    userAgent: ANDROID,
    ips: (n) => `88.12.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      'accept-language': 'es-ES,es;q=0.9',
      'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not.A/Brand";v="99"',
      'sec-ch-ua-mobile': '?1',
      'sec-ch-ua-platform': '"Android"',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    },
    signals: {
      userAgent: ANDROID,
      platform: 'Linux armv81',
      webdriver: false,
      chromeObject: true,
      languages: ['es-ES', 'es'],
      timezone: 'Europe/Madrid',
      screen: { width: 412, height: 915 },
      devicePixelRatio: 2.6,
      maxTouchPoints: 5,
      visibilityAtLoad: 'visible',
      visibleMs: 400,
    },
  },
  {
    userAgent: HEADLESS,
    ips: (n) => `3.120.${(n >> 8) & 255}.${n & 255}`,
    headers: { 'accept-language': 'en-US', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    signals: {
      ...desktopSignals,
      userAgent: HEADLESS,
      platform: 'Linux x86_64',
      webdriver: true,
      languages: [],
    },
  },
  {
    userAgent: CHROME,
    ips: () => '95.216.10.10',
    headers: { 'accept-language': 'en-US' },
    signals: { ...desktopSignals, userAgent: CHROME, timezone: 'America/New_York' },
  },
  {
    userAgent: 'python-requests/2.32.3',
    ips: (n) => `34.90.${(n >> 8) & 255}.${n & 255}`,
    headers: {},
    signals: {},
  },
];

const LANDINGS = [
  'https://shop.example.com/?gclid=Cj0KCQiA&utm_source=google&utm_medium=cpc&utm_campaign=winter',
  'https://shop.example.com/p/boots?fbclid=IwAR3x&utm_source=facebook&utm_medium=paid_social',
  'https://shop.example.com/p/coat?msclkid=9f8e7d&utm_source=bing&utm_medium=cpc',
  'https://shop.example.com/blog/how-to-choose',
  'https://shop.example.com/?ttclid=E.C.P.abc&utm_source=tiktok&utm_medium=paid',
];
const REFERRERS = ['https://www.google.com/', '', 'https://l.facebook.com/', 'https://news.example.org/a'];

export interface PageView {
  /** The JSON body the sensor posts. */
  body: string;
  headers: Record<string, string>;
}

/** 22 characters of an id that look random and are the same for the same seed. */
export const scrambled = (seed: string) => createHash('sha256').update(seed).digest('base64url').slice(0, 22);

/** The event id of the n-th page view of a run (`sensorPageView`). */
export const pageViewId = (n: number, runId: string) => `bench${runId}${scrambled(`hit ${n}`)}`;

/**
 * The n-th page view of a run: a fresh event id (`bench<runId>` and 22 random-looking characters, as
 * the sensor's ids are random), a session every three page views, the visitors, landing pages and
 * referrers in turn. Ids in sequence would flatter the store: index and join work is cheaper on them.
 */
export function sensorPageView(n: number, key: string, runId: string): PageView {
  const visitor = VISITORS[n % VISITORS.length] ?? VISITORS[0];
  if (!visitor) throw new Error('no visitor');
  return {
    body: JSON.stringify({
      type: 'hit',
      key,
      eventId: pageViewId(n, runId),
      sessionId: `s${runId}${scrambled(`session ${Math.floor(n / 3)}`)}`,
      ts: Date.now(),
      url: LANDINGS[n % LANDINGS.length],
      referrer: REFERRERS[n % REFERRERS.length],
      title: 'Winter sale',
      utm: {},
      clickIds: {},
      signals: visitor.signals,
    }),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': visitor.userAgent,
      'x-forwarded-for': visitor.ips(n),
      ...visitor.headers,
    },
  };
}
