import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

/**
 * Issue 40, the account changelog: the audit log is read one account at a time, newest first, within
 * a date range (GET /api/account/changelog). The index serves that order and range.
 */
export const changelog: Migration = {
  name: '0023-changelog',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('audit_log_account_at')
      .on('audit_log')
      .columns(['relationship_id', 'at', 'id'])
      .execute();
  },
};
