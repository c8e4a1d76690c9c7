import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

const TS = 'varchar(30)';

/**
 * Issue 40, the postback security screen (docs/security-settings.md, "Postback security"): one row an
 * account, written when the account first changes it. `sources` is the JSON list of account-wide
 * allowed postback addresses (IPs, ranges, domains); `require_signed` refuses unsigned postbacks.
 * The signing secret a rotation generates is kept sealed (AES-256-GCM, integrations/oauth/secret-box.ts)
 * with a short fingerprint; without one the account signs with its derived secret (HKDF of the
 * instance secret, postbacks/postback-secret.ts). The secret it replaced stays, sealed, until
 * `previous_expires_at`.
 */
export const postbackSecurity: Migration = {
  name: '0021-postback-security',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('postback_security')
      .addColumn('relationship_id', 'integer', (col) =>
        col.primaryKey().references('relationships.id').onDelete('cascade'),
      )
      .addColumn('sources', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('require_signed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('secret_sealed', 'text')
      .addColumn('secret_fingerprint', 'varchar(40)')
      .addColumn('secret_created_at', TS)
      .addColumn('previous_secret_sealed', 'text')
      .addColumn('previous_fingerprint', 'varchar(40)')
      .addColumn('previous_expires_at', TS)
      .addColumn('updated_at', TS, (col) => col.notNull())
      .execute();
  },
};
