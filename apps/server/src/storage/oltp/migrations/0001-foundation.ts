import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

/** Instance facts that survive restarts: the instance id and when it was first started. */
export const foundation: Migration = {
  name: '0001-foundation',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
      .execute();
  },
};
