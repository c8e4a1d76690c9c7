import type { Generated } from 'kysely';

/**
 * Tables of the accounts store (OLTP), shared by SQLite and PostgreSQL.
 *
 * Conventions that let one set of queries serve both engines (docs/decisions.md):
 * - timestamps are ISO-8601 UTC strings (`2026-11-21T10:00:00.000Z`), which sort as text;
 * - booleans are integers 0/1;
 * - structured values are JSON text.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  job_title: string | null;
  password_hash: string | null;
  email_verified_at: string | null;
  active: Generated<number>;
  is_support: Generated<number>;
  timezone: Generated<string>;
  invited: Generated<number>;
  created_at: string;
  last_login_at: string | null;
}

export interface RelationshipsTable {
  id: Generated<number>;
  company_name: string;
  plan_type: string;
  vertical: string | null;
  active: Generated<number>;
  payment_url: string | null;
  account_features: Generated<string>;
  trial_expires_at: string | null;
  translations: Generated<string>;
  allowed_vars: Generated<number>;
  sensor_integrated: Generated<number>;
  sensor_key: string;
  timezone: Generated<string>;
  currency: Generated<string>;
  default_cpc: Generated<string>;
  login_ip_check: Generated<number>;
  created_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  /** Null for the built-in roles every account can grant. */
  relationship_id: number | null;
  name: string;
  description: Generated<string>;
  permissions: string;
  created_at: string;
}

export interface MembershipsTable {
  user_id: number;
  relationship_id: number;
  invited_by: number | null;
  invited_at: string | null;
  /** Null while an invitation is pending. */
  joined_at: string | null;
  created_at: string;
}

