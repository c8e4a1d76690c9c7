import type { EventStore } from '../../storage/events/event-store.js';
import { inList, sql } from '../../storage/events/sql.js';

/**
 * The exclusion engine's reads of the event store (issue 33), written once against the dialect: the
 * high-risk sessions of the linked Google campaigns per campaign and IP (sessions, threats, last
 * time), and the prefixes legitimate traffic came from. Sessions carry the Google campaign id the
 * collector read from the landing (click id with the ValueTrack {campaignid}, or UTM).
 */

export interface InvalidIpRow {
  campaignId: string;
  ip: string;
  invalidSessions: number;
  /** Threat reason -> invalid sessions. */
  threats: Record<string, number>;
  lastInvalidAt: string;
}

/** High-risk sessions since `since` on these Google campaigns, per campaign and IP. */
export async function invalidIpsOfCampaigns(
  events: EventStore,
  relationshipId: number,
  campaignIds: readonly string[],
  since: Date,
): Promise<InvalidIpRow[]> {
  if (campaignIds.length === 0) return [];
  const campaigns = inList(sql`google_campaign_id`, campaignIds);
  const where = sql`relationship_id = ${relationshipId} and risk_level = ${'high'} and ip is not null
    and ip <> '' and last_seen_at >= ${since} and ${campaigns}`;
  const [totals, threats] = await Promise.all([
    events.query<{ campaign_id: string; ip: string; sessions: number; last_at: string }>(
      () => sql`select google_campaign_id as campaign_id, ip, count(*) as sessions, max(last_seen_at) as last_at
        from sessions where ${where}
        group by google_campaign_id, ip`,
    ),
    events.query<{ campaign_id: string; ip: string; threat: string; sessions: number }>(
      (d) => sql`select campaign_id, ip, threat, count(*) as sessions
        from (select google_campaign_id as campaign_id, ip, ${d.unnest('threats')} as threat
          from sessions where ${where}) as listed
        group by campaign_id, ip, threat`,
    ),
  ]);
  const byKey = new Map<string, InvalidIpRow>();
  for (const row of totals) {
    byKey.set(`${row.campaign_id}\t${row.ip}`, {
      campaignId: row.campaign_id,
      ip: row.ip,
      invalidSessions: Number(row.sessions),
      threats: {},
      lastInvalidAt: new Date(row.last_at).toISOString(),
    });
  }
  for (const row of threats) {
    const found = byKey.get(`${row.campaign_id}\t${row.ip}`);
    if (found) found.threats[row.threat] = Number(row.sessions);
  }
  return [...byKey.values()].sort(
    (a, b) => a.campaignId.localeCompare(b.campaignId) || a.ip.localeCompare(b.ip),
  );
}

/**
 * How many distinct legitimate prefixes the planner is given at most. It needs them only to judge
 * whether a range is clear of legitimate traffic; past this many it gets "everywhere" instead.
 */
export const LEGITIMATE_PREFIXES_MAX = 100_000;

/** Legitimate traffic from everywhere: no range is clear of it, so only single IPs are excluded. */
export const LEGITIMATE_EVERYWHERE: readonly string[] = ['0.0.0.0/0', '::/0'];

/**
 * Where legitimate traffic came from since `since`: the /24 of each IPv4 address, and each other
 * address as it is (the planner's range rule asks whether a range overlaps any of them). The read
 * stops after `max` prefixes: with more than that, a partial list could let a range cover
 * legitimate visitors, so the answer is LEGITIMATE_EVERYWHERE (ranges wait; single IPs go on).
 */
export async function legitimatePrefixes(
  events: EventStore,
  relationshipId: number,
  since: Date,
  max: number = LEGITIMATE_PREFIXES_MAX,
): Promise<readonly string[]> {
  const rows = await events.query<{ prefix: string }>(
    (d) => sql`select distinct case when net <> '' then net || '.0/24' else ip end as prefix
      from (select ip, ${d.ipv4Net24('ip')} as net from sessions
        where relationship_id = ${relationshipId} and risk_level = ${'low'} and ip is not null
          and ip <> '' and last_seen_at >= ${since}) as legitimate
      limit ${max + 1}`,
  );
  if (rows.length > max) return LEGITIMATE_EVERYWHERE;
  return rows.map((row) => row.prefix).sort();
}
