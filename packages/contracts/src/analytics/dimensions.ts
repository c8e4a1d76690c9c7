import { z } from 'zod';
import { DEFAULT_ALLOWED_VARS } from '../account.js';
import { type AccountFeature, hasFeature, type PlanType } from '../plans.js';
import { CUSTOM_VAR_NAMES, type CustomVarName } from '../s2s.js';

/**
 * The analytics dimensions (spec 02 §3 "Dimensions"): id, group, label, the gate that hides it and the
 * stored event column it reads (apps/server/src/storage/events/event-columns.ts). Ids are stable: the
 * analytics address, alerts and reports name them.
 */
export const DIMENSION_GROUPS = [
  'traffic',
  'time',
  'device',
  'target',
  'website',
  'google',
  'segmentation',
  'custom',
  'security',
] as const;
export type DimensionGroup = (typeof DIMENSION_GROUPS)[number];

export const DIMENSION_GROUP_LABELS: Record<DimensionGroup, string> = {
  traffic: 'Traffic',
  time: 'Time',
  device: 'Device',
  target: 'Target',
  website: 'Website',
  google: 'Google',
  segmentation: 'Segmentation',
  custom: 'Custom',
  security: 'Security',
};

/**
 * Where a dimension's value comes from:
 * - column: the stored column as is;
 * - time: the event time (`ts`), bucketed by the dialect (day, hour, month);
 * - googleCampaigns: not stored on the event; resolved from the account's Google campaigns through the
 *   stored key column (the campaign or account id).
 */
export type DimensionSource = 'column' | 'time' | 'googleCampaigns';

export interface DimensionDefinition {
  readonly group: DimensionGroup;
  readonly label: string;
  /** Stored column read (for googleCampaigns, the key column the name or type is looked up by). */
  readonly column: string;
  readonly source: DimensionSource;
  /** Shown only with the Google Ads feature (`google_ppc`). */
  readonly needsGoogle: boolean;
  /** Shown only with the firewall sensor (`sensor_firewall`). */
  readonly needsFirewall: boolean;
}

type Gates = { google?: boolean; firewall?: boolean };

function dimension(
  group: DimensionGroup,
  label: string,
  column: string,
  source: DimensionSource = 'column',
  gates: Gates = {},
): DimensionDefinition {
  return {
    group,
    label,
    column,
    source,
    needsGoogle: gates.google ?? group === 'google',
    needsFirewall: gates.firewall ?? false,
  };
}

// The Traffic group (offer, campaign, traffic source, sub-publisher) is the firewall's vocabulary: spec 02
// §5 hides it without firewall permission, and §6 says so for its filters; the dimensions follow.
const firewall: Gates = { firewall: true };

function customVarDimensions(): Record<CustomVarName, DimensionDefinition> {
  const entries = CUSTOM_VAR_NAMES.map((name, index) => [
    name,
    dimension('custom', `Var ${index + 1}`, name),
  ]);
  return Object.fromEntries(entries) as Record<CustomVarName, DimensionDefinition>;
}

