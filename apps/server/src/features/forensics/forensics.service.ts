import {
  FORENSICS_HITS_LIMIT,
  FORENSICS_ID_PATTERN,
  type ForensicsEngagement,
  type ForensicsReason,
  IP_EXCLUSIONS_LIMIT,
  SESSION_NOT_FOUND,
  type SessionForensics,
  SIMILAR_LIMIT,
  SIMILAR_WINDOW_DAYS,
} from '@veracity/contracts/forensics';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import { REASON_POLICY } from '@veracity/detection/policy';
import { countriesOfTimezone } from '@veracity/detection/timezone-countries';
import type { Kysely } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import { parseEvidence } from '../../storage/events/event-evidence.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import { isThreatId } from '../../verdicts/verdict.js';
import { rangesHolding } from '../google-ads/cidr.js';
import { exclusionsOfRanges } from '../google-ads/exclusions.repo.js';
import {
  type ConversionRecord,
  type EngagementRecord,
  findSession,
  type HitRecord,
  type SessionRecord,
  type SimilarRecord,
  sessionConversions,
  sessionEngagements,
  sessionFirings,
  sessionHits,
  sessionIdOfEvent,
  sessionIdsByDevice,
  sessionsByAddress,
  sessionsByIds,
} from './forensics.repo.js';

const DAY_MS = 86_400_000;

/**
 * Session forensics (issue 36): the visit of a session id, or of a hit's or conversion's id, with every
 * reason of its verdict on the event it was found on and the evidence stored with it, its hits with
 * their engagement, what the sensor saw of the device, its conversions and exclusion firings, and
 * other visits of the same device or address. A malformed id is 400 INVALID_HIT, an id of no visit of
 * this account 404 (spec 01 §8).
 */
export async function sessionForensics(
  db: Kysely<Database>,
  events: EventStore,
  relationshipId: number,
  id: string,
): Promise<SessionForensics> {
  if (!FORENSICS_ID_PATTERN.test(id)) {
    throw ApiError.fields([{ code: 'INVALID_HIT', field: 'id' }]);
  }
  let session = await findSession(events, relationshipId, id);
  if (!session) {
    const sessionId = await sessionIdOfEvent(events, relationshipId, id);
    if (sessionId) session = await findSession(events, relationshipId, sessionId);
  }
  if (!session) throw ApiError.notFound(SESSION_NOT_FOUND);
  const [allHits, conversions, firings, engagements] = await Promise.all([
    sessionHits(events, relationshipId, session.id),
    sessionConversions(events, relationshipId, session.id),
    sessionFirings(events, relationshipId, session.id),
    sessionEngagements(events, relationshipId, session.id),
  ]);
  const hits = firstOfEachId(allHits);
  const first = hits[0];
  const engagementOf = new Map(firstOfEachId(engagements).map((row) => [row.id, engagement(row)]));
  const country = session.country ?? first?.country ?? null;
  const scores = [...hits, ...conversions].map((event) => event.score).filter((s) => s !== null);
  return {
    session: {
      id: session.id,
      startedAt: session.started_at,
      lastSeenAt: session.last_seen_at,
      landingUrl: session.landing_url,
      ...attribution(session),
      hits: session.hits,
      riskLevel: session.risk_level,
      score: scores.length > 0 ? Math.max(...scores) : null,
    },
    reasons: reasonsOf(session, hits, firstOfEachId(conversions)),
    hits: hits.slice(0, FORENSICS_HITS_LIMIT).map((hit) => ({
      id: hit.id,
      ts: hit.ts,
      url: hit.url,
      ...attribution(hit),
      clickId: hit.click_id,
      clickIdType: hit.click_id_type,
      hitStatus: hit.hit_status,
      riskLevel: hit.risk_level,
      score: hit.score,
      threats: hit.threats,
      engagement: engagementOf.get(hit.id) ?? null,
    })),
    hitsCut: hits.length > FORENSICS_HITS_LIMIT,
    device: {
      userAgent: first?.user_agent ?? null,
      browser: first?.browser ?? session.browser,
      osName: first?.os_name ?? session.os_name,
      deviceType: first?.device_type ?? session.device_type,
      deviceId: first?.device_id ?? null,
      ...sensedDevice(hits, country),
    },
    network: {
      ip: session.ip ?? first?.ip ?? null,
      asn: first?.asn ?? null,
      isp: session.isp ?? first?.isp ?? null,
      country,
    },
    conversions: firstOfEachId(conversions).map((conversion) => ({
      id: conversion.id,
      ts: conversion.ts,
      name: conversion.name,
      value: conversion.value,
      currency: conversion.currency,
      status: conversion.status,
      hitId: conversion.hit_id,
      riskLevel: conversion.risk_level,
      score: conversion.score,
      threats: conversion.threats,
    })),
    exclusionFirings: firstOfEachId(firings).map((firing) => ({
      hitId: firing.hit_id,
      platform: firing.platform,
      ts: firing.ts,
    })),
    ipExclusions: await ipExclusions(db, relationshipId, session.ip ?? first?.ip ?? null),
    similar: await similarSessions(events, relationshipId, session, first?.device_id ?? null),
  };
}

