import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 34, held conversions: a conversion the firewall held (stored `paused` in the event store,
 * whose rows are immutable) and the account released, one row a conversion. `status` is what the
 * release came to: `reported` (the traffic source's postback was queued) or `not_reported` (the source
 * has no postback URL); analytics counts a released conversion by it (`conversion_ts` bounds the releases a query's range reads).
 */
export const conversionReleases: Migration = {
  name: '0012-conversion-releases',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('conversion_releases')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('conversion_id', 'varchar(128)', (col) => col.notNull())
      .addColumn('conversion_ts', TS, (col) => col.notNull())
      .addColumn('released_at', TS, (col) => col.notNull())
      .addColumn('released_by', 'integer')
      .addColumn('status', 'varchar(12)', (col) => col.notNull())
      .addUniqueConstraint('conversion_releases_conversion_unique', ['relationship_id', 'conversion_id'])
      .execute();
    await db.schema
      .createIndex('conversion_releases_ts_idx')
      .on('conversion_releases')
      .columns(['relationship_id', 'conversion_ts'])
      .execute();
  },
};
