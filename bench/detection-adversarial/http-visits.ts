import { gotScraping } from 'got-scraping';
import { HeaderGenerator, type HeaderGeneratorOptions } from 'header-generator';
import UserAgent from 'user-agents';
import type { Address } from './addresses.js';
import { paidLanding } from './browser-visits.js';
import { type Random, withRandom } from './random.js';
import type { Site, Visit } from './site.js';

/**
 * Visits by HTTP clients: `got-scraping` with `header-generator` headers (bots: to the customer's
 * landing, which forwards them over S2S, or posting page views straight to the collector), and people
 * whose browsers are real agents from the `user-agents` package, paced as people read.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Browser headers from header-generator, drawn from `random`, without the transport's own. */
export function botHeaders(random: Random, address: Address, options: Partial<HeaderGeneratorOptions>) {
  const generated = withRandom(random, () =>
    new HeaderGenerator({ httpVersion: '1', locales: [address.place.locale], ...options }).getHeaders(),
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(generated)) {
    if (name.toLowerCase() !== 'connection') headers[name.toLowerCase()] = value;
  }
  // header-generator names only the locale; a browser set to it sends its weighted list.
  headers['accept-language'] = address.place.acceptLanguage;
  return headers;
}

async function get(url: string, headers: Record<string, string>): Promise<void> {
  await gotScraping({
    url,
    headers,
    useHeaderGenerator: false,
    http2: false,
    followRedirect: false,
    throwHttpErrors: false,
    timeout: { request: 30_000 },
  });
}

/** One request for a paid landing through the customer's server (S2S), and nothing after it. */
export async function scraperClick(
  site: Site,
  address: Address,
  landing: string,
  headers: Record<string, string>,
): Promise<Visit> {
  const visit = site.visit(address.ip, { s2s: true, sensor: true });
  await get(site.url(visit, landing, 'loopback'), { ...headers, 'sec-fetch-site': 'cross-site' });
  return visit;
}

/**
 * 50 paid clicks within a minute from one residential address and one device (one header set), each
 * a new session (no cookie kept), through the customer's server.
 */
export async function residentialBurst(site: Site, address: Address, random: Random): Promise<Visit[]> {
  const headers = botHeaders(random, address, {
    browsers: ['chrome'],
    operatingSystems: ['windows'],
    devices: ['desktop'],
  });
  const started = Date.now();
  const clicks: Promise<Visit>[] = [];
  for (let click = 0; click < 50; click++) {
    const at = click * 1_150 + random.int(0, 300);
    const landing = paidLanding(random);
    clicks.push(
      pause(Math.max(0, started + at - Date.now())).then(() => scraperClick(site, address, landing, headers)),
    );
  }
  return Promise.all(clicks);
}

/** A sensor page view recorded from a real browser, replayed with the bot's own agent, locale and zone. */
export async function forgedPageView(
  site: Site,
  address: Address,
  random: Random,
  template: Record<string, unknown> | undefined,
): Promise<Visit> {
  const visit = site.visit(address.ip, { s2s: false, sensor: true });
  const headers = botHeaders(random, address, {
    browsers: ['chrome'],
    operatingSystems: ['windows'],
    devices: ['desktop'],
  });
  const gclid = `Cj0KCQiA${random.hex(24)}`;
  const url = `https://shop.example/spring-sale?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=${gclid}`;
  const language = address.place.locale.split('-')[0] ?? 'en';
  const signals = (template?.signals ?? {}) as Record<string, unknown>;
  const body = {
    ...template,
    type: 'hit',
    key: (template?.key as string | undefined) ?? site.sensorKey,
    eventId: random.hex(32),
    sessionId: random.hex(32),
    ts: Date.now(),
    url,
    referrer: 'https://www.google.com/',
    title: 'Linen & Co',
    utm: { source: 'google', medium: 'cpc', campaign: 'spring' },
    clickIds: { gclid },
    signals: {
      ...signals,
      userAgent: headers['user-agent'],
      platform: 'Win32',
      languages: [address.place.locale, language],
      timezone: address.place.timezoneId,
      webdriver: false,
    },
  };
  // What a beacon from https://shop.example to the collector carries.
  const beacon: Record<string, string> = {};
  for (const name of [
    'user-agent',
    'sec-ch-ua',
    'sec-ch-ua-mobile',
    'sec-ch-ua-platform',
    'accept-encoding',
  ]) {
    const value = headers[name];
    if (value) beacon[name] = value;
  }
  await gotScraping.post(site.collector(visit), {
    body: JSON.stringify(body),
    headers: {
      ...beacon,
      accept: '*/*',
      'accept-language': address.place.acceptLanguage,
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'https://shop.example',
      referer: 'https://shop.example/',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'empty',
    },
    useHeaderGenerator: false,
    http2: false,
    throwHttpErrors: false,
    timeout: { request: 30_000 },
  });
  return visit;
}

