import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

/**
 * Issue 40, the JavaScript sensor settings (/setup/security/javascript-settings, docs/security-settings.md):
 * one row per account that changed them; an account without a row has the defaults (every exclusion
 * event fired, no single-page-app tracking, the session in first-party storage, no first-party path).
 */
export const sensorSettings: Migration = {
  name: '0020-sensor-settings',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sensor_settings')
      .addColumn('relationship_id', 'integer', (col) =>
        col.primaryKey().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('exclusion_google', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('exclusion_facebook', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('exclusion_microsoft', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('exclusion_tiktok', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('spa_tracking', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('cookieless', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('first_party_path', 'varchar(64)')
      .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
      .execute();
  },
};
