import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 35, HubSpot: a conversion Veracity judged invalid or suspicious that named its person (the
 * `hubspotutk` cookie, or an email sent over S2S) while the account had HubSpot linked, one row a
 * conversion, until the matching job finds the contact and flags it (`flagged`) or gives up after
 * HUBSPOT_MATCH_WINDOW_HOURS (`expired`). The email is sealed with the instance secret and cleared once
 * the row leaves `pending`.
 */
export const hubspotLeads: Migration = {
  name: '0013-hubspot-leads',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('hubspot_leads')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('conversion_id', 'varchar(128)', (col) => col.notNull())
      .addColumn('conversion_name', 'varchar(128)', (col) => col.notNull())
      .addColumn('converted_at', TS, (col) => col.notNull())
      .addColumn('verdict', 'varchar(12)', (col) => col.notNull())
      .addColumn('reasons', 'text', (col) => col.notNull())
      .addColumn('utk', 'varchar(32)')
      .addColumn('email_sealed', 'text')
      .addColumn('status', 'varchar(12)', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_try_at', TS, (col) => col.notNull())
      .addColumn('contact_id', 'varchar(64)')
      .addColumn('matched_by', 'varchar(12)')
      .addColumn('flagged_at', TS)
      .addColumn('created_at', TS, (col) => col.notNull())
      .addUniqueConstraint('hubspot_leads_conversion_unique', ['relationship_id', 'conversion_id'])
      .execute();
    await db.schema
      .createIndex('hubspot_leads_due_idx')
      .on('hubspot_leads')
      .columns(['status', 'next_try_at'])
      .execute();
    await db.schema
      .createIndex('hubspot_leads_flagged_idx')
      .on('hubspot_leads')
      .columns(['relationship_id', 'flagged_at'])
      .execute();
  },
};
