import type { Kysely } from 'kysely';
import { newSecret, secretHash } from '../../accounts/secrets.js';
import type { Database } from '../../storage/oltp/schema.js';

/** Session lifetimes: idle expiry slides with use, absolute expiry never moves. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
export const GHOST_SESSION_ABSOLUTE_MS = 8 * 3600_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

export interface NewSession {
  userId: number;
  relationshipId: number | null;
  ghost?: { role: string; supportUserId: number };
  ip: string | null;
  userAgent: string | null;
}

export interface StoredSession {
  token_hash: string;
  user_id: number;
  relationship_id: number | null;
  ghost: number;
  ghost_role: string | null;
  support_user_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Creates a session and returns its token: shown to the client once, stored only as a hash. */
export async function createSession(db: Kysely<Database>, session: NewSession): Promise<string> {
  const token = newSecret();
  const now = new Date();
  const lifetime = session.ghost ? GHOST_SESSION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS;
  await db
    .insertInto('sessions')
    .values({
      token_hash: secretHash(token),
      user_id: session.userId,
      relationship_id: session.relationshipId,
      ghost: session.ghost ? 1 : 0,
      ghost_role: session.ghost?.role ?? null,
      support_user_id: session.ghost?.supportUserId ?? null,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 400) ?? null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime).toISOString(),
    })
    .execute();
  return token;
}

/** The live session of a token, sliding its idle expiry; undefined when unknown or expired. */
export async function findLiveSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<StoredSession | undefined> {
  const session = await db
    .selectFrom('sessions')
    .select([
      'token_hash',
      'user_id',
      'relationship_id',
      'ghost',
      'ghost_role',
      'support_user_id',
      'created_at',
      'last_seen_at',
      'expires_at',
    ])
    .where('token_hash', '=', secretHash(token))
    .executeTakeFirst();
  if (!session) return undefined;
  const idleDeadline = new Date(session.last_seen_at).getTime() + SESSION_IDLE_MS;
  if (session.expires_at <= now.toISOString() || idleDeadline <= now.getTime()) {
    await db.deleteFrom('sessions').where('token_hash', '=', session.token_hash).execute();
    return undefined;
  }
  if (now.getTime() - new Date(session.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', session.token_hash)
      .execute();
  }
  return session;
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every session of a user except, optionally, one (the caller's). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  exceptTokenHash?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
  await query.execute();
}
