/**
 * What the rest of the server calls of Google Ads (issue 33): a typed REST client over Google's real
 * API (googleads.googleapis.com/{version}), base URL and version from config. The implementation is
 * `google-ads-client.ts`; tests and the demo seed point it at the local fake (tools/fakes).
 *
 * Ids are digits without dashes; int64 fields arrive as strings and stay strings here.
 */

/** Who the call is made for: the account, the manager it is reached through, and a valid access token. */
export interface GoogleAdsCaller {
  accessToken: string;
  /** The login-customer-id header: the manager the account is reached through, when not direct. */
  loginCustomerId: string | null;
}

export interface GoogleAdsCustomer {
  customerId: string;
  name: string;
  isManager: boolean;
  currency: string;
  timeZone: string;
  /** The manager this account was found under (null for an accessible root). */
  managerCustomerId: string | null;
  level: number;
}

export interface GoogleAdsCampaignRow {
  campaignId: string;
  name: string;
  /** advertising_channel_type as Google names it (SEARCH, DISPLAY, SHOPPING, PERFORMANCE_MAX, ...). */
  type: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED' | 'UNKNOWN';
}

/** One day of one campaign's metrics (segments.date, metrics.clicks, metrics.cost_micros). */
export interface GoogleAdsCostRow {
  day: string;
  campaignId: string;
  clicks: number;
  costMicros: bigint;
}

/** A negative IP block as it stands in Google (campaign-level or account-level). */
export interface GoogleAdsIpBlock {
  /** campaign_criterion / customer_negative_criterion resource name. */
  resourceName: string;
  /** Null for an account-level CustomerNegativeCriterion. */
  campaignId: string | null;
  ipAddress: string;
}

export type GoogleAdsMutation =
  | { kind: 'add_campaign_ip_block'; campaignId: string; ipAddress: string }
  | { kind: 'add_account_ip_block'; ipAddress: string }
  | { kind: 'remove'; resourceName: string };

/** The outcome of one operation of a mutate sent with partialFailure. */
export type GoogleAdsOperationResult =
  | { ok: true; resourceName: string }
  | { ok: false; code: string; message: string; retryable: boolean };

export interface GoogleAdsMutateOptions {
  /** Google checks the operations and changes nothing (dry run). */
  validateOnly: boolean;
}

export interface GoogleAdsApi {
  /** customers:listAccessibleCustomers, then each root's hierarchy (customer_client) with names. */
  listAccountHierarchy(accessToken: string): Promise<GoogleAdsCustomer[]>;
  listCampaigns(caller: GoogleAdsCaller, customerId: string): Promise<GoogleAdsCampaignRow[]>;
  dailyCosts(
    caller: GoogleAdsCaller,
    customerId: string,
    from: string,
    to: string,
  ): Promise<GoogleAdsCostRow[]>;
  listIpBlocks(caller: GoogleAdsCaller, customerId: string): Promise<GoogleAdsIpBlock[]>;
  /** One result per operation, in order (partialFailure: the rest go through when one fails). */
  mutateIpBlocks(
    caller: GoogleAdsCaller,
    customerId: string,
    operations: readonly GoogleAdsMutation[],
    options: GoogleAdsMutateOptions,
  ): Promise<GoogleAdsOperationResult[]>;
  /** The rule-based user list of invalid visitors (from the sensor's Google event), created once. */
  ensureExclusionUserList(
    caller: GoogleAdsCaller,
    customerId: string,
    options: GoogleAdsMutateOptions,
  ): Promise<string>;
  /** Attaches the list as a negative criterion where the campaign type allows it; returns the campaigns done. */
  excludeUserList(
    caller: GoogleAdsCaller,
    customerId: string,
    userList: string,
    campaigns: readonly GoogleAdsCampaignRow[],
    options: GoogleAdsMutateOptions,
  ): Promise<GoogleAdsOperationResult[]>;
  /** customer.tracking_url_template read and set. */
  getTrackingTemplate(caller: GoogleAdsCaller, customerId: string): Promise<string | null>;
  setTrackingTemplate(caller: GoogleAdsCaller, customerId: string, template: string): Promise<void>;
}

/** Errors every call may throw, by what the caller does about them. */
export class GoogleAdsAuthError extends Error {
  override name = 'GoogleAdsAuthError';
}
/** Quota or rate limit (RESOURCE_EXHAUSTED / 429): retry after the delay. */
export class GoogleAdsQuotaError extends Error {
  override name = 'GoogleAdsQuotaError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** Any other refusal of the whole request, with Google's error code. */
export class GoogleAdsRequestError extends Error {
  override name = 'GoogleAdsRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}
