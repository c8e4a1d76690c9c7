import { z } from 'zod';
import {
  CAMPAIGN_NAME_MAX,
  GOOGLE_ACCOUNT_ID_PATTERN,
  GOOGLE_CAMPAIGN_ID_PATTERN,
  zCampaign,
  zGoogleCampaignType,
} from './campaigns.js';
import { zDeviceName, zOsName } from './detection.js';
import { isMacroUrl, LANDING_MACROS, POSTBACK_MACROS } from './firewall-macros.js';
import { isStrictIpOrCidr } from './google-ads-setup.js';
import { CUSTOM_VAR_NAMES } from './s2s.js';

/**
 * The firewall's entities (spec 02 §2, §3, §4, §7; issue 34): firewall campaigns, offers and traffic
 * sources, their create, replace (PUT) and toggle (PATCH) bodies, and the validation patterns the
 * spec names (URL, IP, domain, Google account id). A firewall campaign is a campaign (`zCampaign`,
 * shared with S2S campaigns and stored in the same table) plus the offer it sends clicks to, the
 * traffic source they come from and its security settings.
 */

export const FIREWALL_NAME_MAX = CAMPAIGN_NAME_MAX;
/** The longest landing, postback or safe-page URL accepted, macros included. */
export const FIREWALL_URL_MAX = 2000;
export const ALLOWED_POSTBACK_ADDRESSES_MAX = 100;
export const LABELS_PER_ITEM_MAX = 50;

/** What the firewall does with a click of a risk tier; each gives the hit status in brackets. */
export const SECURITY_ACTIONS = ['deliver', 'pause', 'block'] as const;
export const zSecurityAction = z.enum(SECURITY_ACTIONS);
export type SecurityAction = z.infer<typeof zSecurityAction>;

/** The hit status (spec 02 §3) an action leaves on the hit. */
export const HIT_STATUS_OF_ACTION = {
  deliver: 'delivered',
  pause: 'paused',
  block: 'blocked',
} as const satisfies Record<SecurityAction, 'delivered' | 'paused' | 'blocked'>;

/**
 * When the store a click is recorded in refuses it (the event journal is closing, overloaded or
 * failing): fail_open delivers the click to the offer as if it were legitimate, fail_closed sends it
 * to the safe page (the neutral page without one). Either way the click is answered; it is not stored.
 */
export const STORE_DOWN_POLICIES = ['fail_open', 'fail_closed'] as const;
export const zStoreDownPolicy = z.enum(STORE_DOWN_POLICIES);
export type StoreDownPolicy = z.infer<typeof zStoreDownPolicy>;

