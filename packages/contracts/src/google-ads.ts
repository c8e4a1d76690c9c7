import { z } from 'zod';
import { zAnalyticsDate } from './analytics/query.js';
import { zGoogleCampaignType } from './campaigns.js';

/**
 * The Google Ads integration (issue 33; spec 02 §2 routes, §3 Google integration state and campaign
 * type catalogues, §9 dynamic IP types). Shapes of the dashboard's /api/integrations/google-ads/*
 * calls and of the exclusion widgets; docs/integrations/google-ads.md describes the behaviour.
 */

/** Catalogue A of spec 02 §3: the type picker of the search/display pages; SEARCH and DISPLAY visible. */
export const GOOGLE_CAMPAIGN_TYPES_PICKER = [
  'SEARCH',
  'DISPLAY',
  'SHOPPING',
  'HOTEL',
  'VIDEO',
  'LOCAL',
  'SMART',
  'PERFORMANCE_MAX',
  'DISCOVERY',
  'DEMAND_GEN',
  'UNCATEGORIZED',
] as const;
export const GOOGLE_CAMPAIGN_TYPES_PICKER_VISIBLE = ['SEARCH', 'DISPLAY'] as const;

/** Google's caps: IP blocks a campaign, and account-level negative IP blocks (CustomerNegativeCriterion). */
export const GOOGLE_IP_BLOCKS_PER_CAMPAIGN = 500;
export const GOOGLE_IP_BLOCKS_PER_ACCOUNT = 500;

/** How long an exclusion lasts unless the IP comes back invalid (per-account setting, days). */
export const EXCLUSION_ROTATION_DEFAULT_DAYS = 30;
export const EXCLUSION_ROTATION_MIN_DAYS = 1;
export const EXCLUSION_ROTATION_MAX_DAYS = 540;

/** Global intelligence lists an IP or range only when found invalid in at least this many accounts. */
export const GLOBAL_INTELLIGENCE_MIN_ACCOUNTS = 5;

/** What the exclusion engine does with its plan (account setting). */
export const PROTECTION_MODES = ['detection', 'dry_run', 'protection'] as const;
export const zProtectionMode = z.enum(PROTECTION_MODES);
export type ProtectionMode = z.infer<typeof zProtectionMode>;

/**
 * Dynamic IP types (spec 02 §9), carried by every exclusion entry. Individual: DYNAMIC (an IP that
 * rotates out when its window ends), PARALLEL (the same IP excluded on several campaigns), STATIC (kept
 * until removed by hand), ACCOUNT_REGULAR (an account-level exclusion). Global, from global
 * intelligence: COUNTRY_GOOGLE (invalid on Google traffic of the account's country), COUNTRY_GLOBAL
 * (invalid on any channel in that country), GLOBAL_REGULAR (invalid across accounts anywhere).
 */
export const INDIVIDUAL_IP_TYPES = ['DYNAMIC', 'PARALLEL', 'STATIC', 'ACCOUNT_REGULAR'] as const;
export const GLOBAL_IP_TYPES = ['COUNTRY_GOOGLE', 'COUNTRY_GLOBAL', 'GLOBAL_REGULAR'] as const;
export const EXCLUSION_IP_TYPES = [...INDIVIDUAL_IP_TYPES, ...GLOBAL_IP_TYPES] as const;
export const zExclusionIpType = z.enum(EXCLUSION_IP_TYPES);
export type ExclusionIpType = z.infer<typeof zExclusionIpType>;

/** The OAuth connection of an integration: "reconnect" when Google refused the stored refresh token. */
export const OAUTH_CONNECTION_STATUSES = ['none', 'connected', 'reconnect'] as const;
export const zOAuthConnectionStatus = z.enum(OAUTH_CONNECTION_STATUSES);
export type OAuthConnectionStatus = z.infer<typeof zOAuthConnectionStatus>;

/** The google stepper (spec 02 §2): 0 connect with Google, 1 pick accounts, 2 protection mode. */
export const GOOGLE_LINKING_STEPS = 3;

/** A Google Ads account id as stored and sent: 10 or 11 digits without dashes. */
export const zGoogleCustomerId = z
  .string()
  .trim()
  .transform((value) => value.replace(/-/g, ''))
  .pipe(z.string().regex(/^\d{10,11}$/));

