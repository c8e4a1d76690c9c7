import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from '../migrations.js';
import { idColumn } from './0002-accounts.js';

const TS = 'varchar(30)';

/**
 * Issue 34, the firewall's entities.
 * - `campaigns` (planned for firewall campaigns since 0003) gains what only a firewall campaign has:
 *   the offer its clicks go to, the traffic source they come from, its security settings (JSON: the
 *   action per risk tier, the safe page, fail-open or fail-closed) and its labels (JSON list of ids).
 *   S2S campaigns leave them empty.
 * - `offers`: landing URL with macros and targeting (JSON: countries, devices, OS, carriers).
 * - `traffic_sources`: postback URL with macros and the addresses its postbacks may come from.
 * Offer and traffic source references are checked by the service against the same account; no
 * foreign key, so that SQLite can add the columns to the existing table.
 */
export const firewall: Migration = {
  name: '0010-firewall',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);
    const relationship = (col: ColumnDefinitionBuilder) =>
      col.notNull().references('relationships.id').onDelete('cascade');

    await db.schema.alterTable('campaigns').addColumn('offer_id', 'integer').execute();
    await db.schema.alterTable('campaigns').addColumn('traffic_source_id', 'integer').execute();
    await db.schema.alterTable('campaigns').addColumn('security', 'text').execute();
    await db.schema
      .alterTable('campaigns')
      .addColumn('label_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();

    await db.schema
      .createTable('offers')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('landing_url', 'varchar(2000)', (col) => col.notNull())
      .addColumn('targeting', 'text', (col) => col.notNull())
      .addColumn('label_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('offers_relationship_idx').on('offers').column('relationship_id').execute();

    await db.schema
      .createTable('traffic_sources')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', relationship)
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('postback_url', 'varchar(2000)')
      .addColumn('allowed_postback_addresses', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('label_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('traffic_sources_relationship_idx')
      .on('traffic_sources')
      .column('relationship_id')
      .execute();
  },
};
