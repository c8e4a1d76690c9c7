import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/** Campaigns (issue 5): S2S campaigns now, firewall campaigns later, in one table keyed by id. */
export const campaigns: Migration = {
  name: '0003-campaigns',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('campaigns')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('type', 'varchar(10)', (col) => col.notNull())
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('google_account_id', 'varchar(13)')
      .addColumn('google_campaign_id', 'varchar(20)')
      .addColumn('google_campaign_type', 'varchar(20)')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('campaigns_relationship_idx')
      .on('campaigns')
      .columns(['relationship_id', 'type'])
      .execute();
  },
};
