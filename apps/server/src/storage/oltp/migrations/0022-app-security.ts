import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

/**
 * Issue 40, in-app traffic security (/setup/security/apk-security; docs/security-settings.md):
 * - `app_package_entries`: the Android app packages an account allows (`allowed`) and blocks
 *   (`blocked`), lower case, each once a list; a `.*` ending makes an entry a prefix.
 * - `app_sightings`: the apps seen in the account's traffic, hits by UTC day, for the screen's list of
 *   apps seen (the event store keeps no package).
 */
export const appSecurity: Migration = {
  name: '0022-app-security',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    const relationship = (col: ColumnDefinitionBuilder) =>
      col.notNull().references('relationships.id').onDelete('cascade');

    await db.schema
      .createTable('app_package_entries')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('list', 'varchar(10)', (col) => col.notNull())
      .addColumn('package', 'varchar(255)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
      .addUniqueConstraint('app_package_entries_unique', ['relationship_id', 'list', 'package'])
      .execute();

    await db.schema
      .createTable('app_sightings')
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('package', 'varchar(255)', (col) => col.notNull())
      .addColumn('day', 'varchar(10)', (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addColumn('last_seen_at', 'varchar(30)', (col) => col.notNull())
      .addPrimaryKeyConstraint('app_sightings_pk', ['relationship_id', 'day', 'package'])
      .execute();
  },
};
