import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 32: the job scheduler's lease table (src/jobs/). One row a job: the last window it ran, and
 * while it runs, the window, the process holding it and until when. `version` grows with every claim,
 * so that of two processes claiming the same row at once only one succeeds, on both engines.
 */
export const scheduledJobs: Migration = {
  name: '0007-scheduled-jobs',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scheduled_jobs')
      .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_window_start', TS)
      .addColumn('running_window_start', TS)
      .addColumn('lease_owner', 'varchar(100)')
      .addColumn('lease_until', TS)
      .addColumn('runs', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_finished_at', TS)
      .addColumn('last_error', 'text')
      .execute();
  },
};
