import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type AccountAuthContext, accountOf } from '../../http/access.js';
import type { Database } from '../../storage/oltp/schema.js';
import { insertAuditEntry } from './audit.repo.js';

/**
 * The audit log: who changed which account, and what. Every change of an account's settings,
 * members, API keys, lists (IP lists, labels, login access), campaigns and alerts, and every support
 * log-in, writes an entry through {@link audit}, inside the change's transaction where it has one so
 * that a change and its entry are kept or lost together. An entry never holds a secret or a token;
 * small values are written old -> new. `audit-log.test.ts` drives every write route of the API.
 */

export type AuditValue = string | number | boolean | null;

/** A value that changed: what it was and what it became. */
export interface AuditChange {
  from: AuditValue;
  to: AuditValue;
}

export interface AuditEntry {
  actorUserId: number | null;
  relationshipId: number | null;
  action: string;
  detail?: Record<string, AuditValue | AuditChange>;
  ip?: string | null;
}

/** Who makes a change to an account: the person (support staff in a support session), the account, the address. */
export interface AuditActor {
  actorUserId: number;
  relationshipId: number;
  ip: string | null;
}

/** The caller of an account route, as the author of the changes it makes. */
export function actorOf(request: FastifyRequest): AuditActor {
  return auditActor(accountOf(request), request.ip);
}

export function auditActor(auth: AccountAuthContext, ip: string | null): AuditActor {
  return { actorUserId: auth.user.id, relationshipId: auth.relationship.id, ip };
}

/** The fields of `after` whose value differs from `before`, each old -> new (absent fields left out). */
export function changesOf<T extends Record<string, AuditValue | undefined>>(
  before: { [K in keyof T]?: AuditValue | undefined },
  after: T,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field] ?? null;
    if (old !== value) changes[field] = { from: old, to: value };
  }
  return changes;
}

/** Appends an entry to the audit log; `db` may be the transaction of the change it records. */
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