/** One account of the hierarchy the connected Google user can reach. */
export const zGoogleAdsAccount = z.object({
  customerId: z.string(),
  name: z.string(),
  /** The manager the account is reached through (sent as login-customer-id), null when direct. */
  managerCustomerId: z.string().nullable(),
  isManager: z.boolean(),
  currency: z.string(),
  timeZone: z.string(),
  /** Chosen for protection in the linking's step 1. */
  active: z.boolean(),
  /** Depth in the hierarchy (0 for an accessible root), for the picker's indentation. */
  level: z.number().int().min(0),
});
export type GoogleAdsAccount = z.infer<typeof zGoogleAdsAccount>;

export const zGoogleAdsCampaign = z.object({
  customerId: z.string(),
  campaignId: z.string(),
  name: z.string(),
  type: zGoogleCampaignType.or(z.literal('UNCATEGORIZED')),
  status: z.enum(['ENABLED', 'PAUSED', 'REMOVED', 'UNKNOWN']),
});
export type GoogleAdsCampaign = z.infer<typeof zGoogleAdsCampaign>;

export const zGoogleAdsSettings = z.object({
  protectionMode: zProtectionMode,
  rotationDays: z.number().int().min(EXCLUSION_ROTATION_MIN_DAYS).max(EXCLUSION_ROTATION_MAX_DAYS),
  globalIntelligence: z.boolean(),
  /** The customer keeps a tracking template of their own (spec 02 §3 skipTT). */
  skipTrackingTemplate: z.boolean(),
  audienceExclusion: z.boolean(),
});
export type GoogleAdsSettings = z.infer<typeof zGoogleAdsSettings>;
export const zGoogleAdsSettingsPatch = zGoogleAdsSettings.partial();

/** The errors of the Google integration state (spec 02 §3): which validations passed. */
export const zGoogleAdsValidation = z.object({
  campaign: z.boolean(),
  account: z.boolean(),
  integration: z.boolean(),
  audience: z.boolean(),
});

/** GET /api/integrations/google-ads: the Google integration state of spec 02 §3. */
export const zGoogleAdsState = z.object({
  connection: zOAuthConnectionStatus,
  /** Readiness of the stepper's steps 0, 1, 2 (gAdsSetupStatus). */
  gAdsSetupStatus: z.tuple([z.boolean(), z.boolean(), z.boolean()]),
  accounts: z.array(zGoogleAdsAccount),
  campaigns: z.array(zGoogleAdsCampaign),
  areAllAccountsInactive: z.boolean(),
  settings: zGoogleAdsSettings,
  errors: zGoogleAdsValidation,
  skipTT: z.boolean(),
  /** The ValueTrack template linking sets, and the parameters to add to a template of one's own. */
  trackingTemplate: z.string(),
  trackingParameters: z.string(),
  /** The remarketing list of invalid visitors and where it is excluded. */
  audience: z.object({
    userList: z.string().nullable(),
    campaignsExcluded: z.number().int(),
    campaignsNotAllowed: z.number().int(),
  }),
  lastSyncAt: z.string().nullable(),
  lastSyncError: z.string().nullable(),
  /**
   * Whether this server has a Google OAuth client (GOOGLE_ADS_CLIENT_ID and GOOGLE_ADS_CLIENT_SECRET);
   * without one, connecting answers 503 and the linking page says so before any click. Optional so
   * that an answer without it still parses; absent reads as configured.
   */
  configured: z.boolean().optional(),
});
export type GoogleAdsState = z.infer<typeof zGoogleAdsState>;

/** An entry of the never-exclude list: an IP or CIDR range (IPv4 /0-32, IPv6 /0-128). */
export const zNeverExcludeEntry = z.object({
  id: z.number().int(),
  cidr: z.string(),
  note: z.string(),
  /** "access" for the account's own IPs from the access settings (read-only here). */
  source: z.enum(['list', 'access']),
});
export type NeverExcludeEntry = z.infer<typeof zNeverExcludeEntry>;
export const zNeverExcludeCreateBody = z.object({
  cidr: z.string().trim().min(2).max(43),
  note: z.string().trim().max(120).default(''),
});

