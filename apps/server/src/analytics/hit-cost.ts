import { PAID_TRAFFIC_TYPES } from '@veracity/contracts/home';
import { AD_COSTS_TABLE } from '../storage/events/ad-costs.js';
import type { SqlDialect } from '../storage/events/dialect.js';
import { joinSql, rawSql, type Sql, sql } from '../storage/events/sql.js';

/**
 * What a hit (a click) cost the advertiser, the one price that the cost, profit and ROI metrics and the
 * home dashboard's savings add up (`docs/metrics.md`):
 *
 * 1. the cost the hit arrived with (server-to-server events may send one);
 * 2. else its Google campaign's real cost per click of that day: the imported cost of the campaign
 *    (`ad_costs`, written by the cost import of linked Google Ads accounts) divided by its clicks, the
 *    day read in the account's time zone; a day with no clicks has no cost per click;
 * 3. else the account's default cost per click of the hit's traffic type (paid channels only);
 * 4. else nothing (NULL, added as 0).
 */

/** The account's inputs to the price of a click. */
export interface CostBasis {
  /** Default cost per click by paid traffic type (`relationships.default_cpc`). */
  defaultCpc: ReadonlyMap<string, number>;
  /** Price clicks of Google campaigns at their imported cost per click where the day has one. */
  importedCosts: boolean;
}

/** No price but the hits' own costs (queries that compute no money, and tests of the bare column). */
export const NO_COST_BASIS: CostBasis = { defaultCpc: new Map(), importedCosts: false };

const PAID: ReadonlySet<string> = new Set(PAID_TRAFFIC_TYPES);

/** The basis of an account: its default costs per click of paid channels, and the imported costs. */
export function costBasis(defaultCpc: Readonly<Record<string, number>>): CostBasis {
  const paid = Object.entries(defaultCpc).filter(
    ([type, cpc]) => PAID.has(type) && typeof cpc === 'number' && Number.isFinite(cpc) && cpc >= 0,
  );
  return { defaultCpc: new Map(paid), importedCosts: true };
}

/** True when a click's price is its own `cost` column alone, which the hourly rollup sums. */
export function onlyStoredCost(basis: CostBasis): boolean {
  return !basis.importedCosts && basis.defaultCpc.size === 0;
}

/** The joined campaign day's columns (named apart from every hits column). */
const KNOWN = rawSql('cpc_known');
const VALUE = rawSql('cpc_value');

/** The price of one hit row, NULL when it has none (read over `hits` {@link costJoinSql joined}). */
export function hitCostSql(basis: CostBasis): Sql {
  const prices: Sql[] = [sql`cost`];
  if (basis.importedCosts) prices.push(sql`CASE WHEN ${KNOWN} = 1 THEN ${VALUE} END`);
  if (basis.defaultCpc.size > 0) {
    const cases = [...basis.defaultCpc].map(([type, cpc]) => sql`WHEN ${type} THEN CAST(${cpc} AS DOUBLE)`);
    prices.push(sql`CASE traffic_type ${joinSql(cases, ' ')} END`);
  }
  return prices.length === 1 ? sql`cost` : sql`coalesce(${joinSql(prices)})`;
}

/**
 * The join that brings each hit its Google campaign's cost per click of the hit's day, to put after
 * `FROM hits` (nothing when the basis has no imported costs). The campaign days come from `ad_costs`
 * of the account; a hit of another campaign or day finds none (ClickHouse fills an unmatched row with
 * zeros, hence the `cpc_known` flag rather than a NULL test).
 */
export function costJoinSql(
  basis: CostBasis,
  scope: { relationshipId: number; timeZone: string },
  dialect: SqlDialect,
): Sql {
  if (!basis.importedCosts) return sql``;
  const days = sql`SELECT campaign_id AS cpc_campaign_id, CAST(day AS VARCHAR) AS cpc_day,
      CAST(sum(cost_micros) AS DOUBLE) / 1000000 / sum(clicks) AS ${VALUE}, 1 AS ${KNOWN}
    FROM ${rawSql(AD_COSTS_TABLE)}
    WHERE relationship_id = ${scope.relationshipId} AND provider = ${'google_ads'}
    GROUP BY campaign_id, day HAVING sum(clicks) > 0`;
  const hitDay = dialect.dateBucket('ts', 'day', scope.timeZone);
  return sql` LEFT JOIN (${days}) AS ad_cpc ON ad_cpc.cpc_campaign_id = google_campaign_id AND ad_cpc.cpc_day = ${hitDay}`;
}
