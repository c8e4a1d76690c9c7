import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../storage/oltp/schema.js';

export async function insertAuditEntry(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
