import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AdProvider, Database, OAuthStatesTable } from '../../storage/oltp/schema.js';

/**
 * The pending OAuth round trips of every provider (`oauth_states`, migration 0008): the state is
 * stored as its hash with the account, the person and the dashboard path to return to.
 */
export type OAuthStateRow = Selectable<OAuthStatesTable>;

export async function insertOAuthState(db: Kysely<Database>, row: OAuthStateRow): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute();
}

/**
 * Takes a pending round trip of the provider by its state's hash: the row is deleted in the same
 * transaction, so a state is used once even when two callbacks race (only one deletes the row).
 */
export async function takeOAuthState(
  db: Kysely<Database>,
  provider: AdProvider,
  stateHash: string,
): Promise<OAuthStateRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await trx
      .deleteFrom('oauth_states')
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1 ? row : undefined;
  });
}

/** Round trips that were never finished, past their expiry. */
export async function deleteExpiredOAuthStates(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
}

/** How long a round trip may take, from the connect click to the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const hashOAuthState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * Starts a round trip: a random state (what goes in the authorize URL) stored as its hash, with who
 * started it and where to return; expired round trips are swept on the way.
 */
export async function beginOAuthRoundTrip(
  db: Kysely<Database>,
  now: Date,
  input: { relationshipId: number; userId: number; provider: AdProvider; returnPath: string },
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await deleteExpiredOAuthStates(db, now.toISOString());
  await insertOAuthState(db, {
    state_hash: hashOAuthState(state),
    relationship_id: input.relationshipId,
    user_id: input.userId,
    provider: input.provider,
    return_path: input.returnPath,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
  });
  return state;
}

/** The callback's side: the round trip of this state, once, unless expired. */
export async function finishOAuthRoundTrip(
  db: Kysely<Database>,
  now: Date,
  provider: AdProvider,
  state: string | undefined,
): Promise<OAuthStateRow | undefined> {
  const taken = state ? await takeOAuthState(db, provider, hashOAuthState(state)) : undefined;
  return taken && Date.parse(taken.expires_at) > now.getTime() ? taken : undefined;
}
