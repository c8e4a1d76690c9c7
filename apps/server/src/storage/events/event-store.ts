import { EXCLUSION_PLATFORMS, type ExclusionPlatform } from '@veracity/contracts/collect';
import { RISK_LEVELS, type RiskLevel } from '@veracity/contracts/detection';
import { CUSTOM_VAR_NAMES, type CustomVarName } from '@veracity/contracts/s2s';
import type { ThreatEvidence } from '@veracity/contracts/threat-evidence';
import type { AdCostRow, AdCostUpsertResult } from './ad-costs.js';
import type { AnalyticsQuery, SqlDialect } from './dialect.js';

/**
 * The event store holds the three kinds of traffic events (hits, sessions, conversions), and the
 * sensor's exclusion firings and engagements of hits, for every relationship (tenant). It is written by ingestion in
 * batches and read by analytics through SQL written once against a {@link SqlDialect}. DuckDB backs it today (`duckdb/`); ClickHouse will implement the same
 * interface and pass the same conformance suite (`event-store.conformance.ts`).
 *
 * Row types use the product's words in camelCase; the stored columns are the snake_case names listed
 * in `event-columns.ts` (the one catalogue both implementations write from).
 */

/**
 * Security level of a hit, session or conversion: low = Legitimate, medium = Suspicious, high = Invalid;
 * declared once, by the detection contract.
 */
export { RISK_LEVELS, type RiskLevel };

/** What the firewall did with a hit: delivered (allowed through), paused, blocked. */
export const HIT_STATUSES = ['delivered', 'paused', 'blocked'] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

