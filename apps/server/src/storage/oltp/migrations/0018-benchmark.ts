import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

/**
 * Issue 39, the industry benchmark (docs/benchmark.md): `benchmark_cells` holds, per vertical, UTC day
 * and cell, the distribution of the vertical's accounts' invalid shares, as the job
 * `benchmark.refresh` computed it. A cell is a country, a traffic type and a Google campaign type,
 * each a value or `*` for all values; only cells with at least BENCHMARK_MIN_ACCOUNTS accounts are
 * stored. Nothing in it names an account.
 */
export const benchmark: Migration = {
  name: '0018-benchmark',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('benchmark_cells')
      .addColumn('vertical', 'varchar(40)', (col) => col.notNull())
      .addColumn('day', 'varchar(10)', (col) => col.notNull())
      .addColumn('country', 'varchar(2)', (col) => col.notNull())
      .addColumn('traffic_type', 'varchar(40)', (col) => col.notNull())
      .addColumn('google_campaign_type', 'varchar(40)', (col) => col.notNull())
      .addColumn('accounts', 'integer', (col) => col.notNull())
      .addColumn('p25', 'double precision', (col) => col.notNull())
      .addColumn('p50', 'double precision', (col) => col.notNull())
      .addColumn('p75', 'double precision', (col) => col.notNull())
      .addColumn('p90', 'double precision', (col) => col.notNull())
      .addColumn('refreshed_at', 'varchar(30)', (col) => col.notNull())
      .addPrimaryKeyConstraint('benchmark_cells_pk', [
        'vertical',
        'day',
        'country',
        'traffic_type',
        'google_campaign_type',
      ])
      .execute();
    await db.schema.createIndex('benchmark_cells_day').on('benchmark_cells').column('day').execute();
  },
};
