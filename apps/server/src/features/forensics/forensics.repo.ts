import type { RiskLevel } from '@veracity/contracts/detection';
import { FORENSICS_HITS_LIMIT, SIMILAR_LIMIT } from '@veracity/contracts/forensics';
import type { EventStore } from '../../storage/events/event-store.js';
import { inList, sql } from '../../storage/events/sql.js';

/**
 * The reads of session forensics (issue 36): a visit's session row, its hits, their engagements, its
 * conversions and exclusion firings, and other visits that share its device or address. One
 * relationship's rows only, in both event stores (hits may repeat in ClickHouse until its merge:
 * callers keep the first of an id).
 */

/** The columns a visit and its page views share: attribution, place, device and verdict. */
type VisitColumns = {
  id: string;
  referrer: string | null;
  traffic_type: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  campaign_id: number | null;
  google_campaign_id: string | null;
  ip: string | null;
  isp: string | null;
  country: string | null;
  device_type: string | null;
  os_name: string | null;
  browser: string | null;
  risk_level: RiskLevel;
  threats: string[];
  evidence: string | null;
};

export type SessionRecord = VisitColumns & {
  started_at: string;
  last_seen_at: string;
  landing_url: string;
  hits: number;
};

export type HitRecord = VisitColumns & {
  session_id: string;
  ts: string;
  url: string;
  click_id: string | null;
  click_id_type: string | null;
  asn: number | null;
  user_agent: string | null;
  device_id: string | null;
  hit_status: 'delivered' | 'paused' | 'blocked';
  score: number | null;
  screen_width: number | null;
  screen_height: number | null;
  time_zone: string | null;
  /** JSON text of a list of tags, as ingestion stored it. */
  languages: string | null;
};

export type EngagementRecord = {
  id: string;
  ts: string;
  visible_ms: number | null;
  dwell_ms: number | null;
  pointer_moves: number | null;
  clicks: number | null;
  key_presses: number | null;
  scrolls: number | null;
  touches: number | null;
};

export type ConversionRecord = {
  id: string;
  hit_id: string | null;
  ts: string;
  name: string;
  value: number | null;
  currency: string | null;
  status: 'reported' | 'paused' | 'not_reported';
  risk_level: RiskLevel;
  score: number | null;
  threats: string[];
  evidence: string | null;
};

const SESSION_COLUMNS = sql`id, started_at, last_seen_at, landing_url, referrer, traffic_type, utm_source,
  utm_medium, utm_campaign, utm_content, utm_term, campaign_id, google_campaign_id, ip, isp, country,
  device_type, os_name, browser, risk_level, threats, hits, evidence`;

export async function findSession(
  events: EventStore,
  relationshipId: number,
  id: string,
): Promise<SessionRecord | undefined> {
  const [row] = await events.query<SessionRecord>(
    () => sql`select ${SESSION_COLUMNS} from sessions where relationship_id = ${relationshipId} and id = ${id}
      limit 1`,
  );
  return row;
}

/** The session of a hit or conversion with this id, when there is one. */
export async function sessionIdOfEvent(
  events: EventStore,
  relationshipId: number,
  id: string,
): Promise<string | undefined> {
  const rows = await events.query<{ session_id: string | null }>(
    () => sql`select session_id from hits where relationship_id = ${relationshipId} and id = ${id}
      union all
      select session_id from conversions where relationship_id = ${relationshipId} and id = ${id}`,
  );
  return rows.find((row) => row.session_id)?.session_id ?? undefined;
}

export async function sessionHits(
  events: EventStore,
  relationshipId: number,
  sessionId: string,
): Promise<HitRecord[]> {
  return events.query<HitRecord>(
    () => sql`select id, session_id, ts, url, referrer, traffic_type, utm_source, utm_medium, utm_campaign,
      utm_content, utm_term, campaign_id, google_campaign_id, click_id, click_id_type, ip, asn, isp, country,
      device_type, os_name, browser, user_agent, device_id, hit_status, risk_level, score, threats, evidence,
      screen_width, screen_height, time_zone, languages
      from hits where relationship_id = ${relationshipId} and session_id = ${sessionId}
      order by ts, id limit ${FORENSICS_HITS_LIMIT + 1}`,
  );
}

