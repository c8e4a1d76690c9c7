import { browserProfile, DESKTOP_FAMILIES, MOBILE_FAMILIES } from './model/browsers.js';
import {
  acceptLanguage,
  addressIn16,
  COUNTRIES,
  type CountryProfile,
  HOSTING_PREFIXES,
} from './model/networks.js';
import { createRandom, DIGITS, HEX, type Random } from './model/random.js';
import { type ModelContext, rhythmTime } from './model/visit-draft.js';

/**
 * Clicks of a traffic source on a firewall click link (issue 34): people on home and mobile networks
 * with real browsers, and scripts on hosting networks (HTTP libraries, headless browsers), each with
 * the source's own click id, sub-publisher and vars. Some of the delivered clicks convert, and the
 * advertiser posts the conversion back: after minutes or hours as people buy, or seconds after the
 * click as an affiliate that fakes conversions does. The same seed gives the same clicks; what the
 * firewall does with each is the server's decision, not the model's.
 */

export type FirewallClickKind = 'person' | 'http_library' | 'headless';

export interface FirewallClickDraft {
  /** When the click arrives (ms since the epoch). */
  at: number;
  kind: FirewallClickKind;
  /** Index of the campaign (of the `campaigns` given) whose link was clicked. */
  campaign: number;
  /** The visitor's address, as the server sees the connection. */
  ip: string;
  /** The request's headers: user agent, languages, client hints, fetch metadata. */
  headers: Record<string, string>;
  /** The source's own click id, sub-publisher and vars: the link's `clickid`, `sub`, `var1`, `var2`. */
  sourceClickId: string;
  subPublisher: string;
  vars: { var1: string; var2: string };
  /** The advertiser's conversion, if the visitor (once delivered) converts. */
  conversion?: { afterMs: number; payout: number; status: 'approved' | 'pending' };
}

export interface FirewallClickOptions {
  seed: string;
  from: Date;
  to: Date;
  /** How many campaigns share the clicks, and each one's share (weights). */
  campaigns: readonly { weight: number; payout: number }[];
  clicksPerDay: number;
}

const HTTP_LIBRARIES = ['curl/8.5.0', 'python-requests/2.32.3', 'Go-http-client/1.1', 'okhttp/4.12.0'];
const DAY_MS = 86_400_000;
/** Publishers (sub-ids) of the sources: a few large ones and a long tail. */
const PUBLISHERS = ['pub-1042', 'pub-2210', 'pub-3307', 'pub-4121', 'pub-5530', 'pub-6004', 'pub-7788'];
const CREATIVES = ['banner-a', 'banner-b', 'native-1', 'native-2'];

/** Chrome's stable major at `at` (Chrome 131 on 12 Nov 2024, then one every four weeks). */
function chromeMajor(at: number): number {
  return 131 + Math.floor((at - Date.UTC(2024, 10, 12)) / (28 * DAY_MS));
}

function pickCountry(random: Random): CountryProfile {
  const code = random.weighted(Object.fromEntries(COUNTRIES.map((c) => [c.country, c.weight])));
  return COUNTRIES.find((c) => c.country === code) ?? (COUNTRIES[0] as CountryProfile);
}

function person(random: Random, at: number): Pick<FirewallClickDraft, 'ip' | 'headers'> {
  const country = pickCountry(random);
  const mobile = random.chance(0.6);
  const browser = browserProfile(random.weighted(mobile ? MOBILE_FAMILIES : DESKTOP_FAMILIES), at, random);
  const network = random.pick(country.networks);
  return {
    ip: addressIn16(network.prefix, random),
    headers: {
      'user-agent': browser.userAgent,
      'accept-language': acceptLanguage(random.pick(country.languages), browser.engine),
      ...browser.clientHints,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-user': '?1',
    },
  };
}

function script(
  kind: 'http_library' | 'headless',
  random: Random,
  at: number,
): Pick<FirewallClickDraft, 'ip' | 'headers'> {
  const ip = addressIn16(random.pick(HOSTING_PREFIXES), random);
  if (kind === 'http_library') return { ip, headers: { 'user-agent': random.pick(HTTP_LIBRARIES) } };
  const major = chromeMajor(at);
  return {
    ip,
    headers: {
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/${major}.0.0.0 Safari/537.36`,
      'accept-language': 'en-US,en;q=0.9',
    },
  };
}

/** The clicks of the range, in time order. */
export function firewallClicks(options: FirewallClickOptions): FirewallClickDraft[] {
  const random = createRandom(`firewall-${options.seed}`);
  const from = options.from.getTime();
  const to = options.to.getTime();
  const count = Math.round(((to - from) / DAY_MS) * options.clicksPerDay);
  const context = { random, from, to } as ModelContext;
  const weights = Object.fromEntries(options.campaigns.map((campaign, index) => [index, campaign.weight]));
  const clicks: FirewallClickDraft[] = [];
  for (let index = 0; index < count; index++) {
    const kind = random.weighted<FirewallClickKind>({ person: 78, http_library: 12, headless: 10 });
    // People follow the day's rhythm (European evenings); scripts keep no hours.
    const at = kind === 'person' ? rhythmTime(context, 1) : Math.floor(from + random.next() * (to - from));
    const campaign = Number(random.weighted(weights));
    const visitor = kind === 'person' ? person(random, at) : script(kind, random, at);
    const payout = options.campaigns[campaign]?.payout ?? 1;
    // People convert after a while; a few "conversions" come seconds after the click (faked).
    const converts = kind === 'person' ? random.chance(0.09) : random.chance(0.04);
    const faked = kind !== 'person' || random.chance(0.15);
    clicks.push({
      at,
      kind,
      campaign,
      ...visitor,
      sourceClickId: random.chars(16, HEX),
      subPublisher: random.pick(PUBLISHERS),
      vars: { var1: random.pick(CREATIVES), var2: random.chars(6, DIGITS) },
      ...(converts
        ? {
            conversion: {
              afterMs: faked
                ? random.int(1_000, 4_000)
                : Math.round(random.logNormal(20 * 60_000, 1, 2 * 60_000, 6 * 3_600_000)),
              payout: Math.round(payout * random.logNormal(1, 0.2, 0.5, 2) * 100) / 100,
              status: random.chance(0.9) ? 'approved' : 'pending',
            },
          }
        : {}),
    });
  }
  return clicks.sort((a, b) => a.at - b.at);
}
