import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Instance-wide facts kept across restarts (instance id, first start, seed markers). */
export async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** Sets the value only when the key is absent; returns the stored value either way. */
export async function ensureMeta(db: Kysely<Database>, key: string, value: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const stored = await getMeta(db, key);
  if (stored === undefined) throw new Error(`app_meta ${key} vanished after insert`);
  return stored;
}
