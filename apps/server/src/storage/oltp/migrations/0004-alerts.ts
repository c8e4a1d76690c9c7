import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Alerts (issue 8): the rules, with what the scheduler needs to share them between processes (the end
 * of the last window evaluated, a lease), and their firings, one per alert and window at most.
 */
export const alerts: Migration = {
  name: '0004-alerts',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('alerts')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('type', 'varchar(12)', (col) => col.notNull())
      // JSON: the dimension ids, and the values of each.
      .addColumn('dimensions', 'text', (col) => col.notNull())
      .addColumn('dimension_values', 'text', (col) => col.notNull())
      // Hundredths of a percent: 0.01 % to 100 % exactly, on both engines.
      .addColumn('threshold_bp', 'integer', (col) => col.notNull())
      .addColumn('min_events', 'integer', (col) => col.notNull())
      .addColumn('frequency', 'varchar(12)', (col) => col.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addColumn('deleted_at', TS)
      .addColumn('last_window_end', TS)
      .addColumn('lease_owner', 'varchar(64)')
      .addColumn('lease_until', TS)
      .execute();
    await db.schema.createIndex('alerts_relationship_idx').on('alerts').column('relationship_id').execute();
    await db.schema
      .createTable('alert_firings')
      .addColumn('id', idType, idConstraint)
      .addColumn('alert_id', 'integer', (col) => col.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('relationship_id', 'integer', (col) => col.notNull())
      .addColumn('window_start', TS, (col) => col.notNull())
      .addColumn('window_end', TS, (col) => col.notNull())
      .addColumn('events', 'integer', (col) => col.notNull())
      .addColumn('invalid_events', 'integer', (col) => col.notNull())
      .addColumn('threshold_bp', 'integer', (col) => col.notNull())
      .addColumn('fired_at', TS, (col) => col.notNull())
      .addColumn('notified_at', TS)
      .addColumn('recipients', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('alert_firings_window_unique', ['alert_id', 'window_end'])
      .execute();
    await db.schema
      .createIndex('alert_firings_relationship_idx')
      .on('alert_firings')
      .columns(['relationship_id', 'fired_at'])
      .execute();
  },
};
