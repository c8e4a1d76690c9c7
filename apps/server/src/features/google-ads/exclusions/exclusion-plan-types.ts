import type { ExclusionIpType, GLOBAL_IP_TYPES } from '@veracity/contracts/google-ads';

/** The exclusion planner's input and output (docs/integrations/google-ads.md, "How the engine decides"). */

export type GlobalIpType = (typeof GLOBAL_IP_TYPES)[number];

/** Invalid traffic of one IP on one linked Google campaign over the observation window. */
export interface InvalidIpObservation {
  customerId: string;
  campaignId: string;
  /** advertising_channel_type as Google names it (SEARCH, DISPLAY, PERFORMANCE_MAX, ...). */
  campaignType: string;
  ip: string;
  invalidSessions: number;
  /** Threat reason -> invalid sessions. */
  threats: Readonly<Record<string, number>>;
  /** ISO time of the last invalid session. */
  lastInvalidAt: string;
}

/** An exclusion the engine keeps (an exclusion_entries row). */
export interface CurrentExclusion {
  customerId: string;
  /** Null for an account-level exclusion. */
  campaignId: string | null;
  campaignType: string | null;
  cidr: string;
  type: ExclusionIpType;
  state: 'planned' | 'active' | 'failed' | 'removed';
  addedAt: string;
  expiresAt: string | null;
  lastInvalidAt: string | null;
  invalidSessions: number;
  threats: Readonly<Record<string, number>>;
}

/** An IP or range of global intelligence, offered to accounts that opted in. */
export interface GlobalIntelligenceCandidate {
  cidr: string;
  type: GlobalIpType;
  /** ISO time it was last found invalid (ranks it when the account's list is full). */
  lastSeenAt: string | null;
}

export interface ExclusionPlanSettings {
  rotationDays: number;
  /** ISO time the plan is made for. */
  now: string;
  /** Default GOOGLE_IP_BLOCKS_PER_CAMPAIGN. */
  campaignCap?: number;
  /** Default GOOGLE_IP_BLOCKS_PER_ACCOUNT. */
  accountCap?: number;
  /** Invalid IPs of one /24 (IPv4) or /48 (IPv6) on one list that make a range; default 3. */
  rangeMinIps?: number;
}

export interface ExclusionPlanInput {
  /** The Google accounts protected; observations and entries of other accounts are left alone. */
  customerIds: readonly string[];
  observations: readonly InvalidIpObservation[];
  /** /24 (IPv4) and /48 (IPv6) prefixes, or any IP or range, that had legitimate traffic in the window. */
  legitimatePrefixes: readonly string[];
  /** exclusion_entries rows of these accounts. */
  current: readonly CurrentExclusion[];
  /** Never-exclude IPs and ranges (the list, and the account's own IPs). */
  neverExclude: readonly string[];
  settings: ExclusionPlanSettings;
  /** Only when the account opted in to global intelligence. */
  globalIntelligence?: readonly GlobalIntelligenceCandidate[];
}

/** What stands behind an entry. */
export interface ExclusionEvidence {
  invalidSessions: number;
  /** Threat reason -> invalid sessions, keys sorted. */
  threats: Record<string, number>;
  lastInvalidAt: string | null;
  /** Distinct invalid IPs seen in the window inside the entry (1 for an IP, the members of a range). */
  invalidIps: number;
}

export interface ExclusionTarget {
  customerId: string;
  /** Null: account level (CustomerNegativeCriterion). */
  campaignId: string | null;
  campaignType: string | null;
  /** Canonical: an address without /32 or /128, ranges with their network address. */
  cidr: string;
}

export type ExclusionAddReason =
  /** An IP invalid on the campaign. */
  | 'invalid_ip'
  /** Several invalid IPs of one /24 or /48 without legitimate traffic. */
  | 'invalid_range'
  /** Invalid on Performance Max, which takes no campaign IP blocks. */
  | 'performance_max'
  /** Invalid on several campaigns whose lists are full: one account-level block. */
  | 'parallel_campaigns'
  | 'global_intelligence';

export interface PlannedAdd extends ExclusionTarget, ExclusionEvidence {
  type: ExclusionIpType;
  expiresAt: string | null;
  reason: ExclusionAddReason;
  /** The reason in words with the counts and threats behind it, for the exclusion log. */
  detail: string;
  /** The entry is stored but its last push failed: push it again. */
  retry: boolean;
}

export type ExclusionRemovalReason =
  | 'expired'
  | 'never_exclude'
  /** The list was full: the least recently active, least harmful left first. */
  | 'rotation'
  /** A range on the same list holds it now. */
  | 'covered_by_range'
  /** An account-level block holds it now. */
  | 'covered_by_account'
  /** Legitimate traffic came from inside the range. */
  | 'legitimate_traffic'
  /** A campaign-level block on Performance Max (Google takes none). */
  | 'performance_max'
  /** No longer in global intelligence, or the account opted out. */
  | 'global_withdrawn'
  | 'malformed';

export interface PlannedRemoval extends ExclusionTarget, ExclusionEvidence {
  type: ExclusionIpType;
  /** The entry's stored state: only an `active` one stands in Google and needs a remove call. */
  state: CurrentExclusion['state'];
  reason: ExclusionRemovalReason;
  detail: string;
}

/** An entry kept, with new evidence, expiry or type (a row update; nothing to push). */
export interface PlannedUpdate extends ExclusionTarget, ExclusionEvidence {
  type: ExclusionIpType;
  expiresAt: string | null;
}

/** One list after the plan: a campaign's IP blocks or the account's. */
export interface ExclusionListUsage {
  customerId: string;
  campaignId: string | null;
  cap: number;
  entries: number;
  /** Wanted entries left out because the list is full. */
  heldBack: number;
}

export interface ExclusionPlan {
  adds: PlannedAdd[];
  removals: PlannedRemoval[];
  updates: PlannedUpdate[];
  lists: ExclusionListUsage[];
  /** Observations not used: an unparsable IP, invalid too long ago, or on the never-exclude list. */
  skipped: { malformed: number; expired: number; neverExclude: number };
}
