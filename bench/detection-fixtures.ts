// Labelled traffic for the detection bench, built from packages: declared bots from
// crawler-user-agents (its example agents), real browsers from user-agents (sampled by usage weight
// with a seeded generator), undeclared automation built on those real agents, and addresses from
// hosting networks and residential ISPs.
import {
  type AssessmentInput,
  type Enrichment,
  NO_ACTIVITY_HISTORY,
  type RequestFacts,
  type SensorSignals,
} from '@veracity/contracts/detection';
import crawlers from 'crawler-user-agents';
import UserAgent, { type UserAgentData } from 'user-agents';

export interface LabelledHit {
  group:
    | 'declared bot'
    | 'real browser'
    | 'user-agents row whose platform contradicts its agent'
    | 'headless on a cloud server'
    | 'emulated phone on a cloud server'
    | 'script with a browser agent';
  bot: boolean;
  request: RequestFacts;
  /** Builds the input once enrichment is known (it decides the time zone a real visitor has). */
  input(enrichment: Enrichment): AssessmentInput;
}

export const AT = Date.UTC(2026, 10, 21, 12);

/** Addresses of well-known hosting networks (AWS, Google Cloud, DigitalOcean, Hetzner, OVH, Azure). */
export const HOSTING_IPS = [
  '3.120.10.5',
  '34.105.20.7',
  '104.131.40.9',
  '5.9.60.11',
  '51.75.80.13',
  '20.50.100.17',
];
/** Addresses of residential ISPs (Telefónica ES, Comcast US, Orange FR, BT GB, Deutsche Telekom DE). */
export const RESIDENTIAL_IPS = ['81.33.20.7', '73.15.120.9', '90.12.44.18', '86.150.3.22', '79.200.14.5'];

const TIMEZONES: Record<string, string> = {
  ES: 'Europe/Madrid',
  US: 'America/New_York',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  IE: 'Europe/Dublin',
  NL: 'Europe/Amsterdam',
};

/** mulberry32: a small seeded generator, so every run samples the same visitors. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function weightedSampler(rows: UserAgentData[], random: () => number): () => UserAgentData {
  const cumulative: number[] = [];
  let total = 0;
  for (const row of rows) {
    total += row.weight;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    const row = rows[low] ?? rows[0];
    if (row === undefined) throw new Error('user-agents has no data');
    return row;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function platformHint(ua: string): string {
  if (/Windows/.test(ua)) return '"Windows"';
  if (/Android/.test(ua)) return '"Android"';
  if (/CrOS/.test(ua)) return '"Chrome OS"';
  if (/Macintosh/.test(ua)) return '"macOS"';
  return '"Linux"';
}

/** The headers the browser named by the agent sends on a navigation. */
function browserHeaders(ua: string, ip: string): RequestFacts {
  const chrome = /Chrome\/(\d+)/.exec(ua)?.[1];
  const apple = /iPhone|iPad|iPod/.test(ua);
  const safari = /Version\/(\d+)/.exec(ua)?.[1];
  const sendsFetchMetadata =
    chrome !== undefined || /Firefox\//.test(ua) || Number(safari ?? 0) >= 17 || apple;
  const request: RequestFacts = {
    ip,
    userAgent: ua,
    acceptLanguage: 'en-US,en;q=0.9',
    referrer: 'https://www.google.com/',
    landingUrl: 'https://shop.example/offer?gclid=Cj0KCQ',
    clickIds: { gclid: 'Cj0KCQ' },
  };
  if (sendsFetchMetadata)
    Object.assign(request, {
      secFetchSite: 'cross-site',
      secFetchMode: 'navigate',
      secFetchDest: 'document',
    });
  if (chrome !== undefined && !apple && Number(chrome) >= 90) {
    Object.assign(request, {
      secChUa: `"Chromium";v="${chrome}", "Google Chrome";v="${chrome}", "Not.A/Brand";v="99"`,
      secChUaMobile: /Mobile/.test(ua) ? '?1' : '?0',
      secChUaPlatform: platformHint(ua),
    });
  }
  return request;
}

/**
 * user-agents records navigator.platform with each agent. Some rows cannot come from the device the
 * agent names: an iPhone reporting "Linux x86_64", a Pixel 2 reporting a desktop CPU. They are
 * device emulation (DevTools presets, generated agents) collected with the real traffic, and are
 * counted apart from the real browsers.
 */
export function platformContradictsAgent(row: UserAgentData): boolean {
  const ua = row.userAgent;
  if (/iPhone|iPad|iPod/.test(ua)) return !['iPhone', 'iPad', 'MacIntel'].includes(row.platform);
  if (/Android/.test(ua)) return !row.platform.startsWith('Linux a');
  if (/Windows/.test(ua)) return row.platform !== 'Win32';
  if (/Macintosh/.test(ua)) return row.platform !== 'MacIntel';
  return false;
}

