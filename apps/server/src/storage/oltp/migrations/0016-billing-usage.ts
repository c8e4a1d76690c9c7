import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 37, usage against the plan (docs/billing.md): `billing_usage_notices` holds each threshold
 * (80, 100 percent of the plan's monthly visits) an account reached in a calendar month of its time
 * zone (`YYYY-MM`), once, and when its admins were mailed about it (null until they are).
 */
export const billingUsage: Migration = {
  name: '0016-billing-usage',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('billing_usage_notices')
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('month', 'varchar(7)', (col) => col.notNull())
      .addColumn('threshold', 'integer', (col) => col.notNull())
      .addColumn('visits', 'integer', (col) => col.notNull())
      .addColumn('plan_visits', 'integer', (col) => col.notNull())
      .addColumn('reached_at', TS, (col) => col.notNull())
      .addColumn('mailed_at', TS)
      .addPrimaryKeyConstraint('billing_usage_notices_pk', ['relationship_id', 'month', 'threshold'])
      .execute();
  },
};
