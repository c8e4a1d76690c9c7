import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 34, durable postback delivery (postbacks/): the queue of conversions to report to a
 * traffic source's postback URL, one row a conversion and traffic source (so a conversion is reported
 * once), and the log of every attempt. The delivery job picks pending rows whose next attempt is due,
 * so retries survive a restart. `traffic_source_id` names the firewall's traffic source.
 */
export const postbackDelivery: Migration = {
  name: '0011-postback-delivery',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('postback_deliveries')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('conversion_id', 'varchar(128)', (col) => col.notNull())
      .addColumn('traffic_source_id', 'integer', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('state', 'varchar(12)', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', TS)
      .addColumn('last_http_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addColumn('delivered_at', TS)
      .addUniqueConstraint('postback_deliveries_conversion_unique', [
        'relationship_id',
        'conversion_id',
        'traffic_source_id',
      ])
      .execute();
    await db.schema
      .createIndex('postback_deliveries_due_idx')
      .on('postback_deliveries')
      .columns(['state', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('postback_delivery_attempts')
      .addColumn('id', idType, idConstraint)
      .addColumn('delivery_id', 'integer', (col) =>
        col.notNull().references('postback_deliveries.id').onDelete('cascade'),
      )
      .addColumn('relationship_id', 'integer', (col) => col.notNull())
      .addColumn('attempt', 'integer', (col) => col.notNull())
      .addColumn('at', TS, (col) => col.notNull())
      .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('postback_delivery_attempts_delivery_idx')
      .on('postback_delivery_attempts')
      .columns(['delivery_id', 'attempt'])
      .execute();
  },
};
