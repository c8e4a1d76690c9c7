import { PAID_TRAFFIC_TYPES } from '@veracity/contracts/home';
import { AD_COSTS_TABLE } from '../storage/events/ad-costs.js';
import type { SqlDialect } from '../storage/events/dialect.js';
import { joinSql, rawSql, type Sql, sql } from '../storage/events/sql.js';
import { zoneOffsetMs } from './time-range.js';

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

const DAY_MS = 86_400_000;

/**
 * The offsets of a time zone over a range: the first, then each change with the instant it starts.
 * Sampled daily (zones change offset at most a few times a year) and each change found to the
 * millisecond between two samples.
 */
export function zoneOffsets(timeZone: string, from: Date, to: Date): { since: number; offsetMs: number }[] {
  const start = from.getTime() - DAY_MS;
  const end = to.getTime() + DAY_MS;
  const offsets = [{ since: start, offsetMs: zoneOffsetMs(start, timeZone) }];
  let previous = start;
  for (let at = Math.min(start + DAY_MS, end); previous < end; at = Math.min(at + DAY_MS, end)) {
    const offsetMs = zoneOffsetMs(at, timeZone);
    const before = offsets[offsets.length - 1]?.offsetMs;
    if (offsetMs !== before) {
      let low = previous;
      let high = at;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zoneOffsetMs(middle, timeZone) === before) low = middle;
        else high = middle;
      }
      offsets.push({ since: high, offsetMs });
    }
    previous = at;
  }
  return offsets;
}

/**
 * The hit's calendar day in the account's zone as a day number (days since 1970-01-01), computed with
 * integer arithmetic from the zone's offsets over the range: formatting every hit's local date costs
 * many times more than the rest of a query.
 */
function localDaySql(scope: { timeZone: string; from: Date; to: Date }, dialect: SqlDialect): Sql {
  const [first, ...changes] = zoneOffsets(scope.timeZone, scope.from, scope.to);
  const offset =
    changes.length === 0
      ? sql`${first?.offsetMs ?? 0}`
      : sql`CASE ${joinSql(
          [first, ...changes]
            .slice(0, -1)
            .map(
              (segment, index) =>
                sql`WHEN ts < ${new Date(changes[index]?.since ?? 0)} THEN ${segment?.offsetMs ?? 0}`,
            ),
          ' ',
        )} ELSE ${changes[changes.length - 1]?.offsetMs ?? 0} END`;
  return sql`CAST(floor((${dialect.epochMs('ts')} + ${offset}) / ${DAY_MS}) AS BIGINT)`;
}

/**
 * The join that brings each hit its Google campaign's cost per click of the hit's day, to put after
 * `FROM hits` (nothing when the basis has no imported costs). The campaign days come from `ad_costs`
 * of the account; a hit of another campaign or day finds none (ClickHouse fills an unmatched row with
 * zeros, hence the `cpc_known` flag rather than a NULL test).
 */
export function costJoinSql(
  basis: CostBasis,
  scope: { relationshipId: number; timeZone: string; from: Date; to: Date },
  dialect: SqlDialect,
): Sql {
  if (!basis.importedCosts) return sql``;
  const days = sql`SELECT campaign_id AS cpc_campaign_id, ${dialect.epochDays('day')} AS cpc_day,
      CAST(sum(cost_micros) AS DOUBLE) / 1000000 / sum(clicks) AS ${VALUE}, 1 AS ${KNOWN}
    FROM ${rawSql(AD_COSTS_TABLE)}
    WHERE relationship_id = ${scope.relationshipId} AND provider = ${'google_ads'}
    GROUP BY campaign_id, day HAVING sum(clicks) > 0`;
  // Only a hit with a Google campaign id can find its campaign day: the others skip the arithmetic.
  const hitDay = sql`CASE WHEN google_campaign_id IS NOT NULL THEN ${localDaySql(scope, dialect)} END`;
  return sql` LEFT JOIN (${days}) AS ad_cpc ON ad_cpc.cpc_campaign_id = google_campaign_id AND ad_cpc.cpc_day = ${hitDay}`;
}
