import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 39, the weekly performance mail (docs/performance-email.md): `performance_email_marks` holds one
 * row per account, user and week mailed (`week_start`, the Monday `YYYY-MM-DD` of the week covered, in
 * the account's time zone), written in the same transaction as the mail's outbox row, so a user is
 * mailed at most once a week across restarts and concurrent servers.
 */
export const performanceEmails: Migration = {
  name: '0017-performance-emails',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('performance_email_marks')
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('week_start', 'varchar(10)', (col) => col.notNull())
      .addColumn('outbox_id', 'integer')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('performance_email_marks_pk', ['relationship_id', 'user_id', 'week_start'])
      .execute();
  },
};
