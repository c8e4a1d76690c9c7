import { z } from 'zod';
import { EXCLUSION_EVENT } from './collect.js';

/**
 * Meta, Microsoft and TikTok Ads (issue 35; spec 02 §1–§4): the facts their linking wizards teach and
 * the product depends on, and the dashboard API of the optional linking by API. On these platforms
 * exclusion works through an audience built from the sensor's exclusion event (`EXCLUSION_EVENT`),
 * attached as an exclusion to the campaigns (Meta ad sets, Microsoft campaigns, TikTok ad groups).
 */

/** How long a visitor stays in an exclusion audience after the event, on every platform (spec 02 §2). */
export const EXCLUSION_AUDIENCE_RETENTION_DAYS = 75;

/** The name Veracity gives the exclusion audience it creates (and finds again) on a platform. */
export const EXCLUSION_AUDIENCE_NAME = 'Veracity: invalid visitors (exclude)';

/** The Microsoft UET custom event the sensor fires (spec 02 §2 Microsoft step 2's table). */
export const UET_EXCLUSION_EVENT = {
  category: 'Veracity',
  action: EXCLUSION_EVENT,
  label: 'detection',
  value: 1,
} as const;

export const AD_CHANNELS = ['meta', 'microsoft', 'tiktok'] as const;
export const zAdChannel = z.enum(AD_CHANNELS);
export type AdChannel = z.infer<typeof zAdChannel>;

/** The dashboard path segment of each channel: `/integrations/<segment>/…` and `/api/integrations/<segment>`. */
export const AD_CHANNEL_SEGMENTS = {
  meta: 'facebook-ads',
  microsoft: 'microsoft-ads',
  tiktok: 'tiktok-ads',
} as const satisfies Record<AdChannel, string>;

/** The view id that gates each channel's pages and calls (spec 01 §6, spec 02 §1). */
export const AD_CHANNEL_VIEWS = {
  meta: 'facebook_ads',
  microsoft: 'microsoft_main',
  tiktok: 'tiktok_ads',
} as const satisfies Record<AdChannel, string>;

/** The exclusion widget of each channel (`POST /widget/<name>/exclusions`). */
export const AD_CHANNEL_WIDGETS = {
  meta: 'facebook',
  microsoft: 'microsoft',
  tiktok: 'tiktok',
} as const satisfies Record<AdChannel, string>;

export const AD_CHANNEL_NAMES = {
  meta: 'Meta Ads',
  microsoft: 'Microsoft Ads',
  tiktok: 'TikTok Ads',
} as const satisfies Record<AdChannel, string>;

/** What each platform calls the thing an audience is excluded on. */
export const AD_CHANNEL_TARGET_NAMES = {
  meta: 'ad set',
  microsoft: 'campaign',
  tiktok: 'ad group',
} as const satisfies Record<AdChannel, string>;

/**
 * The size below which a platform does not serve (or exclude with) an audience: Meta 100 people,
 * Microsoft 300, TikTok 1,000 (the platforms' published minimums).
 */
export const AD_CHANNEL_AUDIENCE_MINIMUM = {
  meta: 100,
  microsoft: 300,
  tiktok: 1000,
} as const satisfies Record<AdChannel, number>;

/**
 * An audience's status as shown: `populating` while the platform reports no size yet, `too_small`
 * below the platform's minimum, `ready` at or above it.
 */
export const zAdAudienceStatus = z.enum(['populating', 'too_small', 'ready']);
export type AdAudienceStatus = z.infer<typeof zAdAudienceStatus>;

export function adAudienceStatus(channel: AdChannel, size: number | null): AdAudienceStatus {
  if (size === null) return 'populating';
  return size >= AD_CHANNEL_AUDIENCE_MINIMUM[channel] ? 'ready' : 'too_small';
}

/** Why the channel cannot work right now, in words for the user, with a link to fix it when there is one. */
export const zAdChannelProblem = z.object({
  /** `reconnect`, `terms` (Meta #2663), `rate_limited`, `refused` (any other platform refusal), `unavailable`. */
  code: z.enum(['reconnect', 'terms', 'rate_limited', 'refused', 'unavailable']),
  message: z.string(),
  link: z.string().nullable(),
  at: z.string(),
});
export type AdChannelProblem = z.infer<typeof zAdChannelProblem>;

export const zAdChannelAccount = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
});
export type AdChannelAccount = z.infer<typeof zAdChannelAccount>;

