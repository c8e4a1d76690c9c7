import type { Kysely } from 'kysely';
import { newSecret, secretHash } from '../../accounts/secrets.js';
import type { Database, OneTimeTokenPurpose } from '../../storage/oltp/schema.js';

/** How long each kind of one-time link stays valid. */
export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimeTokenPurpose, number> = {
  email_verify: 3600_000,
  password_reset: 3600_000,
  invitation: 7 * 24 * 3600_000,
  membership_invitation: 7 * 24 * 3600_000,
  login_ip: 24 * 3600_000,
};

export interface TokenSubject {
  userId?: number | null;
  relationshipId?: number | null;
  email?: string | null;
  payload?: Record<string, string | number | boolean>;
}

export interface ConsumedToken {
  userId: number | null;
  relationshipId: number | null;
  email: string | null;
  payload: Record<string, unknown>;
}

/** Issues a single-use secret for a purpose; only its hash is stored. */
export async function issueOneTimeToken(
  db: Kysely<Database>,
  purpose: OneTimeTokenPurpose,
  subject: TokenSubject,
): Promise<string> {
  const secret = newSecret();
  const now = Date.now();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: secretHash(secret),
      purpose,
      user_id: subject.userId ?? null,
      relationship_id: subject.relationshipId ?? null,
      email: subject.email ?? null,
      payload: JSON.stringify(subject.payload ?? {}),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ONE_TIME_TOKEN_TTL_MS[purpose]).toISOString(),
    })
    .execute();
  return secret;
}

/**
 * Uses a token once: marks it used in the same statement that checks purpose, expiry, prior use and
 * (when given) the e-mail it was issued for, so two concurrent uses cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  purpose: OneTimeTokenPurpose,
  secret: string,
  email?: string,
): Promise<ConsumedToken | undefined> {
  const now = new Date().toISOString();
  let query = db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', secretHash(secret))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (email !== undefined) query = query.where('email', '=', email.trim().toLowerCase());
  const row = await query.returning(['user_id', 'relationship_id', 'email', 'payload']).executeTakeFirst();
  if (!row) return undefined;
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    payload = {};
  }
  return { userId: row.user_id, relationshipId: row.relationship_id, email: row.email, payload };
}

/**
 * Ends every outstanding token of a user for the given purposes (marks them used): a newer reset link,
 * a reset or a password change leaves no older link that still opens the account.
 */
export async function endUserTokens(
  db: Kysely<Database>,
  userId: number,
  purposes: readonly OneTimeTokenPurpose[],
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .execute();
}

/** The payloads of the unused, unexpired tokens of a purpose for a relationship (avoids mail floods). */
export async function pendingTokenPayloads(
  db: Kysely<Database>,
  purpose: OneTimeTokenPurpose,
  relationshipId: number,
): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('one_time_tokens')
    .select('payload')
    .where('purpose', '=', purpose)
    .where('relationship_id', '=', relationshipId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .execute();
  return rows.map((row) => {
    try {
      return JSON.parse(row.payload) as Record<string, unknown>;
    } catch {
      return {};
    }
  });
}
