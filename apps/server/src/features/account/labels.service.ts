import type { Label } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import { isUniqueViolation } from '../../storage/oltp/oltp-database.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit, changesOf } from './audit.js';
import {
  deleteLabel,
  findLabel,
  insertLabel,
  type LabelValues,
  listLabels,
  updateLabel,
} from './labels.repo.js';

/** Labels an account puts on its campaigns (spec 01 §7): one name once per account; changes audited. */

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw ApiError.conflict([{ code: 'ALREADY_EXISTS', field: 'name' }]);
  throw error;
}

export { listLabels };

export function createLabel(db: Kysely<Database>, actor: AuditActor, values: LabelValues): Promise<Label> {
  return db
    .transaction()
    .execute(async (trx) => {
      const label = await insertLabel(trx, actor.relationshipId, values);
      await audit(trx, {
        ...actor,
        action: 'label.created',
        detail: { id: label.id, name: label.name, color: label.color },
      });
      return label;
    })
    .catch(nameTaken);
}

export function renameLabel(
  db: Kysely<Database>,
  actor: AuditActor,
  id: number,
  values: LabelValues,
): Promise<Label> {
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await findLabel(trx, actor.relationshipId, id);
      const label = before && (await updateLabel(trx, actor.relationshipId, id, values));
      if (!before || !label) throw ApiError.notFound('No such label');
      await audit(trx, {
        ...actor,
        action: 'label.updated',
        detail: { id, ...changesOf(before, { name: label.name, color: label.color }) },
      });
      return label;
    })
    .catch(nameTaken);
}

export async function removeLabel(db: Kysely<Database>, actor: AuditActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const label = await findLabel(trx, actor.relationshipId, id);
    if (!label || !(await deleteLabel(trx, actor.relationshipId, id)))
      throw ApiError.notFound('No such label');
    await audit(trx, { ...actor, action: 'label.deleted', detail: { id, name: label.name } });
  });
}
