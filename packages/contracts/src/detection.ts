import { z } from 'zod';
import { SENSOR_PROOF_FAULTS } from './threat-evidence.js';
import { THREAT_CATEGORIES, THREAT_REASON_IDS, type ThreatReasonId } from './threat-reasons.js';

/**
 * What the detection engine reads and what it answers (issue 4). The server builds an
 * `AssessmentInput` for every hit or conversion from the request, its enrichment, the sensor payload,
 * the campaign, the account's rules and recent activity; `@veracity/detection` turns it into an
 * `Assessment`: a risk tier, a score and the threat reasons the dashboard lists.
 *
 * Sensor signals are raw observations only. Nothing the client sends can name a verdict: the schema
 * strips unknown keys and the engine reads none of them.
 */

/** Security level of a hit, session or conversion: low = Legitimate, medium = Suspicious, high = Invalid. */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const zRiskLevel = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof zRiskLevel>;

/** Traffic types (spec 02 §3). */
export const TRAFFIC_TYPES = [
  'organic_search',
  'referral',
  'direct',
  'google',
  'facebook',
  'tiktok',
  'microsoft',
  'pinterest',
  'yandex',
  'twitter',
  'criteo',
  'linkedin',
  'outbrain',
  'taboola',
  'tradedoubler',
  'reddit',
] as const;
export const zTrafficType = z.enum(TRAFFIC_TYPES);
export type TrafficType = z.infer<typeof zTrafficType>;

/** Browser names the dashboard lists (spec 02 §3: Chrome, Chrome Mobile, ... and in-app browsers). */
export const BROWSER_NAMES = [
  'Chrome',
  'Chrome Mobile',
  'Chrome Mobile iOS',
  'Mobile Safari',
  'Safari',
  'Samsung Browser',
  'Firefox',
  'Firefox Mobile',
  'Opera',
  'Microsoft Edge',
  'Yandex Browser',
  'UC Browser',
  'Silk',
  'Android WebView',
  'Facebook',
  'Instagram',
  'TikTok',
  'Snapchat',
  'LinkedIn',
  'Pinterest',
  'Other',
] as const;
export const zBrowserName = z.enum(BROWSER_NAMES);
export type BrowserName = z.infer<typeof zBrowserName>;

/** OS names (spec 02 §3), plus Other for what none of them describes. */
export const OS_NAMES = [
  'Android',
  'Android TV',
  'BlackBerry',
  'Chrome OS',
  'Fedora',
  'Fire OS',
  'Linux',
  'HarmonyOS',
  'Mac OS',
  'OpenBSD',
  'PlayStation',
  'Tizen',
  'Ubuntu',
  'Windows',
  'Windows Phone',
  'iOS',
  'iPadOS',
  'Other',
] as const;
export const zOsName = z.enum(OS_NAMES);
export type OsName = z.infer<typeof zOsName>;

/** Device names (spec 02 §3); Unknown has the id "Not available". */
export const DEVICE_NAMES = ['Desktop', 'Phone', 'Phablet', 'Tablet', 'SmartTV', 'Not available'] as const;
export const zDeviceName = z.enum(DEVICE_NAMES);
export type DeviceName = z.infer<typeof zDeviceName>;

/** Query parameters ad networks append to the landing URL of a paid click. */
export const CLICK_ID_PARAMS = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'ttclid',
  'msclkid',
  'li_fat_id',
  'twclid',
  'epik',
  'rdt_cid',
  'ScCid',
  'yclid',
  'obclid',
  'tblci',
  'cto_pld',
] as const;
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0);
const size = z.number().min(0).max(100_000);

/** How the hit reached us: the browser sensor, the firewall redirect, or a customer's server (S2S). */
export const zHitChannel = z.enum(['sensor', 'firewall', 's2s']);
export type HitChannel = z.infer<typeof zHitChannel>;

/** Facts of the HTTP request as the server saw it. Header names are the lower-case header names. */
export const zRequestFacts = z.object({
  ip: text(64),
  userAgent: text(2048).default(''),
  accept: text(512).nullish(),
  acceptLanguage: text(512).nullish(),
  secChUa: text(512).nullish(),
  secChUaMobile: text(8).nullish(),
  secChUaPlatform: text(64).nullish(),
  secChUaPlatformVersion: text(64).nullish(),
  secChUaFullVersionList: text(1024).nullish(),
  secFetchSite: text(32).nullish(),
  secFetchMode: text(32).nullish(),
  secFetchDest: text(32).nullish(),
  secFetchUser: text(8).nullish(),
  /**
   * The headers are the visitor's whole set as a customer's server forwarded it (an S2S hit sent with
   * `headersForwarded: true`), so a header absent here was absent from the visitor's request. Without it
   * an S2S hit's headers are whatever the customer picked, and only their values are compared.
   */
  headersForwarded: z.boolean().nullish(),
  referrer: text(4096).nullish(),
  landingUrl: text(8192).nullish(),
  /** Click ids read from the landing URL, by parameter name. */
  clickIds: z.partialRecord(z.enum(CLICK_ID_PARAMS), text(512)).default({}),
  /**
   * The Android app the request came from (in-app traffic): the package name an Android WebView sends
   * in `X-Requested-With`, lower case (`appPackageFromHeader` in app-security); null for a browser.
   */
  appPackage: text(255).nullish(),
});
export type RequestFacts = z.infer<typeof zRequestFacts>;

