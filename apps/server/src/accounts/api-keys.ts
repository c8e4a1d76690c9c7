import type { ApiKey } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';
import { findApiKeyByHash, insertApiKey, touchApiKey } from './api-keys.repo.js';
import { newSecret, secretHash } from './secrets.js';

export { deleteApiKey, listApiKeys } from './api-keys.repo.js';

/** API keys authenticate server-to-server calls; the key is `vk_` and 43 characters, shown once. */
const KEY_PREFIX = 'vk_';
const SHOWN_PREFIX_LENGTH = 10;

/** A new key: only its hash and its first characters are stored; the key itself is returned once. */
export async function createApiKey(
  db: Kysely<Database>,
  relationshipId: number,
  /** Who created it; null for the server's own (the first start's demo traffic). */
  userId: number | null,
  name: string,
): Promise<ApiKey & { key: string }> {
  const key = `${KEY_PREFIX}${newSecret()}`;
  const stored = await insertApiKey(db, {
    relationshipId,
    createdBy: userId,
    name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    keyHash: secretHash(key),
  });
  return { ...stored, key };
}

/** The relationship an API key belongs to, noting its use; undefined for an unknown key. */
export async function relationshipOfApiKey(db: Kysely<Database>, key: string): Promise<number | undefined> {
  const row = await findApiKeyByHash(db, secretHash(key));
  if (!row) return undefined;
  await touchApiKey(db, row.id);
  return row.relationship_id;
}
