import type { Kysely, Selectable } from 'kysely';
import type { StoredSigningSecrets } from '../postbacks/postback-signing-secrets.js';
import type { Database, PostbackSecurityTable } from '../storage/oltp/schema.js';
import { stringsFromJson } from './stored-json.js';

/**
 * An account's postback security settings (migration 0021): read by the postback endpoint
 * (ingest/firewall-postbacks.ts) and written by the postback security screen
 * (features/security/postback-security.service.ts). An account without a row has none of its own:
 * no account-wide sources, unsigned postbacks allowed, the derived secret.
 */
export interface StoredPostbackSecurity extends StoredSigningSecrets {
  sources: string[];
  requireSigned: boolean;
  secretFingerprint: string | null;
  secretCreatedAt: string | null;
  previousFingerprint: string | null;
}

function toStored(row: Selectable<PostbackSecurityTable>): StoredPostbackSecurity {
  return {
    sources: stringsFromJson(row.sources),
    requireSigned: row.require_signed === 1,
    secretSealed: row.secret_sealed,
    secretFingerprint: row.secret_fingerprint,
    secretCreatedAt: row.secret_created_at,
    previousSealed: row.previous_secret_sealed,
    previousFingerprint: row.previous_fingerprint,
    previousExpiresAt: row.previous_expires_at,
  };
}

export async function findPostbackSecurity(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<StoredPostbackSecurity | undefined> {
  const row = await db
    .selectFrom('postback_security')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** Writes the sources and the switch, creating the account's row when it has none. */
export async function savePostbackSettings(
  db: Kysely<Database>,
  relationshipId: number,
  settings: { sources: string[]; requireSigned: boolean },
  at: Date,
): Promise<void> {
  const values = {
    sources: JSON.stringify(settings.sources),
    require_signed: settings.requireSigned ? 1 : 0,
    updated_at: at.toISOString(),
  };
  await db
    .insertInto('postback_security')
    .values({ relationship_id: relationshipId, ...values })
    .onConflict((oc) => oc.column('relationship_id').doUpdateSet(values))
    .execute();
}

/** Writes a rotation: the new secret becomes current, the one it replaced previous until `previousExpiresAt`. */
export async function savePostbackRotation(
  db: Kysely<Database>,
  relationshipId: number,
  rotation: {
    secretSealed: string;
    secretFingerprint: string;
    /** Null when nothing is kept (no overlap). */
    previousSealed: string | null;
    previousFingerprint: string | null;
    previousExpiresAt: string | null;
  },
  at: Date,
): Promise<void> {
  const values = {
    secret_sealed: rotation.secretSealed,
    secret_fingerprint: rotation.secretFingerprint,
    secret_created_at: at.toISOString(),
    previous_secret_sealed: rotation.previousSealed,
    previous_fingerprint: rotation.previousFingerprint,
    previous_expires_at: rotation.previousExpiresAt,
    updated_at: at.toISOString(),
  };
  await db
    .insertInto('postback_security')
    .values({ relationship_id: relationshipId, ...values })
    .onConflict((oc) => oc.column('relationship_id').doUpdateSet(values))
    .execute();
}