/** Whether a conversion was reported to the ad network (reported), held back (paused) or not reported. */
export const CONVERSION_STATUSES = ['reported', 'paused', 'not_reported'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** Custom variables var1..var20 (the spec's "Custom" dimensions); stored as columns var1..var20. */
export { CUSTOM_VAR_NAMES, type CustomVarName };
export type CustomVars = Partial<Record<CustomVarName, string | null>>;

/**
 * Fields every event row carries. `id` is the event's identity for deduplication: the sensor or the
 * server generates it once and re-sends it unchanged on retry. Identity is (relationshipId, id).
 */
export interface EventIdentity {
  /** Client- or server-generated, 1..128 characters; unique within a relationship. */
  id: string;
  /** The tenant (relationship) the event belongs to: a positive 32-bit integer. */
  relationshipId: number;
}

/** The classification every event kind carries (decided on the server by `detection`). */
export interface EventVerdict {
  riskLevel: RiskLevel;
  /** Namespaced threat reasons, e.g. `automation:webdriver`, `network:datacenter`; empty when clean. */
  threats: string[];
  /**
   * What triggered each reason, keyed by reason id (shapes in `@veracity/contracts/threat-evidence`).
   * Stored as JSON text; null (and an empty object, stored as null) when there is none, as in rows
   * stored before evidence was kept. Sessions keep one evidence per reason (see insertSessions).
   */
  evidence?: ThreatEvidence | null;
}

/** Traffic attribution shared by hits, sessions and conversions. Optional fields are stored as NULL. */
export interface EventAttribution {
  /** Traffic type id: organic_search, referral, direct, google, facebook, tiktok, ... */
  trafficType: string;
  campaignId?: number | null;
  offerId?: number | null;
  trafficSourceId?: number | null;
}

/**
 * What analytics groups and filters by, besides time and risk. A hit has its own; a session carries
 * those of its landing hit and a conversion those of its click, so that every metric of a row of the
 * analytics tree is counted over the same slice, each from its own table.
 */
export interface EventDimensions extends EventAttribution {
  referrer?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmContent?: string | null;
  utmTerm?: string | null;
  subPublisher?: string | null;
  /** Two-letter country code; WW when unknown. */
  country?: string | null;
  isp?: string | null;
  /** Desktop, Phone, Phablet, Tablet, SmartTV or Not available. */
  deviceType?: string | null;
  osName?: string | null;
  browser?: string | null;
  /** The landing site's host without `www.` (the opt_domain dimension). */
  domain?: string | null;
  /** Google Ads ValueTrack values of the landing URL ({campaignid}, {placement}, {keyword}, {customerid}). */
  googleCampaignId?: string | null;
  googlePlacement?: string | null;
  googleKeyword?: string | null;
  googleAccountId?: string | null;
  /** What the firewall did with the (landing) hit. */
  hitStatus?: HitStatus | null;
  vars?: CustomVars;
}

/** One page view or ad click. Immutable once stored: a later row with the same id is a duplicate. */
export interface HitRow extends EventIdentity, EventVerdict, EventDimensions {
  sessionId: string;
  /** When the hit happened (stored in UTC with millisecond precision). */
  ts: Date;
  url: string;
  /** Ad click identifier from the landing URL, and which network's it is (gclid, fbclid, msclkid, ttclid, ...). */
  clickId?: string | null;
  clickIdType?: string | null;
  ip?: string | null;
  asn?: number | null;
  userAgent?: string | null;
  hitStatus: HitStatus;
  /** What the click cost the advertiser, in the account currency (for cost, profit and ROI metrics). */
  cost?: number | null;
  /** The server's device fingerprint (a hash of stable browser facts), for forensics and bursts. */
  deviceId?: string | null;
  /** The detection score, 0-100. */
  score?: number | null;
  /**
   * What the sensor saw of the device (null when the hit carries no sensor signals, as most S2S hits):
   * the screen in CSS pixels, the browser's IANA time zone as it named it, and `navigator.languages`
   * as the JSON text of a list of tags (`[]` when the browser lists none). Time zone and languages
   * come from the browser: stored as text, bounded by the collector (`ingest/device-facts.ts`).
   */
  screenWidth?: number | null;
  screenHeight?: number | null;
  timeZone?: string | null;
  languages?: string | null;
}

/**
 * A visit: a snapshot of a session as ingestion last saw it. Sessions are upserted: see
 * {@link EventStore.insertSessions} for the merge rule. Its dimensions are its landing hit's.
 */
export interface SessionRow extends EventIdentity, EventVerdict, EventDimensions {
  startedAt: Date;
  lastSeenAt: Date;
  landingUrl: string;
  ip?: string | null;
  /** Number of hits in the session so far (a running total, not an increment). */
  hits: number;
}

/**
 * A conversion (signup, sale, ...) attributed to a session and, when known, the hit that led to it,
 * whose dimensions it carries.
 */
export interface ConversionRow extends EventIdentity, EventVerdict, EventDimensions {
  sessionId?: string | null;
  hitId?: string | null;
  ts: Date;
  /** Conversion name as the advertiser reports it, e.g. `signup`, `purchase`. */
  name: string;
  /** Revenue of the conversion; NULL when the advertiser sends none. */
  value?: number | null;
  /** ISO 4217 code of `value`, e.g. EUR. */
  currency?: string | null;
  status: ConversionStatus;
  /** The detection score, 0-100 (NULL for conversions stored before it was kept). */
  score?: number | null;
}

/** The ad platforms whose tags the sensor fires the exclusion event on (`@veracity/contracts/collect`). */
export { EXCLUSION_PLATFORMS, type ExclusionPlatform };

/**
 * The sensor fired the exclusion event on an ad platform's tag in the visitor's browser, for a stored
 * hit of the same relationship. Stored once per hit and platform: `id` is {@link exclusionFiringId}.
 * The hit's verdict and the dimensions the exclusion widgets filter by are copied from the hit.
 */
export interface ExclusionFiringRow extends EventIdentity {
  hitId: string;
  sessionId: string;
  platform: ExclusionPlatform;
  /** When the collector received the firing. */
  ts: Date;
  /** The hit's verdict: a firing "with invalid traffic" is one whose hit is high. */
  riskLevel: RiskLevel;
  trafficType: string;
  googleCampaignId?: string | null;
}

/** The identity of a hit's firing on a platform: the same hit and platform is one firing. */
export function exclusionFiringId(hitId: string, platform: string): string {
  return `${hitId}:${platform}`;
}

/**
 * What the visitor did on a page view, from the sensor's engagement beacon (sent once, when the page
 * is hidden or left). Stored once per page view: `id` is the hit's id, and a later beacon of the same
 * hit is a duplicate. Stored hits are never rewritten, so the figures live beside them. A figure the
 * beacon held outside its shape is null.
 */
export interface EngagementRow extends EventIdentity {
  sessionId: string;
  /** When the collector received the beacon. */
  ts: Date;
  /** Milliseconds the page was visible. */
  visibleMs?: number | null;
  /** Milliseconds from the navigation start to the beacon. */
  dwellMs?: number | null;
  /** Trusted (not script-dispatched) pointer moves, clicks, key presses, scroll and touch events. */
  pointerMoves?: number | null;
  clicks?: number | null;
  keys?: number | null;
  scrolls?: number | null;
  touches?: number | null;
}

/** Outcome of a hit or conversion batch: `inserted + duplicates = rows.length`. */
export interface InsertResult {
  /** Rows stored by this call. */
  inserted: number;
  /** Rows skipped because their (relationshipId, id) was already stored or appeared earlier in the batch. */
  duplicates: number;
}

/** Outcome of a session batch: `inserted + merged = rows.length`. */
export interface SessionUpsertResult {
  /** Sessions that did not exist before this call. */
  inserted: number;
  /** Rows folded into a session already stored or appearing earlier in the batch. */
  merged: number;
}

/** A value in an analytics result row (see {@link EventStore.query} for the conversion rules). */
export type ResultValue = null | boolean | number | string | ResultValue[] | { [key: string]: ResultValue };
export type ResultRow = Record<string, ResultValue>;

/** Shaped like the server's store health report (GET /api/health lists it as is). */
export interface EventStoreHealth {
  status: 'up' | 'down';
  /** Which implementation answered. */
  kind: SqlDialect['name'];
  latencyMs: number;
  detail?: string;
}

export interface MigrationResult {
  /** Schema version before the call (0 for a new store). */
  fromVersion: number;
  /** Schema version after the call; equal to `fromVersion` when nothing was pending. */
  toVersion: number;
}

/** The event tables whose rows have ids of their own, stored once each. */
export type KeyedTable = 'hits' | 'conversions';

export interface EventStore {
  /** The dialect `query` renders with; analytics code receives it through {@link AnalyticsQuery}. */
  readonly dialect: SqlDialect;

  /**
   * Creates or upgrades the schema. Idempotent: versions already recorded in the schema version table
   * are skipped. Must be called before the first write or query.
   */
  migrate(): Promise<MigrationResult>;

  /**
   * Stores hits, each once per (relationshipId, id): a row whose identity is already stored, or appears
   * earlier in the same batch, is counted as a duplicate and ignored (the first stored copy wins).
   * The whole batch is validated first and written in one transaction: an invalid row rejects the batch
   * with an {@link EventValidationError} and nothing is written. Resolves once the batch is durable.
   * An empty batch is a no-op.
   */
  insertHits(rows: readonly HitRow[]): Promise<InsertResult>;

  /** Same contract as {@link insertHits}, for conversions. */
  insertConversions(rows: readonly ConversionRow[]): Promise<InsertResult>;

  /**
   * Same contract as {@link insertHits}, for exclusion firings: a firing of a hit on a platform already
   * stored (same id, `hitId:platform`) is a duplicate.
   */
  insertExclusionFirings(rows: readonly ExclusionFiringRow[]): Promise<InsertResult>;

  /**
   * Same contract as {@link insertHits}, for engagements: a page view's engagement already stored
   * (same id, the hit's) is a duplicate.
   */
  insertEngagements(rows: readonly EngagementRow[]): Promise<InsertResult>;

  /**
   * Upserts sessions by (relationshipId, id). Rows for the same session (stored or in the batch) fold
   * into one by the session merge rule, declared once in `session-merge.ts` (`SESSION_MERGE_RULE`, from
   * which every store's merge is derived): startedAt earliest, lastSeenAt latest, hits largest, riskLevel
   * the worst tier, threats the sorted union, evidence per
   * reason the longest (then greatest) JSON text any row has, every other field from the row with the earliest
   * startedAt (of equals, the stored row, then the batch's first). Re-sending or reordering snapshots
   * gives the same result. Validation, atomicity and durability are as for {@link insertHits}.
   */
  insertSessions(rows: readonly SessionRow[]): Promise<SessionUpsertResult>;

  /**
   * Stores imported ad costs (`ad-costs.ts`), one row per (relationshipId, provider, customerId,
   * campaignId, day): a key already stored is replaced, so re-importing a day gives that day's latest
   * figures; of rows repeating a key in the batch the last wins. Validation (an invalid row rejects the
   * batch with an {@link EventValidationError}), atomicity and durability are as for {@link insertHits}.
   * Analytics reads them from `ad_costs` (`AD_COSTS_TABLE`) with {@link query}.
   */
  upsertAdCosts(rows: readonly AdCostRow[]): Promise<AdCostUpsertResult>;

  /**
   * Optional: stores the writes of ingestion journal segments (files of JSON lines, each an
   * `EventWrite` of `journal/journal-format.ts`), read by the store itself so that no row passes
   * through the event loop. Stores exactly what `journalRows` of the lines `parseSegment` reads, given
   * to insertHits, insertConversions, insertExclusionFirings, insertEngagements and insertSessions, would, in one transaction; a line that does
   * not parse fails the load, as it fails the loader's own read (the journal then sets it aside, and
   * recovery cuts a line a crash left unfinished before loading). The rows were validated when they
   * were journaled. Stores without it are loaded through those three calls.
   */
  loadJournal?(files: readonly string[]): Promise<void>;

  /**
   * Optional: hands over the keys (`relationshipId:id`) of every stored hit or conversion, a chunk at
   * a time, until all are read or `signal` aborts. Only a store that this process alone writes has it
   * (the embedded file): the keys it hands over and those the process writes afterwards are then all
   * the keys there are, which lets the pipeline skip looking up an id that is surely not stored.
   */
  scanKeys?(table: KeyedTable, onKeys: (keys: string[]) => void, signal?: AbortSignal): Promise<void>;

  /**
   * Runs an analytics query built against this store's dialect and returns its rows. Conversions:
   * integers (BIGINT included) become JS numbers, and a value beyond Number.MAX_SAFE_INTEGER throws
   * rather than losing precision; decimals become numbers; timestamps with a zone become ISO 8601 UTC
   * strings (`2024-03-10T04:30:00.000Z`), timestamps without one ISO local strings without `Z`, dates
   * `YYYY-MM-DD`; lists become arrays. `Row` is the caller's assertion of the shape; it is not checked.
   */
  query<Row extends ResultRow = ResultRow>(query: AnalyticsQuery): Promise<Row[]>;

  /**
   * Runs an analytics query like {@link query} but hands its rows over at most `chunkRows` at a time,
   * in the query's order, waiting for each `onChunk` before reading on: a result of millions of rows
   * (a full report) never sits in memory at once. Values convert as for {@link query}. Resolves with the
   * number of rows handed over; a rejected `onChunk` stops the read and rejects with its error.
   */
  queryChunks<Row extends ResultRow = ResultRow>(
    query: AnalyticsQuery,
    chunkRows: number,
    onChunk: (rows: Row[]) => Promise<void>,
  ): Promise<number>;

  /** Round-trips a trivial query; `down` with a detail when the store is closed or unreachable. */
  health(): Promise<EventStoreHealth>;

  /** Waits for queued writes, flushes everything to the main file and releases it. Idempotent. */
  close(): Promise<void>;
}

/** One problem with one field of one row in a rejected batch. */
export interface EventValidationIssue {
  /** Index of the row in the batch. */
  row: number;
  /** Row type field name, e.g. `riskLevel` or `vars.var3`. */
  field: string;
  message: string;
}

/** Thrown when a batch contains an invalid row; nothing of the batch is written. */
export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';

  constructor(
    readonly eventKind: 'hits' | 'sessions' | 'conversions' | 'exclusion_firings' | 'engagements' | 'adCosts',
    readonly issues: readonly EventValidationIssue[],
  ) {
    const shown = issues
      .slice(0, 5)
      .map((issue) => `${eventKind}[${issue.row}].${issue.field} ${issue.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(`Rejected ${eventKind} batch, nothing was written: ${shown}${more}`);
  }
}