export const DIMENSIONS = {
  offer: dimension('traffic', 'Offer', 'offer_id', 'column', firewall),
  campaign: dimension('traffic', 'Campaign', 'campaign_id', 'column', firewall),
  trafficSource: dimension('traffic', 'Traffic Source', 'traffic_source_id', 'column', firewall),
  subPublisher: dimension('traffic', 'Sub Publisher', 'sub_publisher', 'column', firewall),

  day: dimension('time', 'Day', 'ts', 'time'),
  hour: dimension('time', 'Hour', 'ts', 'time'),
  month: dimension('time', 'Month', 'ts', 'time'),

  device: dimension('device', 'Device', 'device_type'),
  os: dimension('device', 'OS', 'os_name'),
  browser: dimension('device', 'Browser', 'browser'),

  country: dimension('target', 'Country', 'country'),
  isp: dimension('target', 'ISP', 'isp'),

  opt_domain: dimension('website', 'Domain', 'domain'),
  referer: dimension('website', 'Referrer', 'referrer'),

  googleCampaignType: dimension('google', 'Google Campaign Type', 'google_campaign_id', 'googleCampaigns'),
  googleCampaignId: dimension('google', 'Google Campaign ID', 'google_campaign_id'),
  googleCampaignName: dimension('google', 'Google Campaign Name', 'google_campaign_id', 'googleCampaigns'),
  googlePlacement: dimension('google', 'Google Placement', 'google_placement'),
  googleKeyword: dimension('google', 'Google Keyword', 'google_keyword'),
  googleAccountId: dimension('google', 'Google Account ID', 'google_account_id'),
  googleAccountName: dimension('google', 'Google Account Name', 'google_account_id', 'googleCampaigns'),

  trafficType: dimension('segmentation', 'Traffic Type', 'traffic_type'),
  utm_source: dimension('segmentation', 'UTM Source', 'utm_source'),
  utm_campaign: dimension('segmentation', 'UTM Campaign', 'utm_campaign'),
  utm_medium: dimension('segmentation', 'UTM Medium', 'utm_medium'),
  utm_content: dimension('segmentation', 'UTM Content', 'utm_content'),
  utm_term: dimension('segmentation', 'UTM Term', 'utm_term'),

  ...customVarDimensions(),

  hitSecurityLevel: dimension('security', 'Visit Analysis level', 'risk_level'),
  // Without the firewall every hit is stored as delivered, so the status only splits traffic when the
  // firewall decides it: hidden without `sensor_firewall`, like the Delivered/Paused/Blocked metrics.
  hitStatus: dimension('security', 'Visit Status', 'hit_status', 'column', firewall),
} as const satisfies Record<string, DimensionDefinition>;

export type DimensionId = keyof typeof DIMENSIONS;
export const DIMENSION_IDS = Object.keys(DIMENSIONS) as [DimensionId, ...DimensionId[]];
export const zDimensionId = z.enum(DIMENSION_IDS);

export function dimensionsInGroup(group: DimensionGroup): DimensionId[] {
  return DIMENSION_IDS.filter((id) => DIMENSIONS[id].group === group);
}

/** The free plan's analytics: these dimensions only (spec 02 §2, §6). */
export const FREE_PLAN_DIMENSIONS = ['day', 'trafficType'] as const satisfies readonly DimensionId[];

/** What an account's plan and features open in analytics; the server and the dashboard use the same. */
export interface AnalyticsAccess {
  readonly free: boolean;
  readonly google: boolean;
  readonly firewall: boolean;
  /** Custom variables var1..var{allowedVars} are offered. */
  readonly allowedVars: number;
}

export function analyticsAccess(
  planType: PlanType,
  features: readonly AccountFeature[],
  allowedVars: number = DEFAULT_ALLOWED_VARS,
): AnalyticsAccess {
  return {
    free: planType === 'free_trial',
    google: hasFeature('google_ppc', planType, features),
    firewall: hasFeature('sensor_firewall', planType, features),
    allowedVars: Math.max(0, Math.min(CUSTOM_VAR_NAMES.length, Math.floor(allowedVars))),
  };
}

/** The custom variables an account has: var1..var{allowedVars}. */
export function allowedCustomVars(allowedVars: number): CustomVarName[] {
  return CUSTOM_VAR_NAMES.slice(0, Math.max(0, Math.floor(allowedVars)));
}

export function isDimensionAllowed(id: DimensionId, access: AnalyticsAccess): boolean {
  if (access.free) return (FREE_PLAN_DIMENSIONS as readonly DimensionId[]).includes(id);
  const definition: DimensionDefinition = DIMENSIONS[id];
  if (definition.needsGoogle && !access.google) return false;
  if (definition.needsFirewall && !access.firewall) return false;
  if (definition.group === 'custom')
    return allowedCustomVars(access.allowedVars).includes(id as CustomVarName);
  return true;
}

/** The dimensions a plan, its features and its allowedVars open, in catalogue order. */
export function dimensionsAllowed(
  planType: PlanType,
  features: readonly AccountFeature[],
  allowedVars: number = DEFAULT_ALLOWED_VARS,
): DimensionId[] {
  const access = analyticsAccess(planType, features, allowedVars);
  return DIMENSION_IDS.filter((id) => isDimensionAllowed(id, access));
}

/**
 * The dimension analytics opens with (spec 02 §3): day on the free plan, campaign when the account's
 * stored vas flag is set (MVAS vertical), otherwise trafficType.
 */
export function defaultDimension(account: { planType: PlanType; vas: boolean }): DimensionId {
  if (account.planType === 'free_trial') return 'day';
  return account.vas ? 'campaign' : 'trafficType';
}
