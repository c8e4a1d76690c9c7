import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 33: ad-platform integrations, Google Ads first.
 * - `oauth_connections`: one an account and provider; tokens encrypted with the instance secret.
 * - `oauth_states`: the pending OAuth round trips (CSRF state stored as its hash, the step to return to).
 * - `ad_accounts` / `ad_campaigns`: what the provider lists for the account (names, types, hierarchy).
 * - `ad_integration_settings`: protection mode, rotation window and the like, JSON per provider.
 * - `exclusion_entries`: every exclusion the engine keeps (or would keep), with its type and reasons.
 * - `exclusion_log`: every add and removal, with its reason and outcome.
 * The never-exclude list is the `never_exclude` list of `ip_list_entries`.
 */
export const googleAds: Migration = {
  name: '0008-google-ads',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    const relationship = (col: import('kysely').ColumnDefinitionBuilder) =>
      col.notNull().references('relationships.id').onDelete('cascade');

    await db.schema
      .createTable('oauth_connections')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('status', 'varchar(12)', (col) => col.notNull())
      .addColumn('refresh_token_enc', 'text', (col) => col.notNull())
      .addColumn('access_token_enc', 'text')
      .addColumn('access_expires_at', TS)
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('connected_by', 'integer')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addUniqueConstraint('oauth_connections_unique', ['relationship_id', 'provider'])
      .execute();

    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('return_path', 'varchar(200)', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('expires_at', TS, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('ad_accounts')
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('customer_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('manager_customer_id', 'varchar(32)')
      .addColumn('is_manager', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('level', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('currency', 'varchar(3)', (col) => col.notNull())
      .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('ad_accounts_pk', ['relationship_id', 'provider', 'customer_id'])
      .execute();

    await db.schema
      .createTable('ad_campaigns')
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('customer_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('campaign_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('name', 'varchar(300)', (col) => col.notNull())
      .addColumn('type', 'varchar(24)', (col) => col.notNull())
      .addColumn('status', 'varchar(12)', (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('ad_campaigns_pk', [
        'relationship_id',
        'provider',
        'customer_id',
        'campaign_id',
      ])
      .execute();

    await db.schema
      .createTable('ad_integration_settings')
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('last_sync_at', TS)
      .addColumn('last_sync_error', 'text')
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('ad_integration_settings_pk', ['relationship_id', 'provider'])
      .execute();

    await db.schema
      .createTable('exclusion_entries')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('customer_id', 'varchar(32)', (col) => col.notNull())
      // '' for an account-level exclusion, so the unique constraint holds on both engines.
      .addColumn('campaign_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('cidr', 'varchar(43)', (col) => col.notNull())
      .addColumn('ip_type', 'varchar(16)', (col) => col.notNull())
      .addColumn('state', 'varchar(10)', (col) => col.notNull())
      .addColumn('resource_name', 'varchar(200)')
      .addColumn('added_at', TS, (col) => col.notNull())
      .addColumn('expires_at', TS)
      .addColumn('last_invalid_at', TS)
      .addColumn('invalid_sessions', 'integer', (col) => col.notNull().defaultTo(0))
      // JSON: threat reason -> sessions.
      .addColumn('threats', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('updated_at', TS, (col) => col.notNull())
      .addUniqueConstraint('exclusion_entries_unique', [
        'relationship_id',
        'provider',
        'customer_id',
        'campaign_id',
        'cidr',
      ])
      .execute();

    await db.schema
      .createTable('exclusion_log')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('provider', 'varchar(20)', (col) => col.notNull())
      .addColumn('at', TS, (col) => col.notNull())
      .addColumn('action', 'varchar(8)', (col) => col.notNull())
      .addColumn('mode', 'varchar(12)', (col) => col.notNull())
      .addColumn('outcome', 'varchar(10)', (col) => col.notNull())
      .addColumn('customer_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('campaign_id', 'varchar(32)', (col) => col.notNull())
      .addColumn('cidr', 'varchar(43)', (col) => col.notNull())
      .addColumn('ip_type', 'varchar(16)', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('threats', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('exclusion_log_relationship_idx')
      .on('exclusion_log')
      .columns(['relationship_id', 'provider', 'at'])
      .execute();
  },
};
