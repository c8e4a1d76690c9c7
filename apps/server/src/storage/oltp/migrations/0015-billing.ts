import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 37, billing (docs/billing.md):
 * - `billing_accounts`: an account's customer and subscription at the billing provider, as the last
 *   re-read of the subscription left them, and the token of its payment link;
 * - `billing_signups`: a plan sign-up waiting for its checkout (the customer id given to the provider
 *   names it), completed into an account by the checkout's finish or by the subscription's webhook;
 * - `billing_webhook_events`: event ids already handled (the provider retries for days);
 * - `billing_test_objects`: the built-in test-mode provider's hosted pages, customers and
 *   subscriptions, as JSON documents.
 */
export const billing: Migration = {
  name: '0015-billing',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('billing_accounts')
      .addColumn('relationship_id', 'integer', (col) =>
        col.primaryKey().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('customer_id', 'varchar(100)', (col) => col.notNull().unique())
      .addColumn('subscription_id', 'varchar(100)')
      .addColumn('status', 'varchar(20)')
      .addColumn('plan', 'varchar(20)')
      .addColumn('currency', 'varchar(3)')
      .addColumn('frequency', 'varchar(10)')
      .addColumn('visits_addons', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('scheduled_plan', 'varchar(20)')
      .addColumn('next_billing_at', TS)
      .addColumn('due_invoices', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('payment_token', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('billing_signups')
      .addColumn('customer_id', 'varchar(100)', (col) => col.primaryKey())
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('first_name', 'varchar(120)', (col) => col.notNull())
      .addColumn('company_name', 'varchar(160)', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('timezone', 'varchar(64)', (col) => col.notNull())
      .addColumn('relationship_id', 'integer', (col) =>
        col.references('relationships.id').onDelete('set null'),
      )
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('completed_at', TS)
      .execute();
    await db.schema
      .createTable('billing_webhook_events')
      .addColumn('event_id', 'varchar(100)', (col) => col.primaryKey())
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('event_type', 'varchar(60)', (col) => col.notNull())
      .addColumn('received_at', TS, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('billing_test_objects')
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('id', 'varchar(100)', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('billing_test_objects_pk', ['kind', 'id'])
      .execute();
  },
};
