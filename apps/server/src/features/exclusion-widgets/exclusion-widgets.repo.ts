import type { EventStore } from '../../storage/events/event-store.js';
import { inList, rawSql, type Sql, sql } from '../../storage/events/sql.js';

/**
 * The event-store queries of the exclusion widgets, written once against the dialect: per local day,
 * the channel's visits (hits) by verdict and the exclusion events the sensor reported firing on the
 * channel's platform, with those of them whose hit was invalid.
 */

/** Which traffic a widget counts: a channel's traffic type, its platform's firings, its campaigns. */
export interface ChannelTraffic {
  trafficType: string;
  platform: string;
  /**
   * Google sections: the Google campaign ids of the section's types, and whether traffic whose
   * campaign type is unknown counts (the picker's UNCATEGORIZED), given every id whose type is known.
   * Absent for channels without campaign types.
   */
  googleCampaigns?: { ids: readonly string[]; uncategorized: boolean; knownIds: readonly string[] };
}

export interface DailyExclusionFigures {
  day: string;
  visits: number;
  invalidVisits: number;
  legitimateVisits: number;
  exclusionEvents: number;
  exclusionEventsInvalid: number;
}

function campaignCondition(traffic: ChannelTraffic): Sql {
  const campaigns = traffic.googleCampaigns;
  if (!campaigns) return rawSql('TRUE');
  const column = rawSql('google_campaign_id');
  const chosen = inList(column, campaigns.ids);
  if (!campaigns.uncategorized) return chosen;
  return sql`(${chosen} OR ${column} IS NULL OR NOT (${inList(column, campaigns.knownIds)}))`;
}

/** The channel's figures for each local day of `[from, to)` that has any (days without none are left out). */
export async function dailyExclusionFigures(
  events: EventStore,
  scope: { relationshipId: number; timeZone: string; from: Date; to: Date },
  traffic: ChannelTraffic,
): Promise<DailyExclusionFigures[]> {
  const { relationshipId, timeZone, from, to } = scope;
  const campaigns = campaignCondition(traffic);
  const rows = await events.query<{
    day: string;
    visits: number;
    invalid_visits: number;
    legitimate_visits: number;
    firings: number;
    firings_invalid: number;
  }>(
    (d) => sql`select day, sum(visits) as visits, sum(invalid_visits) as invalid_visits,
        sum(legitimate_visits) as legitimate_visits, sum(firings) as firings,
        sum(firings_invalid) as firings_invalid
      from (
        select ${d.dateBucket('ts', 'day', timeZone)} as day, count(*) as visits,
          ${d.countIf(sql`risk_level = ${'high'}`)} as invalid_visits,
          ${d.countIf(sql`risk_level = ${'low'}`)} as legitimate_visits,
          ${d.zeroCount} as firings, ${d.zeroCount} as firings_invalid
        from hits
        where relationship_id = ${relationshipId} and ts >= ${from} and ts < ${to}
          and traffic_type = ${traffic.trafficType} and ${campaigns}
        group by day
        union all
        select ${d.dateBucket('ts', 'day', timeZone)} as day, ${d.zeroCount} as visits,
          ${d.zeroCount} as invalid_visits, ${d.zeroCount} as legitimate_visits, count(*) as firings,
          ${d.countIf(sql`risk_level = ${'high'}`)} as firings_invalid
        from exclusion_firings
        where relationship_id = ${relationshipId} and ts >= ${from} and ts < ${to}
          and platform = ${traffic.platform} and traffic_type = ${traffic.trafficType} and ${campaigns}
        group by day
      ) as daily
      group by day
      order by day`,
  );
  return rows.map((row) => ({
    day: row.day,
    visits: Number(row.visits),
    invalidVisits: Number(row.invalid_visits),
    legitimateVisits: Number(row.legitimate_visits),
    exclusionEvents: Number(row.firings),
    exclusionEventsInvalid: Number(row.firings_invalid),
  }));
}