/** One exclusion as pushed (or, in detection mode, as it would be). */
export const zExclusionEntry = z.object({
  id: z.number().int(),
  customerId: z.string(),
  /** Null for an account-level exclusion. */
  campaignId: z.string().nullable(),
  campaignType: z.string().nullable(),
  cidr: z.string(),
  type: zExclusionIpType,
  state: z.enum(['planned', 'active', 'failed', 'removed']),
  addedAt: z.string(),
  expiresAt: z.string().nullable(),
  lastInvalidAt: z.string().nullable(),
  invalidSessions: z.number().int(),
  threats: z.record(z.string(), z.number().int()),
});
export type ExclusionEntry = z.infer<typeof zExclusionEntry>;

/** One line of the exclusion log: every add and removal with its reason. */
export const zExclusionLogLine = z.object({
  at: z.string(),
  action: z.enum(['add', 'remove']),
  mode: zProtectionMode,
  outcome: z.enum(['applied', 'validated', 'planned', 'failed']),
  customerId: z.string(),
  campaignId: z.string().nullable(),
  cidr: z.string(),
  type: zExclusionIpType,
  reason: z.string(),
  threats: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
});
export type ExclusionLogLine = z.infer<typeof zExclusionLogLine>;

/** Google Ads pages' campaign-type sections, each with its widget call (spec 02 §7). */
export const GOOGLE_ADS_SECTIONS = ['search-display', 'shopping', 'pmax'] as const;
export const zGoogleAdsSection = z.enum(GOOGLE_ADS_SECTIONS);
export type GoogleAdsSection = z.infer<typeof zGoogleAdsSection>;

/** Exclusion widgets of every channel: POST /api/widget/{channel}/exclusions. */
export const EXCLUSION_WIDGET_CHANNELS = [...GOOGLE_ADS_SECTIONS, 'facebook', 'microsoft', 'tiktok'] as const;
export const zExclusionWidgetChannel = z.enum(EXCLUSION_WIDGET_CHANNELS);
export type ExclusionWidgetChannel = z.infer<typeof zExclusionWidgetChannel>;

export const zExclusionWidgetBody = z.object({
  from: zAnalyticsDate,
  to: zAnalyticsDate,
  /** Search-display only: the types of the picker (catalogue A); default SEARCH and DISPLAY. */
  campaignTypes: z
    .array(z.enum(GOOGLE_CAMPAIGN_TYPES_PICKER))
    .max(GOOGLE_CAMPAIGN_TYPES_PICKER.length)
    .optional(),
});

/**
 * The widget answer: traffic veracity (percent of legitimate visits), the exclusion events that fired in
 * visitors' browsers and those of them on invalid traffic, totals and per day, plus the exclusions
 * pushed (Google sections).
 */
export const zExclusionWidget = z.object({
  totals: z.object({
    visits: z.number().int(),
    invalidVisits: z.number().int(),
    trafficVeracity: z.number().nullable(),
    exclusionEvents: z.number().int(),
    exclusionEventsInvalid: z.number().int(),
    exclusionsActive: z.number().int(),
  }),
  series: z.array(
    z.object({
      day: z.string(),
      visits: z.number().int(),
      invalidVisits: z.number().int(),
      exclusionEvents: z.number().int(),
      exclusionEventsInvalid: z.number().int(),
      exclusionsAdded: z.number().int(),
    }),
  ),
});
export type ExclusionWidget = z.infer<typeof zExclusionWidget>;

/** Global intelligence: IPs and ranges found invalid across accounts, anonymised. */
export const zGlobalIntelligenceEntry = z.object({
  cidr: z.string(),
  type: z.enum(GLOBAL_IP_TYPES),
  /** Distinct accounts, never which ones. */
  accounts: z.number().int(),
  lastSeenAt: z.string(),
  excluded: z.boolean(),
});
export type GlobalIntelligenceEntry = z.infer<typeof zGlobalIntelligenceEntry>;

/**
 * POST /api/integrations/google-ads/connect: where the OAuth round trip returns to, a path of the
 * dashboard (the integration marker of spec 02 §4: the linking page and its step). Never an absolute
 * or protocol-relative URL, so the callback cannot redirect anywhere else.
 */
