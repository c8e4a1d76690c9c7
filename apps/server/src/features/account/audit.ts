import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { insertAuditEntry } from './audit.repo.js';

export interface AuditEntry {
  actorUserId: number | null;
  relationshipId: number | null;
  action: string;
  detail?: Record<string, string | number | boolean | null>;
  ip?: string | null;
}

/** Appends to the audit log: impersonations, user administration, security settings. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    at: new Date().toISOString(),
    actor_user_id: entry.actorUserId,
    relationship_id: entry.relationshipId,
    action: entry.action,
    detail: JSON.stringify(entry.detail ?? {}),
    ip: entry.ip ?? null,
  });
}