/** What the server adds to a request: IP intelligence and the parsed user agent. */
export const zEnrichment = z.object({
  country: z.string().length(2).nullable(),
  asn: z.number().int().nullable(),
  organisation: z.string().nullable(),
  /** The ASN belongs to a hosting or cloud provider. */
  hosting: z.boolean(),
  /** With `hosting`: the kind of network (a VPN exit, a cloud, a hosting provider); absent when unknown. */
  hostingKind: z.enum(['cloud', 'hosting', 'vpn']).nullish(),
  /** Internet service provider, as the AS organisation names it (null for hosting networks). */
  isp: z.string().nullable(),
  /** Mobile carrier when the address belongs to one (carrier-grade NAT is common there). */
  carrier: z.string().nullable(),
  browser: zBrowserName,
  browserVersion: z.string().nullable(),
  os: zOsName,
  osVersion: z.string().nullable(),
  device: zDeviceName,
});
export type Enrichment = z.infer<typeof zEnrichment>;

/**
 * The built-ins the sensor's engine probe tests, in order: `signals.engine` holds two bits per feature,
 * at 2i the browser has feature i (any function by that name) and at 2i+1 it is the browser's own (no
 * `prototype`, native source; a polyfill's function has a `prototype` or its own source). The sensor
 * mirrors the list and its test checks the mirror; the detection engine knows the version of each
 * browser engine that shipped each feature (`engine-version.ts`). Features are only appended: bits keep
 * their meaning.
 */
export const ENGINE_FEATURES = [
  'Array.prototype.findLast',
  'structuredClone',
  'Array.prototype.toSorted',
  'Object.groupBy',
  'Promise.withResolvers',
  'Set.prototype.union',
  'URL.parse',
  'Promise.try',
  'Error.isError',
  'RegExp.escape',
  'Uint8Array.fromBase64',
] as const;
export type EngineFeature = (typeof ENGINE_FEATURES)[number];

/**
 * Each raw observation of the sensor script, by name, with the shape a browser gives it. Absent for S2S
 * hits without signals and when the script did not run.
 */
const SENSOR_SIGNAL_SHAPES = {
  /** navigator.userAgent, to compare with the header. */
  userAgent: text(2048).optional(),
  /** navigator.platform. */
  platform: text(64).optional(),
  webdriver: z.boolean().optional(),
  /** window.chrome exists. */
  chromeObject: z.boolean().optional(),
  /** navigator.brave exists (Brave sends a generic Chrome user agent). */
  brave: z.boolean().optional(),
  pluginsCount: count.max(1000).optional(),
  mimeTypesCount: count.max(1000).optional(),
  languages: z.array(text(35)).max(50).optional(),
  /** Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timezone: text(64).optional(),
  screen: z.object({ width: size, height: size }).optional(),
  window: z.object({ innerWidth: size, innerHeight: size, outerWidth: size, outerHeight: size }).optional(),
  devicePixelRatio: z.number().min(0).max(100).optional(),
  maxTouchPoints: count.max(1000).optional(),
  hardwareConcurrency: count.max(4096).optional(),
  webgl: z.object({ vendor: text(256), renderer: text(256) }).optional(),
  /** Notification.permission and permissions.query({name: 'notifications'}).state. */
  notificationPermission: z.enum(['default', 'denied', 'granted']).optional(),
  notificationQueryState: z.enum(['prompt', 'denied', 'granted']).optional(),
  /** document.visibilityState and document.hidden when the script started. */
  visibilityAtLoad: z.enum(['visible', 'hidden', 'prerender']).optional(),
  hiddenAtLoad: z.boolean().optional(),
  /** Milliseconds the page was visible before the sensor reported. */
  visibleMs: count.optional(),
  /**
   * Functions and getters that are not the browser's own: their source is not `[native code]`, they
   * have a `prototype`, or a prototype cycle through them is accepted (a Proxy). `webdriver:absent`
   * when `Navigator.prototype` has no `webdriver` getter at all.
   */
  patched: z.array(text(64)).max(20).optional(),
  /** Object.getOwnPropertyNames(navigator): a browser defines none, a script redefining one does. */
  navigatorOwn: z.array(text(64)).max(20).optional(),
  /** navigator.userAgentData.toJSON() (Chromium on HTTPS only). */
  uaData: z
    .object({
      brands: z.array(z.object({ brand: text(64), version: text(32) })).max(10),
      mobile: z.boolean(),
      platform: text(64),
    })
    .optional(),
  /**
   * The engine probe: two bits per `ENGINE_FEATURES` entry (has it, has its own). A value with bits no
   * feature has is one no sensor sends (kept in `unexpected`).
   */
  engine: count.max(4 ** ENGINE_FEATURES.length - 1).optional(),
  /** Set when the page runs inside a frame: the frame's size. */
  frame: z.object({ width: size, height: size }).optional(),
  behaviour: z
    .object({
      pointerMoves: count,
      clicks: count,
      keys: count,
      scrolls: count,
      touches: count.default(0),
      dwellMs: count,
    })
    .optional(),
};

