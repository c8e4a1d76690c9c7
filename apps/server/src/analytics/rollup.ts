import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import { HIT_ROLLUP_TABLE } from '../storage/events/hit-rollup.js';
import { zoneOffsetMs } from './time-range.js';

/**
 * When a query's hits can be read from the hourly rollup (`storage/events/hit-rollup.ts`) instead of
 * the hits themselves: every dimension, filter and opened path is one the rollup keeps, the range
 * starts and ends on whole hours, and a time bucket in the account's zone is made of whole UTC hours
 * (zones whose offset is a whole number of hours all year). Anything else reads the hits, with the
 * same result (`analytics-parity.suite.ts` checks both ways).
 */

export { HIT_ROLLUP_TABLE };

/** The rollup's time column: the start of the UTC hour. */
export const HIT_ROLLUP_TIME_COLUMN = 'hour';

const ROLLUP_DIMENSIONS: ReadonlySet<DimensionId> = new Set<DimensionId>([
  'day',
  'hour',
  'month',
  'trafficType',
  'country',
  'device',
  'hitSecurityLevel',
  'hitStatus',
]);
const TIME_DIMENSIONS: ReadonlySet<DimensionId> = new Set<DimensionId>(['day', 'hour', 'month']);
const HOUR_MS = 3_600_000;

function wholeHourZone(timeZone: string, instants: readonly Date[]): boolean {
  const year = instants[0]?.getUTCFullYear() ?? 2000;
  const probes = [...instants, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year, 6, 1))];
  return probes.every((instant) => zoneOffsetMs(instant.getTime(), timeZone) % HOUR_MS === 0);
}

export function rollupServes(query: {
  dimensions: readonly DimensionId[];
  filters: readonly { dimension: DimensionId }[];
  from: Date;
  to: Date;
  timeZone: string;
}): boolean {
  if (!query.dimensions.every((dimension) => ROLLUP_DIMENSIONS.has(dimension))) return false;
  if (
    !query.filters.every(
      (filter) => ROLLUP_DIMENSIONS.has(filter.dimension) && !TIME_DIMENSIONS.has(filter.dimension),
    )
  ) {
    return false;
  }
  if (query.from.getTime() % HOUR_MS !== 0 || query.to.getTime() % HOUR_MS !== 0) return false;
  const bucketed = query.dimensions.some((dimension) => TIME_DIMENSIONS.has(dimension));
  return !bucketed || wholeHourZone(query.timeZone, [query.from, query.to]);
}
