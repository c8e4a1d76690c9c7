import type { ClickIdParam, TrafficType } from '@veracity/contracts/detection';
import { BASE64URL, DIGITS, HEX, type Random } from './random.js';

/**
 * How a visit arrives: the landing URL with the ad network's click id and UTM tags, and the referrer
 * its channel leaves (a search page, a social network's link shim, nothing for direct traffic).
 */

/** Channels whose visits are bought clicks; the rest are organic. */
export const ORGANIC_TRAFFIC_TYPES: readonly TrafficType[] = ['organic_search', 'referral', 'direct'];

export function isPaidTrafficType(type: TrafficType): boolean {
  return !ORGANIC_TRAFFIC_TYPES.includes(type);
}

/** The click id each network appends (auto-tagging); Tradedoubler tags with its own tduid. */
export const CLICK_ID_OF: Partial<Record<TrafficType, ClickIdParam>> = {
  google: 'gclid',
  facebook: 'fbclid',
  microsoft: 'msclkid',
  tiktok: 'ttclid',
  pinterest: 'epik',
  twitter: 'twclid',
  linkedin: 'li_fat_id',
  reddit: 'rdt_cid',
  yandex: 'yclid',
  outbrain: 'obclid',
  taboola: 'tblci',
  criteo: 'cto_pld',
};

const UTM: Partial<Record<TrafficType, { source: string; medium: string }>> = {
  google: { source: 'google', medium: 'cpc' },
  microsoft: { source: 'bing', medium: 'cpc' },
  facebook: { source: 'facebook', medium: 'paid_social' },
  tiktok: { source: 'tiktok', medium: 'paid_social' },
  pinterest: { source: 'pinterest', medium: 'paid_social' },
  twitter: { source: 'twitter', medium: 'paid_social' },
  linkedin: { source: 'linkedin', medium: 'paid_social' },
  reddit: { source: 'reddit', medium: 'paid_social' },
  yandex: { source: 'yandex', medium: 'cpc' },
  criteo: { source: 'criteo', medium: 'display' },
  outbrain: { source: 'outbrain', medium: 'native' },
  taboola: { source: 'taboola', medium: 'native' },
  tradedoubler: { source: 'tradedoubler', medium: 'affiliate' },
};

const CAMPAIGNS = [
  'brand_search',
  'generic_running_shoes',
  'spring_sale',
  'retargeting_30d',
  'prospecting_lal',
];
export const LANDING_PATHS = [
  '/',
  '/collections/running',
  '/collections/sale',
  '/products/trail-runner-3',
  '/products/merino-base-layer',
  '/products/rain-shell-jacket',
  '/blog/how-to-choose-trail-shoes',
];
export const FOLLOW_UP_PATHS = [
  '/collections/new',
  '/products/trail-runner-3',
  '/products/ultralight-socks',
  '/products/rain-shell-jacket',
  '/search?q=waterproof',
  '/cart',
  '/pages/shipping',
  '/account/login',
];
const REFERRING_SITES = [
  'https://www.reddit.com/r/trailrunning/',
  'https://www.runnersworld.com/gear/',
  'https://www.outdoorgearlab.com/topics/shoes-and-boots',
  'https://news.ycombinator.com/',
  'https://www.strava.com/',
  'https://medium.com/',
];
const NATIVE_PUBLISHERS = [
  'www.cnn.com',
  'www.msn.com',
  'www.theguardian.com',
  'www.foxnews.com',
  'www.usatoday.com',
];

/** A click id value in the network's own format. */
export function clickIdValue(param: ClickIdParam, random: Random): string {
  switch (param) {
    case 'gclid':
      return `Cj0KCQiA${random.chars(80, BASE64URL)}_BwE`;
    case 'gbraid':
    case 'wbraid':
      return `0AAAAA${random.chars(26, BASE64URL)}`;
    case 'fbclid':
      return `IwZXh0bgNhZW0BMABhZGlkA${random.chars(96, BASE64URL)}`;
    case 'msclkid':
      return random.chars(32, HEX);
    case 'ttclid':
      return `E.C.P.${random.chars(48, BASE64URL)}`;
    case 'li_fat_id':
      return `${random.chars(8, HEX)}-${random.chars(4, HEX)}-4${random.chars(3, HEX)}-a${random.chars(3, HEX)}-${random.chars(12, HEX)}`;
    case 'rdt_cid':
    case 'yclid':
      return random.chars(19, DIGITS);
    case 'epik':
      return `dj0yJnU9${random.chars(40, BASE64URL)}`;
    case 'tblci':
      return `GiB${random.chars(40, BASE64URL)}`;
    default:
      return random.chars(32, BASE64URL);
  }
}