const zSignalValues = z.object(SENSOR_SIGNAL_SHAPES);
type SignalName = keyof typeof SENSOR_SIGNAL_SHAPES;
const SIGNAL_NAMES = Object.keys(SENSOR_SIGNAL_SHAPES) as SignalName[];
/** How much of an unexpected value is kept (its JSON text). */
export const UNEXPECTED_SIGNAL_MAX_LENGTH = 64;

/**
 * Raw observations of the sensor script. Signals are evidence, not input to refuse: a signal whose value
 * lies outside its shape (a permission state no browser reports, a string where a count belongs, a
 * probe a stealth script rewrote) does not refuse the event. It is left out of the signals and kept in
 * `unexpected`, by name, as the JSON text of what was sent (at most 64 characters), and the engine counts
 * it against the visit (`automation:inconsistent_environment`). Signals that are not an object at all
 * are kept the same way, as `unexpected.signals`. `unexpected` is the server's own finding: a client
 * cannot send it.
 */
export type SensorSignals = z.infer<typeof zSignalValues> & {
  /**
   * Signals whose values lay outside their shapes: the value sent as JSON text, by signal name
   * (`signals` when what was sent was not an object at all).
   */
  unexpected?: Partial<Record<SignalName | 'signals', string>>;
};

/** The signals with every value outside its shape moved to `unexpected`. */
function setAsideUnexpected(sent: Record<string, unknown>): SensorSignals {
  const signals: Record<string, unknown> = {};
  const unexpected: Partial<Record<SignalName, string>> = {};
  for (const name of SIGNAL_NAMES) {
    if (!(name in sent)) continue;
    const parsed = SENSOR_SIGNAL_SHAPES[name].safeParse(sent[name]);
    if (parsed.success) {
      if (parsed.data !== undefined) signals[name] = parsed.data;
    } else {
      unexpected[name] = (JSON.stringify(sent[name]) ?? String(sent[name])).slice(
        0,
        UNEXPECTED_SIGNAL_MAX_LENGTH,
      );
    }
  }
  return { ...(signals as z.infer<typeof zSignalValues>), unexpected };
}

/**
 * The sensor's signals: as sent when every value has its shape (nearly always), else set aside; when
 * what was sent is not an object at all, no signal and the whole value as `unexpected.signals`.
 */
export const zSensorSignals: z.ZodType<SensorSignals> = z.union([
  zSignalValues,
  z.record(z.string(), z.unknown()).transform(setAsideUnexpected),
  z.unknown().transform(
    (sent): SensorSignals => ({
      unexpected: { signals: (JSON.stringify(sent) ?? String(sent)).slice(0, UNEXPECTED_SIGNAL_MAX_LENGTH) },
    }),
  ),
]);

/** Interaction counts (trusted events only) and the time on the page, in `SensorSignals.behaviour`'s shape. */
export const zSensorBehaviour = SENSOR_SIGNAL_SHAPES.behaviour.unwrap();

/** The campaign the hit belongs to. */
export const zCampaignContext = z.object({
  /** ISO country codes the campaign targets; empty means worldwide. */
  targetedCountries: z.array(z.string().length(2)).default([]),
  trafficType: zTrafficType.nullable().default(null),
  /** The traffic was bought (an ad click), so the network's click id is expected on the landing URL. */
  paid: z.boolean().default(false),
});
export type CampaignContext = z.infer<typeof zCampaignContext>;

