import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration, OltpDialectName } from '../migrations.js';

/** An auto-increment integer primary key on either engine. */
export function idColumn(dialect: OltpDialectName) {
  return [
    dialect === 'postgres' ? 'serial' : 'integer',
    (col: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
  ] as const;
}

const TS = 'varchar(30)';

/**
 * Accounts and access (issue 3): users, relationships (company accounts), roles and memberships,
 * sessions, one-time tokens, the email outbox, IP lists, API keys, labels and the audit log.
 */
export const accounts: Migration = {
  name: '0002-accounts',
  async up(db: Kysely<unknown>, dialect) {
    const [idType, idConstraint] = idColumn(dialect);

    await db.schema
      .createTable('users')
      .addColumn('id', idType, idConstraint)
      .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
      .addColumn('first_name', 'varchar(120)', (col) => col.notNull())
      .addColumn('job_title', 'varchar(120)')
      .addColumn('password_hash', 'varchar(200)')
      .addColumn('email_verified_at', TS)
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('is_support', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('timezone', 'varchar(64)', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('invited', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('last_login_at', TS)
      .execute();

    await db.schema
      .createTable('relationships')
      .addColumn('id', idType, idConstraint)
      .addColumn('company_name', 'varchar(160)', (col) => col.notNull())
      .addColumn('plan_type', 'varchar(20)', (col) => col.notNull())
      .addColumn('vertical', 'varchar(40)')
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('payment_url', 'varchar(500)')
      .addColumn('account_features', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('trial_expires_at', TS)
      .addColumn('translations', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('allowed_vars', 'integer', (col) => col.notNull().defaultTo(4))
      .addColumn('sensor_integrated', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('sensor_key', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('timezone', 'varchar(64)', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('EUR'))
      .addColumn('default_cpc', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('login_ip_check', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', TS, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('roles')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.references('relationships.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(60)', (col) => col.notNull())
      .addColumn('description', 'varchar(300)', (col) => col.notNull().defaultTo(''))
      .addColumn('permissions', 'text', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('invited_at', TS)
      .addColumn('joined_at', TS)
      .addColumn('created_at', TS, (col) => col.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'relationship_id'])
      .execute();

    await db.schema
      .createTable('membership_roles')
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('relationship_id', 'integer', (col) => col.notNull())
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('membership_roles_pk', ['user_id', 'relationship_id', 'role_id'])
      .addForeignKeyConstraint(
        'membership_roles_membership_fk',
        ['user_id', 'relationship_id'],
        'memberships',
        ['user_id', 'relationship_id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('relationship_id', 'integer', (col) =>
        col.references('relationships.id').onDelete('cascade'),
      )
      .addColumn('ghost', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('ghost_role', 'varchar(60)')
      .addColumn('support_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(400)')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('last_seen_at', TS, (col) => col.notNull())
      .addColumn('expires_at', TS, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('one_time_tokens')
      .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('purpose', 'varchar(30)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('relationship_id', 'integer', (col) =>
        col.references('relationships.id').onDelete('cascade'),
      )
      .addColumn('email', 'varchar(254)')
      .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('expires_at', TS, (col) => col.notNull())
      .addColumn('used_at', TS)
      .execute();

    await db.schema
      .createTable('email_outbox')
      .addColumn('id', idType, idConstraint)
      .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
      .addColumn('subject', 'varchar(300)', (col) => col.notNull())
      .addColumn('text_body', 'text', (col) => col.notNull())
      .addColumn('html_body', 'text', (col) => col.notNull())
      .addColumn('kind', 'varchar(40)', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('sent_at', TS)
      .addColumn('error', 'varchar(500)')
      .execute();

    await db.schema
      .createTable('ip_list_entries')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('list', 'varchar(20)', (col) => col.notNull())
      .addColumn('value', 'varchar(64)', (col) => col.notNull())
      .addColumn('note', 'varchar(200)')
      .addColumn('created_at', TS, (col) => col.notNull())
      .addUniqueConstraint('ip_list_entries_unique', ['relationship_id', 'list', 'value'])
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(80)', (col) => col.notNull())
      .addColumn('prefix', 'varchar(20)', (col) => col.notNull())
      .addColumn('key_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TS, (col) => col.notNull())
      .addColumn('last_used_at', TS)
      .execute();

    await db.schema
      .createTable('labels')
      .addColumn('id', idType, idConstraint)
      .addColumn('relationship_id', 'integer', (col) =>
        col.notNull().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(60)', (col) => col.notNull())
      .addColumn('color', 'varchar(7)', (col) => col.notNull())
      .addColumn('created_at', TS, (col) => col.notNull())
      .addUniqueConstraint('labels_unique_name', ['relationship_id', 'name'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', idType, idConstraint)
      .addColumn('at', TS, (col) => col.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('relationship_id', 'integer')
      .addColumn('action', 'varchar(60)', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('ip', 'varchar(64)')
      .execute();

    await db.schema
      .createTable('unsubscribes')
      .addColumn('email', 'varchar(254)', (col) => col.primaryKey())
      .addColumn('created_at', TS, (col) => col.notNull())
      .execute();
  },
};