/** The domain pattern of spec 02 §5: labels of letters, digits and hyphens, a suffix of 2 to 11 letters. */
export const DOMAIN_PATTERN =
  /^(?=.{4,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,11}$/;

export function isDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** An allowed postback address of a traffic source: an IP address or range, or a domain. */
export function isPostbackAddress(value: string): boolean {
  return isStrictIpOrCidr(value) || isDomain(value);
}

/**
 * The address a postback-address entry stands for: spec 02 §5 takes a URL or an IP, so an http(s) URL
 * is read as its host (`https://track.example/pb` -> `track.example`); anything else is kept as typed.
 */
export function postbackAddressOf(entry: string): string {
  const value = entry.trim();
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return value;
  }
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const zName = z.string().trim().min(1).max(FIREWALL_NAME_MAX);
const zLabelIds = z.array(z.number().int().positive()).max(LABELS_PER_ITEM_MAX);
const zEntityId = z.number().int().positive();

const zMacroUrl = (allowed: readonly string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .max(FIREWALL_URL_MAX)
    .refine((value) => isMacroUrl(value, allowed), { message: 'Not a valid http(s) URL' });

/** A plain http(s) URL: a safe page takes no macros. */
export const zSafePageUrl = z.preprocess(blankToNull, zMacroUrl([]).nullable());

/** A campaign's security settings: the action for each risk tier (spec 02 §3 hit security levels). */
export const zSecuritySettings = z.object({
  /** Legitimate clicks. */
  low: zSecurityAction,
  /** Suspicious clicks. */
  medium: zSecurityAction,
  /** Invalid clicks. */
  high: zSecurityAction,
  /** Where blocked and paused visitors are sent; without it they get an empty page. */
  safePageUrl: z.string().nullable(),
  whenStoreDown: zStoreDownPolicy,
});
export type SecuritySettings = z.infer<typeof zSecuritySettings>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  low: 'deliver',
  medium: 'pause',
  high: 'block',
  safePageUrl: null,
  whenStoreDown: 'fail_open',
};

const zSecurityBody = z.object({
  low: zSecurityAction,
  medium: zSecurityAction,
  high: zSecurityAction,
  safePageUrl: zSafePageUrl,
  whenStoreDown: zStoreDownPolicy,
});

/** A firewall campaign: the campaign's fields, where its clicks go and what it does with each tier. */
export const zFirewallCampaign = zCampaign.extend({
  offerId: z.number().int().nullable(),
  trafficSourceId: z.number().int().nullable(),
  security: zSecuritySettings,
  labelIds: z.array(z.number().int()),
});
export type FirewallCampaign = z.infer<typeof zFirewallCampaign>;
export const zFirewallCampaigns = z.array(zFirewallCampaign);

const zOptionalPattern = (pattern: RegExp) =>
  z.preprocess(blankToNull, z.string().trim().regex(pattern).nullable());

const firewallCampaignFields = {
  name: zName,
  active: z.boolean(),
  hidden: z.boolean(),
  googleAccountId: zOptionalPattern(GOOGLE_ACCOUNT_ID_PATTERN),
  googleCampaignId: zOptionalPattern(GOOGLE_CAMPAIGN_ID_PATTERN),
  googleCampaignType: zGoogleCampaignType.nullable(),
  offerId: zEntityId.nullable(),
  trafficSourceId: zEntityId.nullable(),
  security: zSecurityBody,
  labelIds: zLabelIds,
};

/** POST /api/sensors/firewall: a new campaign; active, visible and with the default security unless given. */
export const zFirewallCampaignCreateBody = z.object({
  name: firewallCampaignFields.name,
  active: firewallCampaignFields.active.default(true),
  hidden: firewallCampaignFields.hidden.default(false),
  googleAccountId: firewallCampaignFields.googleAccountId.default(null),
  googleCampaignId: firewallCampaignFields.googleCampaignId.default(null),
  googleCampaignType: firewallCampaignFields.googleCampaignType.default(null),
  offerId: firewallCampaignFields.offerId.default(null),
  trafficSourceId: firewallCampaignFields.trafficSourceId.default(null),
  security: zSecurityBody.partial().default({}),
  labelIds: zLabelIds.default([]),
});
export type FirewallCampaignCreateBody = z.input<typeof zFirewallCampaignCreateBody>;

/** PUT /api/sensors/firewall/{id}: the fields to change; an omitted field keeps its value. */
export const zFirewallCampaignUpdateBody = z
  .object({ ...firewallCampaignFields, security: zSecurityBody.partial() })
  .partial();
export type FirewallCampaignUpdateBody = z.input<typeof zFirewallCampaignUpdateBody>;

/**
 * PATCH of a campaign, offer or traffic source (spec 02 §4): the status (`active`) or the hidden
 * flag, at least one of them.
 */
export const zFirewallToggleBody = z
  .object({ active: z.boolean(), hidden: z.boolean() })
  .partial()
  .refine((body) => body.active !== undefined || body.hidden !== undefined, {
    message: 'Give active or hidden',
    path: ['active'],
  });
export type FirewallToggleBody = z.input<typeof zFirewallToggleBody>;

/**
 * Who an offer is for. An empty list means every value: an offer without countries takes every
 * country. Countries are two-letter codes (WW, World Wide, is what unknown visitors are stored as);
 * carriers are ids of the carrier list and only apply to accounts of the MVAS vertical.
 */
export const zOfferTargeting = z.object({
  countries: z.array(z.string()),
  devices: z.array(zDeviceName),
  os: z.array(zOsName),
  carriers: z.array(z.number().int()),
});
export type OfferTargeting = z.infer<typeof zOfferTargeting>;

export const EMPTY_TARGETING: OfferTargeting = { countries: [], devices: [], os: [], carriers: [] };

const unique = <T>(values: T[]) => [...new Set(values)];

const zTargetingBody = z.object({
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .transform((code) => code.toUpperCase()),
    )
    .max(260)
    .transform(unique),
  devices: z.array(zDeviceName).max(20).transform(unique),
  os: z
    .array(zOsName.exclude(['Other']))
    .max(40)
    .transform(unique),
  carriers: z.array(z.number().int().min(0)).max(1000).transform(unique),
});