/** The account's own rules. IP entries are addresses or CIDR ranges, IPv4 or IPv6. */
export const zAccountRules = z.object({
  ipAllowList: z.array(text(64)).default([]),
  ipDenyList: z.array(text(64)).default([]),
  /** Referring domains the account excluded (placements it does not pay for). */
  excludedDomains: z.array(text(253)).default([]),
  /**
   * Domains the account's sensor may run on (each covers its subdomains); a hit whose page is elsewhere
   * gets `network:foreign_domain`. Absent or empty: any domain.
   */
  sensorDomains: z.array(text(253)).optional(),
  /** What `network:foreign_domain` does: `flag` (suspicious) or `exclude` (invalid). Absent: flag. */
  foreignDomainAction: z.enum(['flag', 'exclude']).optional(),
  /** Android app packages the account allows and blocks (entries of `zAppPackageEntry`, `.*` prefixes). */
  appAllowList: z.array(text(255)).default([]),
  appDenyList: z.array(text(255)).default([]),
});
export type AccountRules = z.infer<typeof zAccountRules>;

/**
 * Recent activity before this hit, from `RecentActivity` over the windows of the detection policy.
 * Counts exclude the hit being assessed.
 */
export const zActivityHistory = z.object({
  sameIp: count.default(0),
  sameDevice: count.default(0),
  sameClickId: count.default(0),
  /** For a conversion: milliseconds since the click it is attributed to. */
  sinceClickMs: count.nullable().default(null),
  /**
   * Paid clicks (ad click ids seen for the first time) on the same account's landings from the same IP,
   * and from the same device, within the velocity window (one minute) before this hit.
   */
  paidClicksSameIp: count.default(0),
  paidClicksSameDevice: count.default(0),
  /**
   * The gaps in milliseconds between the latest paid clicks on the same account from the same IP,
   * oldest first, within the cadence window; the last one ends at this hit when it is a paid click.
   */
  paidClickGapsMs: z.array(count).max(64).default([]),
});
export type ActivityHistory = z.infer<typeof zActivityHistory>;

/** No activity before this hit: what the engine reads when there is no history to count. */
export const NO_ACTIVITY_HISTORY: Readonly<ActivityHistory> = Object.freeze({
  sameIp: 0,
  sameDevice: 0,
  sameClickId: 0,
  sinceClickMs: null,
  paidClicksSameIp: 0,
  paidClicksSameDevice: 0,
  paidClickGapsMs: [],
});

/**
 * What the collector found of the page view's sensor proof (the signed token the served script carries,
 * docs/detection.md "sensor:no_proof"): `valid`, or why not. Absent (or null) when there is nothing to check: a hit
 * of another channel, or a collector that signs no tokens.
 */
export const zSensorProofState = z.enum(['valid', ...SENSOR_PROOF_FAULTS]);
export type SensorProofState = z.infer<typeof zSensorProofState>;

export const zAssessmentInput = z.object({
  kind: z.enum(['hit', 'conversion']).default('hit'),
  channel: zHitChannel,
  /** When the hit happened (epoch milliseconds); version checks measure against it. */
  at: z.number().int().min(0),
  request: zRequestFacts,
  enrichment: zEnrichment,
  sensor: zSensorSignals.nullable().default(null),
  sensorProof: zSensorProofState.nullish(),
  campaign: zCampaignContext.default({ targetedCountries: [], trafficType: null, paid: false }),
  rules: zAccountRules.default({
    ipAllowList: [],
    ipDenyList: [],
    excludedDomains: [],
    appAllowList: [],
    appDenyList: [],
  }),
  history: zActivityHistory.default(NO_ACTIVITY_HISTORY),
});
export type AssessmentInput = z.infer<typeof zAssessmentInput>;

/**
 * One reason behind a verdict: a catalogue id, its category, the weight it added to the score and
 * the evidence that triggered it (its shape per reason: `THREAT_EVIDENCE_SHAPES` in threat-evidence).
 */
export const zThreatReason = z.object({
  id: z.enum(THREAT_REASON_IDS as [ThreatReasonId, ...ThreatReasonId[]]),
  category: z.enum(THREAT_CATEGORIES),
  weight: z.number().min(0).max(100),
  evidence: z.record(z.string(), z.unknown()).optional(),
});
export type ThreatReason = z.infer<typeof zThreatReason>;

/**
 * The engine's answer. `score` is the capped sum of the reasons' weights (0-100). `allowListed` is
 * true when an account allow-list entry forced the hit to low; such an assessment has no reasons.
 */
export const zAssessment = z.object({
  riskLevel: zRiskLevel,
  score: z.number().min(0).max(100),
  reasons: z.array(zThreatReason),
  allowListed: z.boolean(),
});
export type Assessment = z.infer<typeof zAssessment>;
