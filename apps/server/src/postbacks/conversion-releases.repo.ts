import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';

/**
 * Records a held conversion's release. Answers false when it was already released (a conversion is
 * released once; a second release changes nothing).
 */
export async function insertConversionRelease(
  db: Kysely<Database>,
  release: {
    relationshipId: number;
    conversionId: string;
    conversionTs: string;
    releasedAt: string;
    releasedBy: number | null;
    status: 'reported' | 'not_reported';
  },
): Promise<boolean> {
  const row = await db
    .insertInto('conversion_releases')
    .values({
      relationship_id: release.relationshipId,
      conversion_id: release.conversionId,
      conversion_ts: release.conversionTs,
      released_at: release.releasedAt,
      released_by: release.releasedBy,
      status: release.status,
    })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'conversion_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The releases among these conversions of the account, by conversion id. */
export async function releasesAmong(
  db: Kysely<Database>,
  relationshipId: number,
  conversionIds: readonly string[],
): Promise<Map<string, { releasedAt: string; status: 'reported' | 'not_reported' }>> {
  if (conversionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversion_releases')
    .select(['conversion_id', 'released_at', 'status'])
    .where('relationship_id', '=', relationshipId)
    .where('conversion_id', 'in', [...conversionIds])
    .execute();
  return new Map(rows.map((row) => [row.conversion_id, { releasedAt: row.released_at, status: row.status }]));
}

/** The account's released conversions whose own time is in [from, to), by what each release came to. */
export async function releasedConversionIds(
  db: Kysely<Database>,
  relationshipId: number,
  range: { from: Date; to: Date },
): Promise<{ reported: string[]; notReported: string[] }> {
  const rows = await db
    .selectFrom('conversion_releases')
    .select(['conversion_id', 'status'])
    .where('relationship_id', '=', relationshipId)
    .where('conversion_ts', '>=', range.from.toISOString())
    .where('conversion_ts', '<', range.to.toISOString())
    .orderBy('conversion_id')
    .execute();
  return {
    reported: rows.filter((row) => row.status === 'reported').map((row) => row.conversion_id),
    notReported: rows.filter((row) => row.status === 'not_reported').map((row) => row.conversion_id),
  };
}