export interface MembershipRolesTable {
  user_id: number;
  relationship_id: number;
  role_id: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  relationship_id: number | null;
  ghost: Generated<number>;
  ghost_role: string | null;
  support_user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/**
 * `invitation`: a new address sets name and password (preregister); `membership_invitation`: a person
 * who already has a login accepts to join another account, logged in or by logging in.
 */
export type OneTimeTokenPurpose =
  | 'email_verify'
  | 'password_reset'
  | 'invitation'
  | 'membership_invitation'
  | 'login_ip';

export interface OneTimeTokensTable {
  token_hash: string;
  purpose: OneTimeTokenPurpose;
  user_id: number | null;
  relationship_id: number | null;
  email: string | null;
  payload: Generated<string>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

/** never_exclude (issue 33): IPs and ranges the exclusion engine never pushes to an ad platform. */
export type IpListName = 'traffic_allow' | 'traffic_deny' | 'login_allow' | 'never_exclude';

export interface IpListEntriesTable {
  id: Generated<number>;
  relationship_id: number;
  list: IpListName;
  value: string;
  note: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
}

export interface LabelsTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  color: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  relationship_id: number | null;
  action: string;
  detail: Generated<string>;
  ip: string | null;
}

export interface UnsubscribesTable {
  email: string;
  created_at: string;
}

export type CampaignKind = 's2s' | 'firewall';

export interface CampaignsTable {
  id: Generated<number>;
  relationship_id: number;
  type: CampaignKind;
  name: string;
  active: Generated<number>;
  hidden: Generated<number>;
  google_account_id: string | null;
  google_campaign_id: string | null;
  google_campaign_type: string | null;
  /** Firewall campaigns only (0010): where the clicks go and come from. */
  offer_id: Generated<number | null>;
  traffic_source_id: Generated<number | null>;
  /** Firewall campaigns only: JSON of SecuritySettings (packages/contracts/src/firewall.ts). */
  security: Generated<string | null>;
  /** JSON list of label ids. */
  label_ids: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** Offers of the firewall (0010). */
export interface OffersTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  active: Generated<number>;
  hidden: Generated<number>;
  landing_url: string;
  /** JSON of OfferTargeting. */
  targeting: string;
  label_ids: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** Traffic sources of the firewall (0010). */
export interface TrafficSourcesTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  active: Generated<number>;
  hidden: Generated<number>;
  postback_url: string | null;
  /** JSON list of IPs, ranges and domains. */
  allowed_postback_addresses: Generated<string>;
  label_ids: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface AlertsTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  type: string;
  /** JSON array of dimension ids. */
  dimensions: string;
  /** JSON object: dimension id to its values. */
  dimension_values: string;
  threshold_bp: number;
  min_events: number;
  frequency: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  last_window_end: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

export interface AlertFiringsTable {
  id: Generated<number>;
  alert_id: number;
  relationship_id: number;
  window_start: string;
  window_end: string;
  events: number;
  invalid_events: number;
  threshold_bp: number;
  fired_at: string;
  notified_at: string | null;
  recipients: Generated<number>;
}

/** The job scheduler's leases (src/jobs/): one row a job. */
export interface ScheduledJobsTable {
  name: string;
  version: Generated<number>;
  /** Start of the last window run to its end (ISO UTC). */
  last_window_start: string | null;
  /** While a process runs the job: the window it runs, who holds it and until when. */
  running_window_start: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  runs: Generated<number>;
  last_finished_at: string | null;
  last_error: string | null;
}

/** Outside services an account connects by OAuth (issue 33: Google Ads; issue 35: the others). */
export type AdProvider = 'google_ads' | 'meta_ads' | 'microsoft_ads' | 'tiktok_ads' | 'hubspot';

/** One OAuth connection an account and provider; tokens encrypted with the instance secret. */
export interface OAuthConnectionsTable {
  id: Generated<number>;
  relationship_id: number;
  provider: AdProvider;
  /** connected, or reconnect once the provider refused the refresh token. */
  status: 'connected' | 'reconnect';
  /** '' for a grant without a refresh token (Meta, TikTok): the access token is all there is. */
  refresh_token_enc: string;
  access_token_enc: string | null;
  access_expires_at: string | null;
  scopes: string;
  connected_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A pending OAuth round trip: the state's hash and where the user returns to. */
export interface OAuthStatesTable {
  state_hash: string;
  relationship_id: number;
  user_id: number;
  provider: AdProvider;
  return_path: string;
  created_at: string;
  expires_at: string;
}

export interface AdAccountsTable {
  relationship_id: number;
  provider: AdProvider;
  customer_id: string;
  name: string;
  manager_customer_id: string | null;
  is_manager: Generated<number>;
  level: Generated<number>;
  currency: string;
  time_zone: string;
  /** Chosen for protection. */
  active: Generated<number>;
  updated_at: string;
}

export interface AdCampaignsTable {
  relationship_id: number;
  provider: AdProvider;
  customer_id: string;
  campaign_id: string;
  name: string;
  type: string;
  status: string;
  updated_at: string;
}

export interface AdIntegrationSettingsTable {
  relationship_id: number;
  provider: AdProvider;
  /** JSON of the provider's settings (GoogleAdsSettings for google_ads). */
  settings: string;
  last_sync_at: string | null;
  last_sync_error: string | null;
  updated_at: string;
  /** Migration 0009: a quota back-off; the sync job skips the account until then. */
  sync_not_before: string | null;
  /** Migration 0009: the remarketing list of invalid visitors (resource name) and its campaigns. */
  audience_user_list: string | null;
  audience_campaigns_excluded: Generated<number>;
  audience_campaigns_not_allowed: Generated<number>;
  /** Migration 0009: the last Google Ads cost import. */
  costs_imported_at: string | null;
}

export type ExclusionEntryState = 'planned' | 'active' | 'failed' | 'removed';

export interface ExclusionEntriesTable {
  id: Generated<number>;
  relationship_id: number;
  provider: AdProvider;
  customer_id: string;
  /** '' for an account-level exclusion. */
  campaign_id: string;
  cidr: string;
  ip_type: string;
  state: ExclusionEntryState;
  /** The provider's name for the pushed criterion, when pushed. */
  resource_name: string | null;
  added_at: string;
  expires_at: string | null;
  last_invalid_at: string | null;
  invalid_sessions: Generated<number>;
  /** JSON: threat reason -> sessions. */
  threats: string;
  attempts: Generated<number>;
  last_error: string | null;
  updated_at: string;
}

export interface ExclusionLogTable {
  id: Generated<number>;
  relationship_id: number;
  provider: AdProvider;
  at: string;
  action: 'add' | 'remove';
  mode: 'detection' | 'dry_run' | 'protection';
  outcome: 'applied' | 'validated' | 'planned' | 'failed';
  customer_id: string;
  campaign_id: string;
  cidr: string;
  ip_type: string;
  reason: string;
  threats: string;
  error: string | null;
}

export type PostbackDeliveryStateColumn = 'pending' | 'delivered' | 'rejected' | 'failed' | 'refused';
export type PostbackAttemptOutcomeColumn =
  | 'delivered'
  | 'http_error'
  | 'timeout'
  | 'network_error'
  | 'refused';

/** Migration 0011 (issue 34): a conversion to report to a traffic source's postback URL. */
export interface PostbackDeliveriesTable {
  id: Generated<number>;
  relationship_id: number;
  conversion_id: string;
  traffic_source_id: number;
  /** The URL with its macros filled. */
  url: string;
  state: PostbackDeliveryStateColumn;
  attempts: Generated<number>;
  /** When a pending delivery is next due; null once it is settled. */
  next_attempt_at: string | null;
  last_http_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/** Migration 0011: one attempt of a postback delivery (the delivery log). */
export interface PostbackDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  relationship_id: number;
  attempt: number;
  at: string;
  outcome: PostbackAttemptOutcomeColumn;
  http_status: number | null;
  error: string | null;
}

/** Migration 0012 (issue 34): a held (paused) conversion the account released. */
export interface ConversionReleasesTable {
  id: Generated<number>;
  relationship_id: number;
  conversion_id: string;
  /** The conversion's own time, so that analytics reads the releases of its range only. */
  conversion_ts: string;
  released_at: string;
  /** The id of the user who released it (kept as it was if the user is deleted later). */
  released_by: number | null;
  /** What the release came to: reported (postback queued) or not_reported (nowhere to report). */
  status: 'reported' | 'not_reported';
}

export interface HubspotLeadsTable {
  id: Generated<number>;
  relationship_id: number;
  conversion_id: string;
  conversion_name: string;
  converted_at: string;
  verdict: 'invalid' | 'suspicious';
  /** JSON array of threat reason ids. */
  reasons: string;
  utk: string | null;
  /** The email sealed with the instance secret (purpose `hubspot:email`); null once not pending. */
  email_sealed: string | null;
  status: 'pending' | 'flagged' | 'expired';
  attempts: Generated<number>;
  next_try_at: string;
  contact_id: string | null;
  matched_by: 'hubspotutk' | 'email' | null;
  flagged_at: string | null;
  created_at: string;
}

/** Migration 0014 (issue 36): a saved report of an account. */
export interface ReportsTable {
  id: Generated<number>;
  relationship_id: number;
  name: string;
  /** JSON: dimension ids. */
  dimensions: string;
  /** JSON: metric keys. */
  metrics: string;
  /** JSON: `{filters, matchType}`. */
  filter_by: string;
  /** JSON: the user ids mailed when a run is done. */
  recipients: string;
  /** A named period (`REPORT_RANGES`). */
  period: string;
  schedule: 'none' | 'daily' | 'weekly';
  /** When the schedule runs it next; null for an on-demand report. */
  next_run_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Issue 37 (migration 0015): an account's customer and subscription at the billing provider. */
export interface BillingAccountsTable {
  relationship_id: number;
  provider: string;
  customer_id: string;
  subscription_id: string | null;
  status: string | null;
  plan: string | null;
  currency: string | null;
  frequency: string | null;
  visits_addons: Generated<number>;
  scheduled_plan: string | null;
  next_billing_at: string | null;
  due_invoices: Generated<number>;
  payment_token: string;
  created_at: string;
  updated_at: string;
}

/** Migration 0014: one run of a report, its CSV file under DATA_DIR/reports while the run is kept. */
export interface ReportRunsTable {
  id: Generated<number>;
  report_id: number;
  relationship_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  trigger: 'manual' | 'schedule';
  period_from: string;
  period_to: string;
  row_count: Generated<number>;
  /** bigint: PostgreSQL answers it as text, read through Number(). */
  byte_count: Generated<number | string>;
  error: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  mailed_at: string | null;
}

/** A plan sign-up waiting for its checkout; completed into an account once the subscription is read. */
export interface BillingSignupsTable {
  customer_id: string;
  provider: string;
  email: string;
  first_name: string;
  company_name: string;
  password_hash: string;
  timezone: string;
  relationship_id: number | null;
  user_id: number | null;
  created_at: string;
  completed_at: string | null;
}

export interface BillingWebhookEventsTable {
  event_id: string;
  provider: string;
  event_type: string;
  received_at: string;
}

/**
 * Migration 0016: a threshold of the plan's monthly visits (80, 100) an account reached in a calendar
 * month (`YYYY-MM` in its time zone), recorded once; mailed_at is set once its admins were mailed.
 */
export interface BillingUsageNoticesTable {
  relationship_id: number;
  month: string;
  threshold: number;
  visits: number;
  plan_visits: number;
  reached_at: string;
  mailed_at: string | null;
}

/**
 * Migration 0017: an account's user mailed the weekly performance mail of the week starting
 * `week_start` (the Monday, `YYYY-MM-DD` in the account's zone); written with the outbox row.
 */
export interface PerformanceEmailMarksTable {
  relationship_id: number;
  user_id: number;
  week_start: string;
  outbox_id: number | null;
  created_at: string;
}

/**
 * Migration 0018: per vertical, UTC day (`YYYY-MM-DD`) and cell (country, traffic type, Google campaign
 * type; `*` for all values), the distribution of the vertical's accounts' invalid shares (0..1), kept
 * only when at least BENCHMARK_MIN_ACCOUNTS accounts had visits in the cell that day.
 */
export interface BenchmarkCellsTable {
  vertical: string;
  day: string;
  country: string;
  traffic_type: string;
  google_campaign_type: string;
  accounts: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  refreshed_at: string;
}

/** The built-in test-mode provider's objects (hosted pages, customers, subscriptions) as JSON. */
export interface BillingTestObjectsTable {
  kind: string;
  id: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** An account's JavaScript sensor settings (issue 40); 0/1 flags, no row = the defaults. */
export interface SensorSettingsTable {
  relationship_id: number;
  exclusion_google: number;
  exclusion_facebook: number;
  exclusion_microsoft: number;
  exclusion_tiktok: number;
  spa_tracking: number;
  cookieless: number;
  first_party_path: string | null;
  updated_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  relationships: RelationshipsTable;
  roles: RolesTable;
  memberships: MembershipsTable;
  membership_roles: MembershipRolesTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  email_outbox: EmailOutboxTable;
  ip_list_entries: IpListEntriesTable;
  api_keys: ApiKeysTable;
  labels: LabelsTable;
  audit_log: AuditLogTable;
  unsubscribes: UnsubscribesTable;
  campaigns: CampaignsTable;
  offers: OffersTable;
  traffic_sources: TrafficSourcesTable;
  alerts: AlertsTable;
  alert_firings: AlertFiringsTable;
  scheduled_jobs: ScheduledJobsTable;
  oauth_connections: OAuthConnectionsTable;
  oauth_states: OAuthStatesTable;
  ad_accounts: AdAccountsTable;
  ad_campaigns: AdCampaignsTable;
  ad_integration_settings: AdIntegrationSettingsTable;
  exclusion_entries: ExclusionEntriesTable;
  exclusion_log: ExclusionLogTable;
  postback_deliveries: PostbackDeliveriesTable;
  postback_delivery_attempts: PostbackDeliveryAttemptsTable;
  conversion_releases: ConversionReleasesTable;
  hubspot_leads: HubspotLeadsTable;
  reports: ReportsTable;
  report_runs: ReportRunsTable;
  billing_accounts: BillingAccountsTable;
  billing_signups: BillingSignupsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  billing_test_objects: BillingTestObjectsTable;
  billing_usage_notices: BillingUsageNoticesTable;
  performance_email_marks: PerformanceEmailMarksTable;
  benchmark_cells: BenchmarkCellsTable;
  postback_security: PostbackSecurityTable;
  domain_entries: DomainEntriesTable;
  domain_security_settings: DomainSecuritySettingsTable;
  sensor_settings: SensorSettingsTable;
  app_package_entries: AppPackageEntriesTable;
  app_sightings: AppSightingsTable;
}

/** The account's postback security settings (migration 0021); secrets sealed, never plain. */
export interface PostbackSecurityTable {
  relationship_id: number;
  /** JSON list of account-wide allowed postback addresses. */
  sources: Generated<string>;
  require_signed: Generated<number>;
  secret_sealed: string | null;
  secret_fingerprint: string | null;
  secret_created_at: string | null;
  previous_secret_sealed: string | null;
  previous_fingerprint: string | null;
  previous_expires_at: string | null;
}

/** The account's domains by list (migration 0019): excluded referring domains and sensor domains. */
export interface DomainEntriesTable {
  id: Generated<number>;
  relationship_id: number;
  list: 'excluded_referrer' | 'sensor';
  value: string;
  created_at: string;
}

/** What a hit on a page outside the sensor domains becomes, per account that set it (migration 0019). */
export interface DomainSecuritySettingsTable {
  relationship_id: number;
  foreign_domain_action: 'flag' | 'exclude';
  updated_at: string;
}

/** The Android app packages an account allows and blocks (in-app traffic security). */
export interface AppPackageEntriesTable {
  id: Generated<number>;
  relationship_id: number;
  list: 'allowed' | 'blocked';
  package: string;
  created_at: string;
}

/** Hits of in-app traffic by account, UTC day and app package. */
export interface AppSightingsTable {
  relationship_id: number;
  package: string;
  day: string;
  hits: number;
  last_seen_at: string;
}