export async function sessionConversions(
  events: EventStore,
  relationshipId: number,
  sessionId: string,
): Promise<ConversionRecord[]> {
  return events.query<ConversionRecord>(
    () => sql`select id, hit_id, ts, name, value, currency, status, risk_level, score, threats, evidence
      from conversions where relationship_id = ${relationshipId} and session_id = ${sessionId}
      order by ts, id limit 1000`,
  );
}

export async function sessionFirings(
  events: EventStore,
  relationshipId: number,
  sessionId: string,
): Promise<{ id: string; hit_id: string; platform: string; ts: string }[]> {
  return events.query(
    () => sql`select id, hit_id, platform, ts from exclusion_firings
      where relationship_id = ${relationshipId} and session_id = ${sessionId} order by ts, id limit 1000`,
  );
}

/** The engagement beacons' figures of the visit's page views (one a page view; ClickHouse may repeat one). */
export async function sessionEngagements(
  events: EventStore,
  relationshipId: number,
  sessionId: string,
): Promise<EngagementRecord[]> {
  return events.query<EngagementRecord>(
    () => sql`select id, ts, visible_ms, dwell_ms, pointer_moves, clicks, key_presses, scrolls, touches
      from engagements where relationship_id = ${relationshipId} and session_id = ${sessionId}
      order by ts, id limit ${FORENSICS_HITS_LIMIT + 1}`,
  );
}

export type SimilarRecord = {
  id: string;
  started_at: string;
  landing_url: string;
  traffic_type: string;
  risk_level: RiskLevel;
  hits: number;
  ip: string | null;
};

/**
 * Other visits of the account around the visit (`from`..`to`) from the same address or the same /24
 * (IPv4; the caller gives the prefix, digits and dots, e.g. `81.33.20.`), newest first.
 */
export async function sessionsByAddress(
  events: EventStore,
  relationshipId: number,
  input: { excludeId: string; ip: string; prefix: string | null; from: Date; to: Date },
): Promise<SimilarRecord[]> {
  const address = input.prefix
    ? sql`(ip = ${input.ip} or ip like ${`${input.prefix}%`})`
    : sql`ip = ${input.ip}`;
  return events.query<SimilarRecord>(
    () => sql`select id, started_at, landing_url, traffic_type, risk_level, hits, ip from sessions
      where relationship_id = ${relationshipId} and id <> ${input.excludeId}
      and started_at >= ${input.from} and started_at < ${input.to} and ${address}
      order by started_at desc, id limit ${SIMILAR_LIMIT}`,
  );
}

/** The sessions of other hits of the same device fingerprint around the visit, newest first. */
export async function sessionIdsByDevice(
  events: EventStore,
  relationshipId: number,
  input: { excludeId: string; deviceId: string; from: Date; to: Date },
): Promise<string[]> {
  const rows = await events.query<{ session_id: string; last_ts: string }>(
    () => sql`select session_id, max(ts) as last_ts from hits
      where relationship_id = ${relationshipId} and device_id = ${input.deviceId}
      and session_id <> ${input.excludeId} and ts >= ${input.from} and ts < ${input.to}
      group by session_id order by last_ts desc limit ${SIMILAR_LIMIT}`,
  );
  return rows.map((row) => row.session_id);
}

export async function sessionsByIds(
  events: EventStore,
  relationshipId: number,
  ids: readonly string[],
): Promise<SimilarRecord[]> {
  if (ids.length === 0) return [];
  return events.query<SimilarRecord>(
    () => sql`select id, started_at, landing_url, traffic_type, risk_level, hits, ip from sessions
      where relationship_id = ${relationshipId} and ${inList(sql`id`, ids)}`,
  );
}