export const zAdChannelAudience = z.object({
  id: z.string(),
  name: z.string(),
  /** People in the audience as the platform last reported it; null while it has no figure. */
  size: z.number().int().nonnegative().nullable(),
  minimum: z.number().int().positive(),
  status: zAdAudienceStatus,
  retentionDays: z.number().int().positive(),
});
export type AdChannelAudience = z.infer<typeof zAdChannelAudience>;

/** A Meta ad set, Microsoft campaign or TikTok ad group of the linked account. */
export const zAdChannelTarget = z.object({
  id: z.string(),
  name: z.string(),
  /** The platform's own status word (ACTIVE, Paused, ENABLE, ...). */
  status: z.string(),
  /** Veracity's audience is attached to it as an exclusion. */
  excluded: z.boolean(),
});
export type AdChannelTarget = z.infer<typeof zAdChannelTarget>;

/**
 * The URL parameters Meta adds to an ad's website URL (Meta's dynamic URL parameters): the campaign,
 * ad set and ad reach the sensor with the click, as the tracking template does for Google.
 */
export const META_URL_PARAMETERS =
  'utm_source=facebook&utm_medium=paid&utm_campaign={{campaign.name}}&utm_content={{ad.name}}&campaignid={{campaign.id}}&adsetid={{adset.id}}&adid={{ad.id}}&placement={{placement}}';

/** Facebook integration status (spec 02 §3). */
export const zMetaIntegrationStatus = z.object({
  /** The Meta app this server links through; null when none is configured. */
  appId: z.string().nullable(),
  /** The account is linked (a grant is stored and works). */
  linkAccount: z.boolean(),
  /** An ad account was chosen and its ad sets read. */
  importAccounts: z.boolean(),
  /** The URL parameters to add to the ads' website URLs so Meta clicks carry their campaign. */
  trackingTemplate: z.string().nullable(),
});
export type MetaIntegrationStatus = z.infer<typeof zMetaIntegrationStatus>;

/** `GET /api/integrations/<segment>`: what the channel's overview shows of the linking by API. */
export const zAdChannelState = z.object({
  channel: zAdChannel,
  /** This server has an OAuth client for the platform; without one only the manual wizard applies. */
  configured: z.boolean(),
  connection: z.enum(['none', 'connected', 'reconnect']),
  /** The ad accounts the grant reaches (empty until linked). */
  accounts: z.array(zAdChannelAccount),
  account: zAdChannelAccount.nullable(),
  audience: zAdChannelAudience.nullable(),
  targets: z.array(zAdChannelTarget),
  lastSyncAt: z.string().nullable(),
  problem: zAdChannelProblem.nullable(),
  /** Meta only (spec 02 §3). */
  meta: zMetaIntegrationStatus.optional(),
});
export type AdChannelState = z.infer<typeof zAdChannelState>;

export const zAdChannelConnectBody = z.object({
  /** The dashboard path to come back to after consent (same-site, starting with `/`). */
  returnPath: z
    .string()
    .max(200)
    .regex(/^\/(?!\/)[^\\]*$/, 'a dashboard path'),
});
export const zAdChannelConnectAnswer = z.object({ url: z.string() });

/** `PUT /api/integrations/<segment>/account`: choose the ad account; Veracity finds or creates its audience. */
export const zAdChannelAccountBody = z.object({ accountId: z.string().min(1).max(64) });

/**
 * `PUT /api/integrations/<segment>/exclusions`: the ad sets / campaigns / ad groups that exclude
 * Veracity's audience; it is attached to those listed and detached from the others.
 */
export const zAdChannelExclusionsBody = z.object({
  targetIds: z.array(z.string().min(1).max(64)).max(2000),
});

/** The query parameters the OAuth callback adds to the return path: `adChannel=linked|error&reason=…`. */
export const AD_CHANNEL_RETURN_PARAM = 'adChannel';
export const AD_CHANNEL_RETURN_REASON_PARAM = 'reason';

/**
 * Microsoft Advertising has no IP-exclusion API: the overview lists the account's invalid IPv4
 * addresses to paste into a campaign's IP exclusions (at most 100 a campaign; a `*` in the last octet
 * covers a /24).
 */
export const MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN = 100;
export const zMicrosoftIpPasteQuery = z.object({
  /** Collapse addresses sharing their first three octets into `a.b.c.*` when that fits more. */
  wildcard: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export const zMicrosoftIpPasteList = z.object({
  /** At most MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN entries, most invalid visits first. */
  entries: z.array(z.object({ ip: z.string(), invalidVisits: z.number().int().nonnegative() })),
  /** Invalid IPv4 addresses over the period, before the cut to 100. */
  total: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
});
export type MicrosoftIpPasteList = z.infer<typeof zMicrosoftIpPasteList>;
