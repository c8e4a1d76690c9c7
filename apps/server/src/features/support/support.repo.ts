import type { SupportRelationship } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { toRelationshipDto, toRelationshipRecord } from '../account/relationships.repo.js';

const MAX_FOUND = 50;

/**
 * The accounts support staff can open: by id when the search is a number, else by a part of the
 * company name (LIKE wildcards in the search are dropped); with their joined members' count.
 */
export async function findSupportRelationships(
  db: Kysely<Database>,
  search: string,
): Promise<SupportRelationship[]> {
  let query = db.selectFrom('relationships').selectAll().orderBy('company_name').limit(MAX_FOUND);
  if (/^\d+$/.test(search)) query = query.where('id', '=', Number(search));
  else if (search) query = query.where('company_name', 'like', `%${search.replace(/[%_\\]/g, '')}%`);
  const rows = await query.execute();
  const counts = await db
    .selectFrom('memberships')
    .select(['relationship_id', (eb) => eb.fn.countAll<number>().as('members')])
    .where('joined_at', 'is not', null)
    .groupBy('relationship_id')
    .execute();
  const members = new Map(counts.map((row) => [row.relationship_id, Number(row.members)]));
  return rows.map((row) => ({
    ...toRelationshipDto(toRelationshipRecord(row)),
    members: members.get(row.id) ?? 0,
    createdAt: row.created_at,
  }));
}