function realSensor(row: UserAgentData, timezone: string | undefined, random: () => number): SensorSignals {
  const handheld =
    row.platform === 'iPhone' || row.platform === 'iPad' || /Android|Mobile/.test(row.userAgent);
  const chromium = /Chrome\//.test(row.userAgent) && !/iPhone|iPad/.test(row.userAgent);
  const dwellMs = 3_000 + Math.floor(random() * 60_000);
  return {
    userAgent: row.userAgent,
    platform: row.platform,
    webdriver: false,
    chromeObject: chromium,
    pluginsCount: row.pluginsLength,
    languages: row.language ? [row.language] : ['en-US'],
    ...(timezone === undefined ? {} : { timezone }),
    screen: { width: row.screenWidth, height: row.screenHeight },
    maxTouchPoints: handheld ? 5 : 0,
    hardwareConcurrency: 8,
    notificationPermission: 'default',
    notificationQueryState: 'prompt',
    visibilityAtLoad: 'visible',
    hiddenAtLoad: false,
    visibleMs: dwellMs,
    behaviour: {
      pointerMoves: handheld ? 0 : 5 + Math.floor(random() * 80),
      clicks: Math.floor(random() * 3),
      keys: 0,
      scrolls: 1 + Math.floor(random() * 15),
      touches: handheld ? 1 + Math.floor(random() * 20) : 0,
      dwellMs,
    },
  };
}

function inputOf(
  request: RequestFacts,
  enrichment: Enrichment,
  sensor: SensorSignals | null,
  channel: AssessmentInput['channel'],
): AssessmentInput {
  return {
    kind: 'hit',
    channel,
    at: AT,
    request,
    enrichment,
    sensor,
    campaign: { targetedCountries: [], trafficType: 'google', paid: true },
    rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [], appAllowList: [], appDenyList: [] },
    history: NO_ACTIVITY_HISTORY,
  };
}

export function labelledTraffic(realBrowsers = 5_000, automationEach = 500, seed = 42): LabelledHit[] {
  const random = seeded(seed);
  const hits: LabelledHit[] = [];
  for (const ua of crawlers.flatMap((crawler) => crawler.instances)) {
    const request: RequestFacts = { ip: pick(HOSTING_IPS, random), userAgent: ua, clickIds: {} };
    hits.push({
      group: 'declared bot',
      bot: true,
      request,
      input: (e) => inputOf(request, e, null, 'firewall'),
    });
  }
  const sample = weightedSampler(new UserAgent().top(10_000), random);
  for (let i = 0; i < realBrowsers; i++) {
    const row = sample();
    const request = browserHeaders(row.userAgent, pick(RESIDENTIAL_IPS, random));
    const behaviourSeed = random();
    const emulated = platformContradictsAgent(row);
    hits.push({
      group: emulated ? 'user-agents row whose platform contradicts its agent' : 'real browser',
      bot: emulated,
      request,
      input: (e) => {
        const sensor = realSensor(
          row,
          e.country === null ? undefined : TIMEZONES[e.country],
          seeded(behaviourSeed * 1e9),
        );
        return {
          ...inputOf(request, e, sensor, 'sensor'),
          campaign: { targetedCountries: e.country ? [e.country] : [], trafficType: 'google', paid: true },
        };
      },
    });
  }
  for (let i = 0; i < automationEach; i++) {
    const desktop = sample();
    const idle = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs: 30_000 };
    // Puppeteer or Playwright with stealth patches: webdriver hidden, but no window.chrome, no languages, UTC.
    const headlessRequest = browserHeaders(desktop.userAgent, pick(HOSTING_IPS, random));
    hits.push({
      group: 'headless on a cloud server',
      bot: true,
      request: headlessRequest,
      input: (e) =>
        inputOf(
          headlessRequest,
          e,
          { ...realSensor(desktop, 'UTC', random), chromeObject: false, languages: [], behaviour: idle },
          'sensor',
        ),
    });
    // A desktop browser emulating a phone: phone agent, desktop screen, no touch.
    const phoneUa =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Mobile Safari/537.36';
    const emulatedRequest = browserHeaders(phoneUa, pick(HOSTING_IPS, random));
    hits.push({
      group: 'emulated phone on a cloud server',
      bot: true,
      request: emulatedRequest,
      input: (e) =>
        inputOf(
          emulatedRequest,
          e,
          {
            ...realSensor(desktop, 'America/Chicago', random),
            userAgent: phoneUa,
            platform: 'Win32',
            maxTouchPoints: 0,
            behaviour: idle,
          },
          'sensor',
        ),
    });
    // An HTTP client sending a copied browser agent and nothing else, through the firewall link.
    const scriptRequest: RequestFacts = {
      ip: pick(HOSTING_IPS, random),
      userAgent: desktop.userAgent,
      clickIds: {},
    };
    hits.push({
      group: 'script with a browser agent',
      bot: true,
      request: scriptRequest,
      input: (e) => inputOf(scriptRequest, e, null, 'firewall'),
    });
  }
  return hits;
}