export const zGoogleAdsConnectBody = z.object({
  returnPath: z
    .string()
    .max(200)
    .regex(
      /^\/(?![/\\])[A-Za-z0-9\-._~/?&=%+]*$/,
      'must be a path of the dashboard such as /integrations/google-ads/linking',
    ),
});
export const zGoogleAdsConnectAnswer = z.object({ url: z.string() });

/** PUT /api/integrations/google-ads/accounts: the accounts to protect (step 1). */
export const zGoogleAdsAccountsBody = z.object({
  customerIds: z.array(zGoogleCustomerId).max(1000),
});

/** POST /api/integrations/google-ads/tracking-template: apply ours, or keep one's own (skipTT). */
export const zGoogleAdsTrackingTemplateBody = z.object({ apply: z.boolean() });

/** GET /api/integrations/google-ads/exclusions: a section's campaign types, or account-level ones. */
export const EXCLUSION_LIST_SECTIONS = [...GOOGLE_ADS_SECTIONS, 'account'] as const;
export const zExclusionListQuery = z.object({
  section: z.enum(EXCLUSION_LIST_SECTIONS).default('search-display'),
  from: zAnalyticsDate.optional(),
  to: zAnalyticsDate.optional(),
});
export const zExclusionLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/**
 * What each dynamic IP type means (spec 02 §9), as the exclusion tables explain it in a tooltip and the
 * IP settings page lists it (issue 33, web-channel).
 */
export const EXCLUSION_IP_TYPE_LABELS: Record<ExclusionIpType, { label: string; meaning: string }> = {
  DYNAMIC: {
    label: 'Dynamic',
    meaning:
      'An IP excluded for the rotation window; it leaves when the window ends unless it comes back invalid.',
  },
  PARALLEL: {
    label: 'Parallel',
    meaning: 'The same IP excluded on several campaigns at once.',
  },
  STATIC: {
    label: 'Static',
    meaning: 'Kept until removed by hand; rotation never takes it out.',
  },
  ACCOUNT_REGULAR: {
    label: 'Account',
    meaning: 'Excluded for the whole Google Ads account rather than one campaign.',
  },
  COUNTRY_GOOGLE: {
    label: 'Country (Google)',
    meaning: "Found invalid on Google traffic of the account's country across many accounts.",
  },
  COUNTRY_GLOBAL: {
    label: 'Country (all channels)',
    meaning: "Found invalid on any channel in the account's country across many accounts.",
  },
  GLOBAL_REGULAR: {
    label: 'Global',
    meaning: 'Found invalid across many accounts anywhere (global intelligence).',
  },
};

/** How an exclusion's state reads in the tables. */
export const EXCLUSION_STATE_LABELS: Record<ExclusionEntry['state'], string> = {
  planned: 'Planned',
  active: 'Active',
  failed: 'Failed',
  removed: 'Removed',
};

/** GET /api/integrations/google-ads/exclusions answers a list of entries. */
export const zExclusionEntries = z.array(zExclusionEntry);

/** What one run of the exclusion sync did (POST /api/integrations/google-ads/sync, "Sync now"). */
export const zGoogleAdsSyncSummary = z.object({
  mode: zProtectionMode,
  /** Exclusions pushed (protection), validated (dry run) or only planned (detection). */
  added: z.number().int().nonnegative(),
  /** Exclusions taken out (rotation, never-exclude, a closed campaign). */
  removed: z.number().int().nonnegative(),
  /** Changes Google refused this time; the next run retries them. */
  failed: z.number().int().nonnegative(),
  /** Candidates kept out because a list was full. */
  held: z.number().int().nonnegative(),
});
export type GoogleAdsSyncSummary = z.infer<typeof zGoogleAdsSyncSummary>;

/** POST /api/integrations/google-ads/sync answers the state and what the run did. */
export const zGoogleAdsSyncAnswer = zGoogleAdsState.extend({ sync: zGoogleAdsSyncSummary });
export type GoogleAdsSyncAnswer = z.infer<typeof zGoogleAdsSyncAnswer>;