const CHROMIUM_BRANDS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Microsoft Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
];

/** The navigation headers the browser of `agent` sends (client hints only from Chromium browsers). */
export function navigationHeaders(agent: string, acceptLanguage: string): Record<string, string> {
  const chromium = /Chrome\/(\d+)/.exec(agent);
  const apple = /iPhone|iPad|iPod/.test(agent);
  const firefox = /Firefox\//.test(agent);
  const headers: Record<string, string> = {};
  if (chromium && !apple) {
    const major = chromium[1];
    const brand = CHROMIUM_BRANDS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Google Chrome';
    headers['sec-ch-ua'] = `"${brand}";v="${major}", "Chromium";v="${major}", "Not_A Brand";v="24"`;
    headers['sec-ch-ua-mobile'] = /Mobile/.test(agent) ? '?1' : '?0';
    headers['sec-ch-ua-platform'] = /Windows/.test(agent)
      ? '"Windows"'
      : /Macintosh/.test(agent)
        ? '"macOS"'
        : /Android/.test(agent)
          ? '"Android"'
          : /CrOS/.test(agent)
            ? '"Chrome OS"'
            : '"Linux"';
  }
  headers['upgrade-insecure-requests'] = '1';
  headers['user-agent'] = agent;
  headers.accept =
    chromium && !apple
      ? 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7'
      : 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  headers['sec-fetch-mode'] = 'navigate';
  if (!apple) headers['sec-fetch-user'] = '?1';
  headers['sec-fetch-dest'] = 'document';
  headers['accept-encoding'] = apple && !firefox ? 'gzip, deflate, br' : 'gzip, deflate, br, zstd';
  headers['accept-language'] = acceptLanguage;
  return headers;
}

/**
 * Whether an agent is of a browser people run today: Chrome, Edge and Firefox from 2023 on, Safari and
 * iOS from 16. The package's data is sampled from live traffic and keeps a few agents no browser ever
 * sent (`iPhone OS 11` with `Chrome/40.0.3573.1759`), which are bots' and not people's; the cut is by
 * release, not by what the detection rules look at.
 */
function current(agent: string): boolean {
  const version = (pattern: RegExp) => Number(pattern.exec(agent)?.[1] ?? Number.NaN);
  if (/iPhone|iPad|iPod/.test(agent)) return version(/OS (\d+)_/) >= 16;
  if (/Firefox\//.test(agent)) return version(/Firefox\/(\d+)/) >= 115;
  if (/Chrome\//.test(agent)) return version(/Chrome\/(\d+)/) >= 110;
  if (/Version\/\d+.*Safari\//.test(agent)) return version(/Version\/(\d+)/) >= 16;
  return false;
}

/**
 * A person with a real browser's agent (drawn from `user-agents`, desktop and mobile by their share):
 * lands from a search or an ad, reads, and opens two or three pages, seconds apart, in one session.
 */
export async function agentPerson(site: Site, address: Address, random: Random): Promise<Visit> {
  const visit = site.visit(address.ip, { s2s: true, sensor: false, account: 's2s-only' });
  const agent = withRandom(random, () => new UserAgent(({ userAgent }) => current(userAgent)).toString());
  const base = navigationHeaders(agent, address.place.acceptLanguage);
  const paid = random.chance(0.5);
  const pages = [paid ? paidLanding(random) : '/spring-sale?utm_source=google&utm_medium=organic', '/more'];
  if (random.chance(0.5)) pages.push('/more?page=2');
  let cookie = '';
  let referrer = 'https://www.google.com/';
  for (const [index, path] of pages.entries()) {
    if (index > 0) await pause(random.int(3_000, 9_000));
    const url = site.url(visit, path, 'loopback');
    const response = await gotScraping({
      url,
      headers: {
        ...base,
        'sec-fetch-site': index === 0 ? 'cross-site' : 'same-origin',
        referer: referrer,
        ...(cookie ? { cookie } : {}),
      },
      useHeaderGenerator: false,
      http2: false,
      followRedirect: false,
      throwHttpErrors: false,
      timeout: { request: 30_000 },
    });
    const set = response.headers['set-cookie']?.[0];
    if (set) cookie = set.split(';')[0] ?? '';
    referrer = `https://shop.example${path}`;
  }
  return visit;
}