export const zOffer = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  hidden: z.boolean(),
  /** Where delivered clicks go; LANDING_MACROS are filled per click. */
  landingUrl: z.string(),
  targeting: zOfferTargeting,
  labelIds: z.array(z.number().int()),
});
export type Offer = z.infer<typeof zOffer>;
export const zOffers = z.array(zOffer);

const offerFields = {
  name: zName,
  active: z.boolean(),
  hidden: z.boolean(),
  landingUrl: zMacroUrl(LANDING_MACROS),
  targeting: zTargetingBody,
  labelIds: zLabelIds,
};

/** POST /api/sensors/firewall/offers. */
export const zOfferCreateBody = z.object({
  ...offerFields,
  active: offerFields.active.default(true),
  hidden: offerFields.hidden.default(false),
  targeting: zTargetingBody.partial().default({}),
  labelIds: zLabelIds.default([]),
});
export type OfferCreateBody = z.input<typeof zOfferCreateBody>;

/** PUT /api/sensors/firewall/offers/{id}: an omitted field keeps its value (also within targeting). */
export const zOfferUpdateBody = z.object({ ...offerFields, targeting: zTargetingBody.partial() }).partial();
export type OfferUpdateBody = z.input<typeof zOfferUpdateBody>;

export const zTrafficSource = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  hidden: z.boolean(),
  /** Where legitimate conversions are reported; POSTBACK_MACROS are filled per conversion. */
  postbackUrl: z.string().nullable(),
  /** Addresses (IPs, ranges, domains; a URL given is kept as its host) the source's postbacks may come from. */
  allowedPostbackAddresses: z.array(z.string()),
  labelIds: z.array(z.number().int()),
});
export type TrafficSource = z.infer<typeof zTrafficSource>;
export const zTrafficSources = z.array(zTrafficSource);

const trafficSourceFields = {
  name: zName,
  active: z.boolean(),
  hidden: z.boolean(),
  postbackUrl: z.preprocess(blankToNull, zMacroUrl(POSTBACK_MACROS).nullable()),
  allowedPostbackAddresses: z
    .array(
      z
        .string()
        .max(2000)
        .transform(postbackAddressOf)
        .refine(isPostbackAddress, { message: 'Not an IP address, range, domain or URL' }),
    )
    .max(ALLOWED_POSTBACK_ADDRESSES_MAX)
    .transform(unique),
  labelIds: zLabelIds,
};

/** POST /api/sensors/firewall/trafficsources. */
export const zTrafficSourceCreateBody = z.object({
  ...trafficSourceFields,
  active: trafficSourceFields.active.default(true),
  hidden: trafficSourceFields.hidden.default(false),
  postbackUrl: trafficSourceFields.postbackUrl.default(null),
  allowedPostbackAddresses: trafficSourceFields.allowedPostbackAddresses.default([]),
  labelIds: zLabelIds.default([]),
});
export type TrafficSourceCreateBody = z.input<typeof zTrafficSourceCreateBody>;

/** PUT /api/sensors/firewall/trafficsources/{id}: an omitted field keeps its value. */
export const zTrafficSourceUpdateBody = z.object(trafficSourceFields).partial();
export type TrafficSourceUpdateBody = z.input<typeof zTrafficSourceUpdateBody>;

/** CSV download names: date and time of the download plus a suffix (spec 02 §9), with exportFileName. */
export const FIREWALL_CSV_SUFFIXES = {
  campaigns: 'firewall-campaigns',
  offers: 'offers',
  trafficSources: 'traffic-sources',
} as const;

/**
 * The campaign's JS tag (GET /api/sensors/firewall/{id}/tag), for pages that cannot redirect: it hides
 * the page, asks `firewallVerdictPath` of the server for the verdict of this visit (query `k` the
 * account's sensor key, `c` the campaign id, `u` the page URL, `r` the referrer) and shows the page,
 * empties it or sends the visitor on, as the answer (`zFirewallTagVerdict`) says. The click path
 * answers the question; when the server cannot be reached the tag shows the page.
 */
export const firewallVerdictPath = (folder: string) => `${folder}/fw`;
export const FIREWALL_TAG_ACTIONS = ['show', 'hide', 'redirect'] as const;
export const zFirewallTagVerdict = z.object({
  action: z.enum(FIREWALL_TAG_ACTIONS),
  /** For `redirect`: where to (the offer for a delivered visit, the safe page otherwise). */
  url: z.string().optional(),
});
export type FirewallTagVerdict = z.infer<typeof zFirewallTagVerdict>;

