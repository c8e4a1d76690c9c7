import type { Label } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import { isUniqueViolation } from '../../storage/oltp/oltp-database.js';
import type { Database } from '../../storage/oltp/schema.js';
import { deleteLabel, insertLabel, type LabelValues, listLabels, updateLabel } from './labels.repo.js';

/** Labels an account puts on its campaigns (spec 01 §7): one name once per account. */

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw ApiError.conflict([{ code: 'ALREADY_EXISTS', field: 'name' }]);
  throw error;
}

export { listLabels };

export function createLabel(
  db: Kysely<Database>,
  relationshipId: number,
  values: LabelValues,
): Promise<Label> {
  return insertLabel(db, relationshipId, values).catch(nameTaken);
}

export async function renameLabel(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  values: LabelValues,
): Promise<Label> {
  const label = await updateLabel(db, relationshipId, id, values).catch(nameTaken);
  if (!label) throw ApiError.notFound('No such label');
  return label;
}

export async function removeLabel(db: Kysely<Database>, relationshipId: number, id: number): Promise<void> {
  if (!(await deleteLabel(db, relationshipId, id))) throw ApiError.notFound('No such label');
}
