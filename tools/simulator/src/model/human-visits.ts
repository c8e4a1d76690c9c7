import type { SensorSignals, TrafficType } from '@veracity/contracts/detection';
import type { S2sVisitorHeaders } from '@veracity/contracts/s2s';
import { type BrowserProfile, browserProfile, DESKTOP_FAMILIES, MOBILE_FAMILIES } from './browsers.js';
import { arrival, clickCost, FOLLOW_UP_PATHS, isPaidTrafficType } from './landing.js';
import { acceptLanguage, addressIn16, COUNTRIES, type CountryProfile } from './networks.js';
import type { Random } from './random.js';
import { type DraftHit, type DraftVisit, type ModelContext, rhythmTime } from './visit-draft.js';

/**
 * A person's visit: one browser from a consumer network of their country, arriving through a
 * channel, reading a few pages with the pointer, touch and scroll activity of a reader, and now and
 * then buying something.
 */

/** Share of visits that convert, by how they arrived. */
function conversionRate(type: TrafficType): number {
  if (type === 'organic_search' || type === 'referral') return 0.025;
  if (type === 'direct') return 0.035;
  return 0.03;
}

/** Social apps send mostly phones. */
function mobileShare(type: TrafficType): number {
  if (type === 'facebook' || type === 'tiktok' || type === 'pinterest' || type === 'reddit') return 0.78;
  if (type === 'linkedin' || type === 'microsoft') return 0.35;
  return 0.6;
}

/** Interaction counts of one page view a person read for `dwellMs`. */
function behaviourOf(mobile: boolean, dwellMs: number, random: Random, typing: boolean) {
  // A short glance before leaving, or a page left open in a tab without touching it.
  if (random.chance(0.08)) return { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs };
  const minutes = Math.max(0.1, dwellMs / 60_000);
  return {
    pointerMoves: mobile ? 0 : random.int(10, 40) + Math.round(minutes * random.int(40, 200)),
    clicks: random.int(0, 3),
    keys: typing ? random.int(8, 60) : 0,
    scrolls: random.int(1, 6) + Math.round(minutes * random.int(2, 20)),
    touches: mobile ? random.int(3, 10) + Math.round(minutes * random.int(5, 40)) : 0,
    dwellMs,
  };
}

function signalsOf(
  browser: BrowserProfile,
  languages: readonly string[],
  timezone: string,
  behaviour: NonNullable<SensorSignals['behaviour']>,
  random: Random,
  denied: boolean,
): SensorSignals {
  const signals: SensorSignals = {
    userAgent: browser.userAgent,
    platform: browser.platform,
    webdriver: false,
    chromeObject: browser.chromeObject,
    pluginsCount: browser.pluginsCount,
    mimeTypesCount: browser.mimeTypesCount,
    languages: [...languages],
    timezone,
    screen: browser.screen,
    window: browser.window,
    devicePixelRatio: browser.devicePixelRatio,
    maxTouchPoints: browser.maxTouchPoints,
    hardwareConcurrency: browser.hardwareConcurrency,
    visibilityAtLoad: 'visible',
    hiddenAtLoad: false,
    visibleMs: Math.round(behaviour.dwellMs * (0.85 + random.next() * 0.15)),
    behaviour,
  };
  if (browser.notifications) {
    signals.notificationPermission = denied ? 'denied' : 'default';
    signals.notificationQueryState = denied ? 'denied' : 'prompt';
  }
  return signals;
}

function headersOf(
  browser: BrowserProfile,
  languages: readonly string[],
  fetchSite: 'cross-site' | 'same-origin' | 'none',
): S2sVisitorHeaders {
  return {
    'accept-language': acceptLanguage(languages, browser.engine),
    ...browser.clientHints,
    'sec-fetch-site': fetchSite,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
  };
}

function pickCountry(random: Random): CountryProfile {
  const code = random.weighted(Object.fromEntries(COUNTRIES.map((c) => [c.country, c.weight])));
  return COUNTRIES.find((c) => c.country === code) ?? (COUNTRIES[0] as CountryProfile);
}

export function humanVisit(context: ModelContext): DraftVisit {
  const { random } = context;
  const trafficType = random.weighted(context.channelMix);
  const country = pickCountry(random);
  const zone = random.weighted(Object.fromEntries(country.timezones.map((z) => [z.zone, z.weight])));
  const utcOffset = country.timezones.find((z) => z.zone === zone)?.utcOffset ?? 0;
  const start = rhythmTime(context, utcOffset);
  const mobile = random.chance(mobileShare(trafficType));
  const family = random.weighted(mobile ? MOBILE_FAMILIES : DESKTOP_FAMILIES);
  const browser = browserProfile(family, start, random);
  const carriers = country.networks.filter((network) => network.mobile);
  const network =
    mobile && carriers.length > 0 && random.chance(0.5)
      ? random.pick(carriers)
      : random.pick(country.networks);
  const ip = addressIn16(network.prefix, random);
  const languages = random.pick(country.languages);
  const paid = isPaidTrafficType(trafficType);
  const landing = arrival(
    trafficType,
    {
      siteUrl: context.siteUrl,
      google: country.google,
      apple: family === 'safari_iphone',
      mobile,
      // A redirect now and then strips the click id off a real click.
      clickId: paid && random.chance(0.01) ? 'none' : 'fresh',
    },
    random,
  );
  const withSignals = random.chance(0.85);
  const denied = random.chance(0.05);
  const campaignId = paid && context.campaignIds.length > 0 ? random.pick(context.campaignIds) : undefined;
  const bounced = random.chance(0.42);
  const pages = bounced ? 1 : random.logNormal(3, 0.5, 2, 12);
  const converts = random.chance(conversionRate(trafficType));

  const hits: DraftHit[] = [];
  let at = start;
  let previousUrl = landing.url;
  for (let page = 0; page < pages; page++) {
    const dwellMs = bounced
      ? random.logNormal(9_000, 0.8, 1_500, 120_000)
      : random.logNormal(35_000, 0.9, 3_000, 600_000);
    const url = page === 0 ? landing.url : new URL(random.pick(FOLLOW_UP_PATHS), context.siteUrl).toString();
    const body: DraftHit['body'] = {
      ip,
      userAgent: browser.userAgent,
      url,
      headers: headersOf(browser, languages, page === 0 ? landing.fetchSite : 'same-origin'),
    };
    if (page === 0) {
      if (landing.referrer !== undefined) body.referrer = landing.referrer;
      if (landing.subPublisher !== undefined) body.subPublisher = landing.subPublisher;
      if (campaignId !== undefined) body.campaignId = campaignId;
      if (paid) body.cost = clickCost(trafficType, random);
    } else {
      body.referrer = previousUrl;
    }
    if (withSignals) {
      const typing = url.includes('/account/login') || (converts && page === pages - 1);
      body.signals = signalsOf(
        browser,
        languages,
        zone,
        behaviourOf(mobile, dwellMs, random, typing),
        random,
        denied,
      );
    }
    hits.push({ at, body });
    previousUrl = url;
    at += dwellMs + random.int(200, 1_500);
  }

  const visit: DraftVisit = { kind: 'human', trafficType, hits, conversions: [] };
  if (converts) {
    const purchase = random.chance(0.75);
    visit.conversions.push({
      at: at + random.logNormal(70_000, 0.8, 8_000, 900_000),
      hitIndex: 0,
      body: purchase
        ? {
            name: 'purchase',
            value: Math.round((25 + random.logNormal(60, 0.7, 5, 800)) * 100) / 100,
            currency: country.currency,
          }
        : { name: 'lead' },
    });
  }
  return visit;
}
