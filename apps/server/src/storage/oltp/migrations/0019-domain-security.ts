import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 40, domain security (docs/security-settings.md): `domain_entries` holds the account's domains by
 * list, `excluded_referrer` (referring domains whose traffic is excluded) and `sensor` (the domains its
 * sensor may run on), each normalised (lower case, no `*.`) and listed once;
 * `domain_security_settings` holds, per account that changed it, what a hit on a page outside the sensor
 * domains becomes (`flag` or `exclude`; no row: flag).
 */
export const domainSecurity: Migration = {
  name: '0019-domain-security',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('domain_entries')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('list', 'varchar(20)', (col) => col.notNull())
      .addColumn('value', 'varchar(253)', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addUniqueConstraint('domain_entries_unique', ['relationship_id', 'list', 'value'])
      .execute();
    await db.schema
      .createTable('domain_security_settings')
      .addColumn('relationship_id', 'integer', (col) =>
        col.primaryKey().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('foreign_domain_action', 'varchar(10)', (col) => col.notNull().defaultTo('flag'))
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
  },
};
