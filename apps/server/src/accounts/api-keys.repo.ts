import type { ApiKey } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';

function toApiKey(row: {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function listApiKeys(db: Kysely<Database>, relationshipId: number): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return rows.map(toApiKey);
}

export async function insertApiKey(
  db: Kysely<Database>,
  key: { relationshipId: number; createdBy: number | null; name: string; prefix: string; keyHash: string },
): Promise<ApiKey> {
  const row = await db
    .insertInto('api_keys')
    .values({
      relationship_id: key.relationshipId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      created_by: key.createdBy,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
  return toApiKey(row);
}

export async function deleteApiKey(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findApiKeyByHash(
  db: Kysely<Database>,
  keyHash: string,
): Promise<{ id: number; relationship_id: number } | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'relationship_id'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