/**
 * The click link (issue 34): the destination a traffic source sends each click to,
 * `GET <server><SENSOR_PATH>/fc/<campaignId>?k=<account sensor key>`, plus optionally `offer` (an offer
 * of the account; else the campaign's), `clickid` (the source's own click id: stored as the hit's
 * clickId, filled into postbacks as `{external_id}`), `sub` (the sub-publisher) and `var1`..`var20`.
 * It answers a 302 to the offer's landing URL (LANDING_MACROS filled, `{clickid}` being the new hit's
 * id, Veracity's click id) when the click is delivered, else to the campaign's safe page, or a small
 * neutral page when it has none.
 */
export const firewallClickPath = (sensorPath: string) => `${sensorPath}/fc`;

/** Longest `clickid`, `sub` and `varN` value of a click link (as the S2S contract's sub-publisher and vars). */
export const FIREWALL_CLICK_PARAM_MAX = 512;

/** The click-link parameters a traffic source fills per click; `k`, `offer` are the link's own. */
export const FIREWALL_CLICK_SOURCE_PARAMS = ['clickid', 'sub', ...CUSTOM_VAR_NAMES] as const;
export type FirewallClickSourceParam = (typeof FIREWALL_CLICK_SOURCE_PARAMS)[number];

export interface FirewallClickLinkInput {
  /** The server's public origin, e.g. `https://veracity.example` (a trailing slash is dropped). */
  serverUrl: string;
  /** The server's SENSOR_PATH, e.g. `/c`. */
  sensorPath: string;
  sensorKey: string;
  campaignId: number;
  /** An offer other than the campaign's own. */
  offerId?: number | null;
  /**
   * The source parameters to append, each as `name=<placeholder>`: the placeholder is what the
   * affiliate manager replaces with the traffic source's own macro in its tracker (e.g. `{clickid}`
   * becomes the source's click-id macro). Default: `clickid={clickid}&sub={sub}`. Placeholders are
   * kept unencoded so they stay recognisable.
   */
  sourceParams?: Partial<Record<FirewallClickSourceParam, string>>;
}

const DEFAULT_SOURCE_PARAMS: Partial<Record<FirewallClickSourceParam, string>> = {
  clickid: '{clickid}',
  sub: '{sub}',
};

/** The click link of a campaign (and optionally an offer) as a traffic source is given it. */
export function firewallClickLink(input: FirewallClickLinkInput): string {
  const origin = input.serverUrl.replace(/\/+$/, '');
  const query = [`k=${encodeURIComponent(input.sensorKey)}`];
  if (input.offerId !== undefined && input.offerId !== null) query.push(`offer=${input.offerId}`);
  const source = input.sourceParams ?? DEFAULT_SOURCE_PARAMS;
  for (const name of FIREWALL_CLICK_SOURCE_PARAMS) {
    const placeholder = source[name];
    if (placeholder !== undefined) query.push(`${name}=${placeholder}`);
  }
  return `${origin}${firewallClickPath(input.sensorPath)}/${input.campaignId}?${query.join('&')}`;
}

const zClickParam = z.string().max(FIREWALL_CLICK_PARAM_MAX);

/** The query of a click link (`firewallClickLink`); parameters it does not name are ignored. */
export const zFirewallClickQuery = z.object({
  k: z.string().min(1).max(128),
  offer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  clickid: zClickParam.optional(),
  sub: zClickParam.optional(),
  ...Object.fromEntries(CUSTOM_VAR_NAMES.map((name) => [name, zClickParam.optional()])),
} as Record<'k', z.ZodString> &
  Record<'offer', z.ZodOptional<z.ZodCoercedNumber>> &
  Record<FirewallClickSourceParam, z.ZodOptional<z.ZodString>>);
export type FirewallClickQuery = z.infer<typeof zFirewallClickQuery>;

/** The query the JS tag sends to `firewallVerdictPath`: key, campaign, page URL and referrer. */
export const zFirewallVerdictQuery = z.object({
  k: z.string().min(1).max(128),
  c: z.coerce.number().int().positive().max(2_147_483_647),
  u: z
    .string()
    .max(8192)
    .regex(/^https?:\/\//i, { error: 'must be an http or https URL' }),
  r: z.string().max(4096).optional(),
});
export type FirewallVerdictQuery = z.infer<typeof zFirewallVerdictQuery>;
