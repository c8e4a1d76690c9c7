import type { EventStore } from '../../storage/events/event-store.js';
import { inList, joinSql, type Sql, sql } from '../../storage/events/sql.js';

/**
 * The benchmark's queries over the stored visits (hits), written once against the dialect: invalid
 * visits are the high-risk ones; days are UTC days, the same for every account of a vertical.
 */

export type VisitCountsRow = {
  relationship_id: number;
  day: string;
  country: string | null;
  traffic_type: string;
  google_campaign_id: string | null;
  visits: number;
  invalid: number;
};

/**
 * Visits and invalid visits of the accounts over `[from, to)` by account, UTC day, country, traffic
 * type and Google campaign id: the job's one read of every account of the verticals.
 */
export function accountsVisitCounts(
  events: EventStore,
  relationshipIds: readonly number[],
  range: { from: Date; to: Date },
): Promise<VisitCountsRow[]> {
  if (relationshipIds.length === 0) return Promise.resolve([]);
  return events.query<VisitCountsRow>(
    (d) =>
      sql`select relationship_id, ${d.dateBucket('ts', 'day', 'UTC')} as day, country, traffic_type,
          google_campaign_id, count(*) as visits, ${d.countIf(sql`risk_level = ${'high'}`)} as invalid
        from hits
        where ${inList(sql`relationship_id`, relationshipIds)} and ts >= ${range.from} and ts < ${range.to}
        group by relationship_id, day, country, traffic_type, google_campaign_id`,
  );
}

export type OwnVisitCountsRow = {
  day: string;
  traffic_type: string;
  visits: number;
  invalid: number;
};

/**
 * One account's visits and invalid visits over `[from, to)` by UTC day and traffic type, in a country
 * and from Google campaigns with the given ids when those filters are set (an empty id list matches
 * nothing).
 */
export function ownVisitCounts(
  events: EventStore,
  relationshipId: number,
  range: { from: Date; to: Date },
  filters: { country?: string | undefined; googleCampaignIds?: readonly string[] | undefined },
): Promise<OwnVisitCountsRow[]> {
  const conditions: Sql[] = [
    sql`relationship_id = ${relationshipId}`,
    sql`ts >= ${range.from}`,
    sql`ts < ${range.to}`,
  ];
  if (filters.country) conditions.push(sql`country = ${filters.country}`);
  if (filters.googleCampaignIds) {
    if (filters.googleCampaignIds.length === 0) return Promise.resolve([]);
    conditions.push(inList(sql`google_campaign_id`, filters.googleCampaignIds));
  }
  return events.query<OwnVisitCountsRow>(
    (d) =>
      sql`select ${d.dateBucket('ts', 'day', 'UTC')} as day, traffic_type, count(*) as visits,
          ${d.countIf(sql`risk_level = ${'high'}`)} as invalid
        from hits where ${joinSql(conditions, ' and ')}
        group by day, traffic_type`,
  );
}
