import { z } from 'zod';

/**
 * Google campaign types, catalogue B of spec 02 §3: the values of the googleCampaignType dimension and
 * of a campaign's googleCampaignType.
 */
export const GOOGLE_CAMPAIGN_TYPES = [
  'SEARCH',
  'DISPLAY',
  'SHOPPING',
  'HOTEL',
  'VIDEO',
  'LOCAL',
  'SMART',
  'PERFORMANCE_MAX',
  'LOCAL_SERVICES',
  'DISCOVERY',
  'DEMAND_GEN',
  'APP',
] as const;
export const zGoogleCampaignType = z.enum(GOOGLE_CAMPAIGN_TYPES);
export type GoogleCampaignType = z.infer<typeof zGoogleCampaignType>;

/** A Google Ads account id: 10 or 11 digits, plain or dashed in groups 3-3-rest (spec 02 §9). */
export const GOOGLE_ACCOUNT_ID_PATTERN = /^(\d{10,11}|\d{3}-\d{3}-\d{4,5})$/;

/** The digits of a Google Ads account id shown dashed 3-3-rest ("1234567890" -> "123-456-7890"). */
export function formatGoogleAccountId(id: string): string {
  const digits = id.replace(/-/g, '');
  if (!/^\d{10,11}$/.test(digits)) return id;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A Google Ads campaign id: digits only. */
export const GOOGLE_CAMPAIGN_ID_PATTERN = /^\d{1,20}$/;

export const CAMPAIGN_NAME_MAX = 120;

/** A campaign, firewall or S2S (spec 02 §3). Google fields are null when the campaign is not Google's. */
export const zCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  hidden: z.boolean(),
  googleAccountId: z.string().nullable(),
  googleCampaignId: z.string().nullable(),
  googleCampaignType: zGoogleCampaignType.nullable(),
});
export type Campaign = z.infer<typeof zCampaign>;
export const zCampaigns = z.array(zCampaign);

const zOptionalText = (pattern: RegExp) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().regex(pattern).nullable(),
  );

/** POST /api/sensors/s2s: a new campaign; active by default, visible by default. */
export const zCampaignCreateBody = z.object({
  name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX),
  active: z.boolean().default(true),
  hidden: z.boolean().default(false),
  googleAccountId: zOptionalText(GOOGLE_ACCOUNT_ID_PATTERN).default(null),
  googleCampaignId: zOptionalText(GOOGLE_CAMPAIGN_ID_PATTERN).default(null),
  googleCampaignType: zGoogleCampaignType.nullable().default(null),
});
export type CampaignCreateBody = z.input<typeof zCampaignCreateBody>;

/** PUT /api/sensors/s2s/{id}: the fields to change; an omitted field keeps its value. */
export const zCampaignUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX),
    active: z.boolean(),
    hidden: z.boolean(),
    googleAccountId: zOptionalText(GOOGLE_ACCOUNT_ID_PATTERN),
    googleCampaignId: zOptionalText(GOOGLE_CAMPAIGN_ID_PATTERN),
    googleCampaignType: zGoogleCampaignType.nullable(),
  })
  .partial();
export type CampaignUpdateBody = z.input<typeof zCampaignUpdateBody>;

/** "s2s-campaigns-20261121-235959.json": the JSON download's name, from a UTC time (spec 02 §7). */
export function s2sDownloadFileName(now: Date): string {
  const iso = now.toISOString();
  const date = iso.slice(0, 10).replace(/-/g, '');
  const time = iso.slice(11, 19).replace(/:/g, '');
  return `s2s-campaigns-${date}-${time}.json`;
}
