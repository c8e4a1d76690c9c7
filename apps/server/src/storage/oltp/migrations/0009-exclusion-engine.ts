import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 33, the exclusion engine: what a sync leaves for the next one and for the dashboard.
 * - `sync_not_before`: a quota error's back-off (Google's retry delay); the job skips the account until then.
 * - `audience_*`: the remarketing list of invalid visitors and how many campaigns exclude it, or cannot.
 * - `costs_imported_at`: the last cost import (the first sync after linking imports when it is null).
 */
export const exclusionEngine: Migration = {
  name: '0009-exclusion-engine',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('ad_integration_settings').addColumn('sync_not_before', TS).execute();
    await db.schema
      .alterTable('ad_integration_settings')
      .addColumn('audience_user_list', 'varchar(200)')
      .execute();
    await db.schema
      .alterTable('ad_integration_settings')
      .addColumn('audience_campaigns_excluded', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('ad_integration_settings')
      .addColumn('audience_campaigns_not_allowed', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('ad_integration_settings').addColumn('costs_imported_at', TS).execute();
  },
};
