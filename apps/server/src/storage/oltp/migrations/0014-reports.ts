import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 36, full reports: saved report definitions (the analytics query as JSON, a named period, a
 * schedule and the users mailed) and their runs, each a CSV file under DATA_DIR/reports while kept.
 * A run is claimed with a lease (`lease_owner`, `lease_until`) so that one process writes it, and
 * records its progress (`row_count`) while it runs.
 */
export const reports: Migration = {
  name: '0014-reports',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    await db.schema
      .createTable('reports')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      // JSON: dimension ids, metric keys, the filterBy object and recipient user ids.
      .addColumn('dimensions', 'text', (col) => col.notNull())
      .addColumn('metrics', 'text', (col) => col.notNull())
      .addColumn('filter_by', 'text', (col) => col.notNull())
      .addColumn('recipients', 'text', (col) => col.notNull())
      .addColumn('period', 'varchar(20)', (col) => col.notNull())
      .addColumn('schedule', 'varchar(10)', (col) => col.notNull())
      .addColumn('next_run_at', TS)
      .addColumn('created_by', 'integer')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('reports_relationship_idx').on('reports').column('relationship_id').execute();
    await db.schema.createIndex('reports_due_idx').on('reports').column('next_run_at').execute();
    await db.schema
      .createTable('report_runs')
      .addColumn('id', idType, idConstraint)
      .addColumn('report_id', 'integer', (col) => col.notNull().references('reports.id').onDelete('cascade'))
      .addColumn('relationship_id', 'integer', (col) => col.notNull())
      .addColumn('status', 'varchar(10)', (col) => col.notNull())
      .addColumn('trigger', 'varchar(10)', (col) => col.notNull())
      .addColumn('period_from', 'varchar(10)', (col) => col.notNull())
      .addColumn('period_to', 'varchar(10)', (col) => col.notNull())
      .addColumn('row_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('byte_count', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('queued_at', TS, (col) => col.notNull())
      .addColumn('started_at', TS)
      .addColumn('finished_at', TS)
      .addColumn('lease_owner', 'varchar(64)')
      .addColumn('lease_until', TS)
      .addColumn('mailed_at', TS)
      .execute();
    await db.schema
      .createIndex('report_runs_report_idx')
      .on('report_runs')
      .columns(['report_id', 'id'])
      .execute();
    await db.schema.createIndex('report_runs_status_idx').on('report_runs').column('status').execute();
  },
};
