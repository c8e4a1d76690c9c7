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
