import { type Kysely, sql } from 'kysely';
import type { EventWriterLock } from '../events/event-writer-lock.js';
import type { Database } from './schema.js';

/** The advisory lock's name; `hashtext` turns it into the lock's key. */
export const EVENT_WRITER_LOCK_NAME = 'veracity:event-store-writer';

/**
 * The event store's writer lock on PostgreSQL, shared by every server on the same accounts database:
 * each write runs inside a transaction that first takes `pg_advisory_xact_lock`, waiting for the
 * server that holds it, and the lock ends with the transaction (commit, rollback, or the connection
 * lost when a server dies), so no crash leaves it taken. The transaction holds one pooled connection
 * for the length of the write and touches no table.
 */
export function postgresWriterLock(db: Kysely<Database>): EventWriterLock {
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${EVENT_WRITER_LOCK_NAME}))`.execute(trx);
        return work();
      });
    },
  };
}
