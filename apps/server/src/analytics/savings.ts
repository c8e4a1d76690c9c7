import { PAID_TRAFFIC_TYPES } from '@veracity/contracts/home';
import type { EventStore } from '../storage/events/event-store.js';
import { inList, sql } from '../storage/events/sql.js';
import { costJoinSql, hitCostSql } from './hit-cost.js';
import { whereSql } from './query-sql.js';
import type { QueryScope } from './results.js';

/**
 * Savings (spec 02 §2): what the invalid visits of paid channels would have cost, each click at its
 * price (`hit-cost.ts`: its campaign's real cost per click where Google Ads costs were imported, the
 * account's default cost per click of its channel otherwise), per day of the account's zone and channel.
 */

export interface InvalidClickCosts {
  /** `YYYY-MM-DD` in the account's time zone. */
  day: string;
  trafficType: string;
  /** The visits' Google Ads campaign id (null without one), when asked to group by it. */
  googleCampaignId?: string | null;
  /** Invalid (high-risk) visits of the channel that day. */
  invalidVisits: number;
  /** Of those, the visits that had a price (the others add nothing to the savings). */
  pricedVisits: number;
  /** Their price added up, in the account currency. */
  savings: number;
}

interface Row extends Record<string, string | number | null> {
  d0: string;
  d1: string;
  d2: string | null;
  invalid_visits: number;
  priced_visits: number;
  savings: number;
}

/**
 * The priced invalid clicks of paid channels by day and channel; with `byGoogleCampaign`, by their
 * Google Ads campaign too (the performance screen's campaigns).
 */
export async function invalidClickCosts(
  store: EventStore,
  scope: QueryScope,
  options: { byGoogleCampaign?: boolean } = {},
): Promise<InvalidClickCosts[]> {
  const byCampaign = options.byGoogleCampaign === true;
  const rows = await store.query<Row>((dialect) => {
    const price = hitCostSql(scope.costs);
    const where = whereSql({ ...scope, dimensions: [], path: [] }, 'hits', dialect);
    const campaign = byCampaign ? sql`google_campaign_id` : sql`NULL`;
    const groups = byCampaign ? sql`d0, d1, d2` : sql`d0, d1`;
    return sql`SELECT ${dialect.dateBucket('ts', 'day', scope.timeZone)} AS d0, traffic_type AS d1,
        ${campaign} AS d2,
        count(*) AS invalid_visits, count(${price}) AS priced_visits, coalesce(sum(${price}), 0) AS savings
      FROM hits${costJoinSql(scope.costs, scope, dialect)}
      WHERE ${where} AND risk_level = ${'high'} AND ${inList(sql`traffic_type`, PAID_TRAFFIC_TYPES)}
      GROUP BY ${groups} ORDER BY ${groups}`;
  });
  return rows.map((row) => ({
    day: row.d0,
    trafficType: row.d1,
    ...(byCampaign ? { googleCampaignId: row.d2 === null || row.d2 === '' ? null : String(row.d2) } : {}),
    invalidVisits: Number(row.invalid_visits),
    pricedVisits: Number(row.priced_visits),
    savings: Number(row.savings),
  }));
}
