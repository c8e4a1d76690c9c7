import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import { type FilterOptions, OBSERVED_VALUES_DAYS } from '@veracity/contracts/analytics/query';
import { dimensionSql, NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { sql } from '../../storage/events/sql.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';

/** The values a free-text dimension showed in the account's hits of the last days, most frequent first. */
export async function observedValues(
  events: EventStore,
  relationship: RelationshipRecord,
  id: DimensionId,
  search: string,
  limit: number,
): Promise<FilterOptions> {
  const since = new Date(Date.now() - OBSERVED_VALUES_DAYS * 86_400_000);
  const rows = await events.query<{ value: string }>((d) => {
    const column = dimensionSql(id, 'hits', {
      dialect: d,
      timeZone: relationship.timezone,
      lookups: NO_LOOKUPS,
    });
    const matching = search === '' ? sql`` : sql` AND ${d.containsText(column, search)}`;
    return sql`SELECT ${column} AS value, count(*) AS uses FROM hits
      WHERE relationship_id = ${relationship.id} AND ts >= ${since} AND ${column} IS NOT NULL${matching}
      GROUP BY value ORDER BY uses DESC, value LIMIT ${limit + 1}`;
  });
  return {
    options: rows.slice(0, limit).map((row) => ({ id: row.value, name: row.value })),
    truncated: rows.length > limit,
  };
}
