import type { Label } from '@veracity/contracts/account';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LabelsTable } from '../../storage/oltp/schema.js';

export interface LabelValues {
  name: string;
  color: string;
}

function toLabel(row: Selectable<LabelsTable>): Label {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at };
}

/** The account's labels, by name. */
export async function listLabels(db: Kysely<Database>, relationshipId: number): Promise<Label[]> {
  const rows = await db
    .selectFrom('labels')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('name')
    .execute();
  return rows.map(toLabel);
}

/** Undefined when the account has no such label. */
export async function findLabel(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<Label | undefined> {
  const row = await db
    .selectFrom('labels')
    .selectAll()
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row && toLabel(row);
}

/** Throws the store's unique violation when the account already has a label of that name. */
export async function insertLabel(
  db: Kysely<Database>,
  relationshipId: number,
  values: LabelValues,
): Promise<Label> {
  const row = await db
    .insertInto('labels')
    .values({
      relationship_id: relationshipId,
      name: values.name,
      color: values.color,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLabel(row);
}

/** Undefined when the account has no such label. */
export async function updateLabel(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  values: LabelValues,
): Promise<Label | undefined> {
  const row = await db
    .updateTable('labels')
    .set({ name: values.name, color: values.color })
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .returningAll()
    .executeTakeFirst();
  return row && toLabel(row);
}

/** False when the account has no such label. */
export async function deleteLabel(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('labels')
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