export interface Arrival {
  url: string;
  referrer?: string;
  /** Sec-Fetch-Site of the landing request. */
  fetchSite: 'cross-site' | 'none';
  /** Publisher or placement the click came through, when the network names one. */
  subPublisher?: string;
}

export interface ArrivalOptions {
  siteUrl: string;
  /** The country's Google domain (www.google.de). */
  google: string;
  /** iPhone Safari: Google Ads tags some clicks with gbraid instead of gclid. */
  apple: boolean;
  mobile: boolean;
  /** Leave the click id out (stripped by a redirect, or never there). */
  clickId: 'fresh' | 'none' | { param: ClickIdParam; value: string };
}

function referrerFor(type: TrafficType, options: ArrivalOptions, random: Random): string | undefined {
  switch (type) {
    case 'google':
      return `https://${options.google}/`;
    case 'organic_search':
      return random.weighted({
        [`https://${options.google}/`]: 86,
        'https://www.bing.com/': 8,
        'https://duckduckgo.com/': 4,
        'https://www.ecosia.org/': 2,
      });
    case 'microsoft':
      return 'https://www.bing.com/';
    case 'facebook':
      return options.mobile
        ? random.pick(['https://m.facebook.com/', 'https://l.instagram.com/'])
        : 'https://l.facebook.com/';
    case 'tiktok':
      return random.chance(0.5) ? 'https://www.tiktok.com/' : undefined;
    case 'pinterest':
      return 'https://www.pinterest.com/';
    case 'twitter':
      return 'https://t.co/';
    case 'linkedin':
      return 'https://www.linkedin.com/';
    case 'reddit':
      return 'https://www.reddit.com/';
    case 'yandex':
      return 'https://yandex.ru/';
    case 'referral':
      return random.pick(REFERRING_SITES);
    case 'outbrain':
    case 'taboola':
    case 'criteo':
      return `https://${random.pick(NATIVE_PUBLISHERS)}/`;
    case 'tradedoubler':
      return 'https://www.bestdeals-blog.com/running-shoes';
    default:
      return undefined;
  }
}

/** The landing request of a visit arriving through `type`. */
export function arrival(type: TrafficType, options: ArrivalOptions, random: Random): Arrival {
  const url = new URL(random.pick(LANDING_PATHS), options.siteUrl);
  const utm = UTM[type];
  if (utm && (type !== 'google' || random.chance(0.6))) {
    url.searchParams.set('utm_source', utm.source);
    url.searchParams.set('utm_medium', utm.medium);
    url.searchParams.set('utm_campaign', random.pick(CAMPAIGNS));
  }
  if (type === 'tradedoubler') url.searchParams.set('tduid', random.chars(32, HEX));
  const param = CLICK_ID_OF[type];
  if (param && options.clickId !== 'none') {
    if (options.clickId === 'fresh') {
      const used = type === 'google' && options.apple && random.chance(0.15) ? 'gbraid' : param;
      url.searchParams.set(used, clickIdValue(used, random));
    } else {
      url.searchParams.set(options.clickId.param, options.clickId.value);
    }
  }
  const referrer = referrerFor(type, options, random);
  const result: Arrival = { url: url.toString(), fetchSite: referrer === undefined ? 'none' : 'cross-site' };
  if (type === 'tiktok' && referrer === undefined) result.fetchSite = 'cross-site';
  if (referrer !== undefined) result.referrer = referrer;
  if (type === 'facebook')
    result.subPublisher = referrer?.includes('instagram') ? 'instagram_feed' : 'facebook_feed';
  if (type === 'outbrain' || type === 'taboola' || type === 'criteo')
    result.subPublisher = new URL(referrer ?? options.siteUrl).hostname;
  return result;
}

/** What a click costs on each network (the account's currency), low and high. */
const CPC: Partial<Record<TrafficType, [number, number]>> = {
  google: [0.3, 2.8],
  microsoft: [0.2, 1.8],
  facebook: [0.1, 1.2],
  tiktok: [0.05, 0.8],
  linkedin: [1.5, 6],
};

export function clickCost(type: TrafficType, random: Random): number {
  const [low, high] = CPC[type] ?? [0.1, 1.5];
  return Math.round((low + random.next() * (high - low)) * 100) / 100;
}