/** The Google Ads exclusions of the account whose address or range holds the visit's IP. */
async function ipExclusions(
  db: Kysely<Database>,
  relationshipId: number,
  ip: string | null,
): Promise<SessionForensics['ipExclusions']> {
  if (!ip) return [];
  const rows = await exclusionsOfRanges(db, relationshipId, rangesHolding(ip), IP_EXCLUSIONS_LIMIT);
  return rows.map((row) => ({
    platform: 'google_ads',
    customerId: row.customer_id,
    campaignId: row.campaign_id === '' ? null : row.campaign_id,
    campaignName: row.campaign_name,
    cidr: row.cidr,
    state: row.state,
    addedAt: new Date(row.added_at).toISOString(),
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  }));
}

/** ClickHouse may return a row twice until it merges its parts: the first of an id is the row. */
function firstOfEachId<T extends { id: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

function engagement(row: EngagementRecord): ForensicsEngagement {
  return {
    at: row.ts,
    dwellMs: row.dwell_ms,
    visibleMs: row.visible_ms,
    pointerMoves: row.pointer_moves,
    clicks: row.clicks,
    keys: row.key_presses,
    scrolls: row.scrolls,
    touches: row.touches,
  };
}

/** The stored languages (JSON text of a list of tags) as a list; null when absent or not a list. */
function languagesOf(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The screen, time zone and languages of the visit's first page view that ran the sensor, and whether
 * the time zone is one of the IP country's (null when either is unknown, `WW` included).
 */
function sensedDevice(
  hits: readonly HitRecord[],
  country: string | null,
): Pick<SessionForensics['device'], 'screen' | 'timeZone' | 'languages' | 'timeZoneInCountry'> {
  const sensed = hits.find(
    (hit) => hit.screen_width !== null || hit.time_zone !== null || hit.languages !== null,
  );
  const timeZone = sensed?.time_zone ?? null;
  const zoneCountries = timeZone === null ? null : countriesOfTimezone(timeZone);
  const known = zoneCountries !== null && country !== null && country !== 'WW';
  return {
    screen:
      sensed && sensed.screen_width !== null && sensed.screen_height !== null
        ? { width: sensed.screen_width, height: sensed.screen_height }
        : null,
    timeZone,
    languages: languagesOf(sensed?.languages ?? null),
    timeZoneInCountry: known ? zoneCountries.includes(country) : null,
  };
}

function attribution(row: SessionRecord | HitRecord) {
  return {
    trafficType: row.traffic_type,
    referrer: row.referrer,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmContent: row.utm_content,
    utmTerm: row.utm_term,
    campaignId: row.campaign_id,
    googleCampaignId: row.google_campaign_id,
  };
}

/**
 * Every reason of the visit once, on the event it was found on first (the hits in order, then the
 * visit's own, then the conversions'), with that event's stored evidence; decisive reasons first, then
 * by weight.
 */
function reasonsOf(
  session: SessionRecord,
  hits: readonly HitRecord[],
  conversions: readonly ConversionRecord[],
): ForensicsReason[] {
  const reasons = new Map<string, ForensicsReason>();
  const add = (
    foundOn: ForensicsReason['foundOn'],
    event: { id: string; threats: string[]; evidence: string | null },
    at: string,
  ) => {
    const evidence = parseEvidence(event.evidence);
    for (const id of event.threats) {
      if (reasons.has(id) || !isThreatId(id)) continue;
      const found = evidence?.[id];
      reasons.set(id, {
        id,
        label: THREAT_REASONS[id].label,
        category: THREAT_REASONS[id].category,
        weight: REASON_POLICY[id].weight,
        decisive: REASON_POLICY[id].decisive,
        foundOn,
        eventId: event.id,
        at,
        evidence: found && typeof found === 'object' ? (found as Record<string, unknown>) : null,
      });
    }
  };
  for (const hit of hits) add('hit', hit, hit.ts);
  add('session', session, session.last_seen_at);
  for (const conversion of conversions) add('conversion', conversion, conversion.ts);
  return [...reasons.values()].sort((a, b) => Number(b.decisive) - Number(a.decisive) || b.weight - a.weight);
}

/** The /24 of an IPv4 address as a text prefix (`81.33.20.`); null for IPv6 or anything else. */
export function ipv4Prefix(ip: string): string | null {
  const match = /^(\d{1,3}\.\d{1,3}\.\d{1,3}\.)\d{1,3}$/.exec(ip);
  return match?.[1] ?? null;
}

async function similarSessions(
  events: EventStore,
  relationshipId: number,
  session: SessionRecord,
  deviceId: string | null,
): Promise<SessionForensics['similar']> {
  const from = new Date(Date.parse(session.started_at) - SIMILAR_WINDOW_DAYS * DAY_MS);
  const to = new Date(Date.parse(session.last_seen_at) + SIMILAR_WINDOW_DAYS * DAY_MS);
  const ip = session.ip;
  const prefix = ip ? ipv4Prefix(ip) : null;
  const [byAddress, deviceIds] = await Promise.all([
    ip ? sessionsByAddress(events, relationshipId, { excludeId: session.id, ip, prefix, from, to }) : [],
    deviceId ? sessionIdsByDevice(events, relationshipId, { excludeId: session.id, deviceId, from, to }) : [],
  ]);
  const byDevice = await sessionsByIds(events, relationshipId, deviceIds);
  const similar = new Map<string, { row: SimilarRecord; sharedBy: Set<'device' | 'ip' | 'subnet'> }>();
  const note = (row: SimilarRecord, by: 'device' | 'ip' | 'subnet') => {
    const entry = similar.get(row.id) ?? { row, sharedBy: new Set() };
    entry.sharedBy.add(by);
    similar.set(row.id, entry);
  };
  for (const row of byDevice) note(row, 'device');
  for (const row of byAddress) note(row, row.ip === ip ? 'ip' : 'subnet');
  return [...similar.values()]
    .sort((a, b) => b.row.started_at.localeCompare(a.row.started_at) || a.row.id.localeCompare(b.row.id))
    .slice(0, SIMILAR_LIMIT)
    .map(({ row, sharedBy }) => ({
      id: row.id,
      startedAt: row.started_at,
      landingUrl: row.landing_url,
      trafficType: row.traffic_type,
      riskLevel: row.risk_level,
      hits: row.hits,
      sharedBy: (['device', 'ip', 'subnet'] as const).filter((by) => sharedBy.has(by)),
    }));
}
