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

export type IpListName = 'traffic_allow' | 'traffic_deny' | 'login_allow';

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
  alerts: AlertsTable;
  alert_firings: AlertFiringsTable;
  scheduled_jobs: ScheduledJobsTable;
}
