import { CLICK_ID_PARAMS, type ClickIdParam, type TrafficType } from '@veracity/contracts/detection';

/**
 * What a landing URL and its referrer tell about where a visit came from: the ad click ids and UTM
 * parameters of the query string, Google's ValueTrack parameters, the site's domain, and the traffic
 * type (spec 02 §3) decided from them. Pure: the collector and S2S share it.
 */
export interface Landing {
  /** The site's host name without `www.` (the "opt_domain" dimension); null for an unparsable URL. */
  domain: string | null;
  clickIds: Partial<Record<ClickIdParam, string>>;
  /** The click id stored with the hit, and the network parameter it came in (first one found). */
  clickId: string | null;
  clickIdType: ClickIdParam | null;
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    content: string | null;
    term: string | null;
  };
  google: {
    campaignId: string | null;
    placement: string | null;
    keyword: string | null;
    accountId: string | null;
  };
  trafficType: TrafficType;
  /** The traffic was bought: an ad network's click id or a paid UTM medium (cpc, paid_social, ...). */
  paid: boolean;
}

const MAX_PARAM_LENGTH = 512;

const WANTED_PARAMS = new Set<string>([
  ...CLICK_ID_PARAMS,
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'gad_campaignid',
  'campaignid',
  'placement',
  'keyword',
  'customerid',
]);

/** Which network each click id belongs to (ScCid is Snapchat's: no traffic type of its own). */
const CLICK_ID_TRAFFIC: Partial<Record<ClickIdParam, TrafficType>> = {
  gclid: 'google',
  gbraid: 'google',
  wbraid: 'google',
  dclid: 'google',
  fbclid: 'facebook',
  ttclid: 'tiktok',
  msclkid: 'microsoft',
  li_fat_id: 'linkedin',
  twclid: 'twitter',
  epik: 'pinterest',
  rdt_cid: 'reddit',
  yclid: 'yandex',
  obclid: 'outbrain',
  tblci: 'taboola',
  cto_pld: 'criteo',
};

/** `utm_source` values as advertisers write them, by traffic type. */
const UTM_SOURCES: readonly [TrafficType, RegExp][] = [
  ['google', /^(google|google_?ads|adwords|gads|youtube|googlesyndication)$/],
  ['facebook', /^(facebook|fb|meta|instagram|ig|an|messenger)$/],
  ['tiktok', /^tiktok(_?ads)?$/],
  ['microsoft', /^(bing|microsoft|msn|microsoft_?ads|bing_?ads)$/],
  ['pinterest', /^pinterest$/],
  ['yandex', /^yandex$/],
  ['twitter', /^(twitter|x)$/],
  ['criteo', /^criteo$/],
  ['linkedin', /^linkedin$/],
  ['outbrain', /^outbrain$/],
  ['taboola', /^taboola$/],
  ['tradedoubler', /^tradedoubler$/],
  ['reddit', /^reddit$/],
];

const PAID_MEDIUMS =
  /^(cpc|ppc|cpm|cpv|cpa|paid|paid[_-]?(search|social|media)|display|banner|ads?|social[_-]?paid|native|retargeting)$/;

/** Referrer hosts of social networks, by traffic type (organic posts and in-app browsers). */
const SOCIAL_HOSTS: readonly [TrafficType, RegExp][] = [
  ['facebook', /(^|\.)(facebook\.com|fb\.com|instagram\.com|messenger\.com)$/],
  ['twitter', /(^|\.)(twitter\.com|x\.com|t\.co)$/],
  ['linkedin', /(^|\.)(linkedin\.com|lnkd\.in)$/],
  ['reddit', /(^|\.)reddit\.com$/],
  ['pinterest', /(^|\.)pinterest\.[a-z.]+$/],
  ['tiktok', /(^|\.)tiktok\.com$/],
];

/** Search engines: a visit from their result pages is organic search. */
const SEARCH_HOSTS =
  /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.co\.jp|yandex\.[a-z.]+|ya\.ru|baidu\.com|ecosia\.org|search\.brave\.com|qwant\.com|startpage\.com|naver\.com|seznam\.cz|ask\.com|aol\.com)$/;

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * The first `max` UTF-16 units of the value, one fewer when the last would be the first half of a
 * surrogate pair: a cut must not leave an unpaired surrogate, which no store holds.
 */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Reads a landing URL (and the referrer) into the attribution a hit is stored with. */
export function readLanding(url: string, referrer: string | null | undefined): Landing {
  let params: URLSearchParams | null = null;
  let domain: string | null = null;
  try {
    const parsed = new URL(url);
    params = parsed.searchParams;
    domain = parsed.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    // An unparsable URL keeps no parameters: the hit is still stored with the URL as sent.
  }
  // One pass over the query string: the values of the parameters we read, first occurrence wins.
  const values = new Map<string, string>();
  for (const [name, value] of params ?? []) {
    if (!values.has(name) && WANTED_PARAMS.has(name)) {
      const trimmed = value.trim();
      if (trimmed) values.set(name, cut(trimmed, MAX_PARAM_LENGTH));
    }
  }
  const clickIds: Partial<Record<ClickIdParam, string>> = {};
  let clickIdType: ClickIdParam | null = null;
  for (const name of CLICK_ID_PARAMS) {
    const value = paramOf(values, name);
    if (value === null) continue;
    clickIds[name] = value;
    clickIdType ??= name;
  }
  const utm = {
    source: paramOf(values, 'utm_source'),
    medium: paramOf(values, 'utm_medium'),
    campaign: paramOf(values, 'utm_campaign'),
    content: paramOf(values, 'utm_content'),
    term: paramOf(values, 'utm_term'),
  };
  const google = {
    campaignId: paramOf(values, 'gad_campaignid') ?? paramOf(values, 'campaignid'),
    placement: paramOf(values, 'placement'),
    keyword: paramOf(values, 'keyword'),
    accountId: paramOf(values, 'customerid'),
  };
  const fromClickId = clickIdType ? CLICK_ID_TRAFFIC[clickIdType] : undefined;
  const source = utm.source?.toLowerCase() ?? '';
  const fromUtm = firstMatch(UTM_SOURCES, source);
  const paidMedium = PAID_MEDIUMS.test(utm.medium?.toLowerCase() ?? '');
  const trafficType = fromClickId ?? fromUtm ?? fromReferrer(referrer, domain);
  return {
    domain,
    clickIds,
    clickId: clickIdType ? (clickIds[clickIdType] ?? null) : null,
    clickIdType,
    utm,
    google,
    trafficType,
    paid: fromClickId !== undefined || paidMedium,
  };
}

function fromReferrer(referrer: string | null | undefined, siteDomain: string | null): TrafficType {
  const host = hostOf(referrer);
  if (host === null || host === siteDomain) return 'direct';
  if (SEARCH_HOSTS.test(host)) return 'organic_search';
  return firstMatch(SOCIAL_HOSTS, host) ?? 'referral';
}

// Top-level functions rather than closures made per call: readLanding runs for every hit.
function paramOf(values: ReadonlyMap<string, string>, name: string): string | null {
  return values.get(name) ?? null;
}

function firstMatch(patterns: readonly [TrafficType, RegExp][], value: string): TrafficType | undefined {
  for (const [type, pattern] of patterns) if (pattern.test(value)) return type;
  return undefined;
}
