import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/** Records that an address receives no more performance report mails; a repeat changes nothing. */
export async function insertUnsubscribe(db: Kysely<Database>, normalisedEmail: string): Promise<void> {
  await db
    .insertInto('unsubscribes')
    .values({ email: normalisedEmail, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
