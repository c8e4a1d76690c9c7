import type { ApiKey } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { newSecret, secretHash } from '../auth/secrets.js';

/** API keys authenticate server-to-server calls; the key is `vk_` and 43 characters, shown once. */
const KEY_PREFIX = 'vk_';
const SHOWN_PREFIX_LENGTH = 10;

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

export async function createApiKey(
  db: Kysely<Database>,
  relationshipId: number,
  /** Who created it; null for the server's own (the first start's demo traffic). */
  userId: number | null,
  name: string,
): Promise<ApiKey & { key: string }> {
  const key = `${KEY_PREFIX}${newSecret()}`;
  const row = await db
    .insertInto('api_keys')
    .values({
      relationship_id: relationshipId,
      name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      key_hash: secretHash(key),
      created_by: userId,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
  return { ...toApiKey(row), key };
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

/** The relationship an API key belongs to, noting its use; undefined for an unknown key. */
export async function relationshipOfApiKey(db: Kysely<Database>, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'relationship_id'])
    .where('key_hash', '=', secretHash(key))
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date().toISOString() })
    .where('id', '=', row.id)
    .execute();
  return row.relationship_id;
}
