import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/** The built-in test-mode provider's objects: JSON documents by kind and id (table billing_test_objects). */
export type TestObjectKind = 'hosted_page' | 'subscription';

export async function readTestObject<T>(
  db: Kysely<Database>,
  kind: TestObjectKind,
  id: string,
): Promise<T | null> {
  const row = await db
    .selectFrom('billing_test_objects')
    .select('body')
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (JSON.parse(row.body) as T) : null;
}

export async function insertTestObject(
  db: Kysely<Database>,
  kind: TestObjectKind,
  id: string,
  body: unknown,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('billing_test_objects')
    .values({ kind, id, body: JSON.stringify(body), created_at: now, updated_at: now })
    .execute();
}

export async function writeTestObject(
  db: Kysely<Database>,
  kind: TestObjectKind,
  id: string,
  body: unknown,
): Promise<void> {
  await db
    .updateTable('billing_test_objects')
    .set({ body: JSON.stringify(body), updated_at: new Date().toISOString() })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
}
