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
  /** Invalid (high-risk) visits of the channel that day. */
  invalidVisits: number;
  /** Of those, the visits that had a price (the others add nothing to the savings). */
  pricedVisits: number;
  /** Their price added up, in the account currency. */
  savings: number;
}

interface Row extends Record<string, string | number> {
  d0: string;
  d1: string;
  invalid_visits: number;
  priced_visits: number;
  savings: number;
}

export async function invalidClickCosts(store: EventStore, scope: QueryScope): Promise<InvalidClickCosts[]> {
  const rows = await store.query<Row>((dialect) => {
    const price = hitCostSql(scope.costs);
    const where = whereSql({ ...scope, dimensions: [], path: [] }, 'hits', dialect);
    return sql`SELECT ${dialect.dateBucket('ts', 'day', scope.timeZone)} AS d0, traffic_type AS d1,
        count(*) AS invalid_visits, count(${price}) AS priced_visits, coalesce(sum(${price}), 0) AS savings
      FROM hits${costJoinSql(scope.costs, scope, dialect)}
      WHERE ${where} AND risk_level = ${'high'} AND ${inList(sql`traffic_type`, PAID_TRAFFIC_TYPES)}
      GROUP BY d0, d1 ORDER BY d0, d1`;
  });
  return rows.map((row) => ({
    day: row.d0,
    trafficType: row.d1,
    invalidVisits: Number(row.invalid_visits),
    pricedVisits: Number(row.priced_visits),
    savings: Number(row.savings),
  }));
}
