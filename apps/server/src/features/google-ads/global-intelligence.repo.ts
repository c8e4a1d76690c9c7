import type { EventStore } from '../../storage/events/event-store.js';
import { sql } from '../../storage/events/sql.js';

/**
 * Global intelligence over the event store (issue 33): addresses and IPv4 /24 ranges whose sessions
 * were high risk in at least `minAccounts` distinct accounts since `since`. Only counts leave the
 * query, never which accounts. For one viewing account's country it also counts the accounts that saw
 * them there, and there on Google traffic, which decide the COUNTRY_* types.
 */
export interface GlobalIntelligenceRow {
  /** An address, or a range written `a.b.c.0/24`. */
  cidr: string;
  /** Distinct addresses behind the row (1 for an address). */
  ips: number;
  accounts: number;
  /** Accounts whose high-risk sessions from it were in `country`. */
  countryAccounts: number;
  /** Of those, on Google traffic (the google traffic type: a Google click id or Google paid UTM). */
  countryGoogleAccounts: number;
  lastSeenAt: string;
}

type Row = {
  cidr: string;
  ips: number;
  accounts: number;
  country_accounts: number;
  country_google_accounts: number;
  last_seen_at: string;
};

/** At most this many rows, most widespread first. */
export const GLOBAL_INTELLIGENCE_LIMIT = 5000;

export async function findGlobalIntelligence(
  events: EventStore,
  options: { since: Date; minAccounts: number; country: string | null },
): Promise<GlobalIntelligenceRow[]> {
  const { since, minAccounts } = options;
  const country = options.country ?? '';
  const rows = await events.query<Row>(
    (d) => sql`select cidr, count(distinct ip) as ips, count(distinct relationship_id) as accounts,
      count(distinct case when country = ${country} then relationship_id end) as country_accounts,
      count(distinct case when country = ${country} and traffic_type = 'google' then relationship_id end)
        as country_google_accounts,
      max(last_seen_at) as last_seen_at
    from (
      select relationship_id, coalesce(ip, '') as ip, coalesce(ip, '') as cidr, coalesce(country, '') as country,
        traffic_type, last_seen_at
      from sessions where risk_level = 'high' and ip is not null and ip <> '' and last_seen_at >= ${since}
      union all
      select relationship_id, ip, net || '.0/24' as cidr, country, traffic_type, last_seen_at
      from (select relationship_id, coalesce(ip, '') as ip, ${d.ipv4Net24('ip')} as net,
          coalesce(country, '') as country, traffic_type, last_seen_at
        from sessions where risk_level = 'high' and ip is not null and last_seen_at >= ${since}) ranges
      where net <> ''
    ) found
    group by cidr
    having count(distinct relationship_id) >= ${minAccounts}
    order by accounts desc, cidr
    limit ${GLOBAL_INTELLIGENCE_LIMIT}`,
  );
  return rows
    .map((row) => ({
      cidr: row.cidr,
      ips: Number(row.ips),
      accounts: Number(row.accounts),
      countryAccounts: Number(row.country_accounts),
      countryGoogleAccounts: Number(row.country_google_accounts),
      lastSeenAt: row.last_seen_at,
    }))
    .filter((row) => !row.cidr.endsWith('/24') || row.ips >= 2);
}

/** The country most of an account's sessions came from since `since` (unknown, WW, left out). */
export async function mainCountry(
  events: EventStore,
  relationshipId: number,
  since: Date,
): Promise<string | null> {
  const rows = await events.query<{ country: string }>(
    () => sql`select country from sessions
      where relationship_id = ${relationshipId} and last_seen_at >= ${since}
        and country is not null and country <> '' and country <> 'WW'
      group by country order by count(*) desc, country limit 1`,
  );
  return rows[0]?.country ?? null;
}
