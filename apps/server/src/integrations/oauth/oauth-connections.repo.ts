import type { Kysely, Selectable } from 'kysely';
import type { AdProvider, Database, OAuthConnectionsTable } from '../../storage/oltp/schema.js';

export type OAuthConnectionRow = Selectable<OAuthConnectionsTable>;

export async function findConnection(
  db: Kysely<Database>,
  relationshipId: number,
  provider: AdProvider,
): Promise<OAuthConnectionRow | undefined> {
  return db
    .selectFrom('oauth_connections')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Stores a new grant (a new connection, or a reconnect replacing the old tokens). */
export async function upsertConnection(
  db: Kysely<Database>,
  row: {
    relationshipId: number;
    provider: AdProvider;
    refreshTokenEnc: string;
    accessTokenEnc: string;
    accessExpiresAt: string;
    scopes: string;
    connectedBy: number | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('oauth_connections')
    .values({
      relationship_id: row.relationshipId,
      provider: row.provider,
      status: 'connected',
      refresh_token_enc: row.refreshTokenEnc,
      access_token_enc: row.accessTokenEnc,
      access_expires_at: row.accessExpiresAt,
      scopes: row.scopes,
      connected_by: row.connectedBy,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['relationship_id', 'provider']).doUpdateSet({
        status: 'connected',
        refresh_token_enc: row.refreshTokenEnc,
        access_token_enc: row.accessTokenEnc,
        access_expires_at: row.accessExpiresAt,
        scopes: row.scopes,
        connected_by: row.connectedBy,
        updated_at: row.at,
      }),
    )
    .execute();
}

/** Saves a refreshed access token (and the refresh token when the provider rotated it). */
export async function saveRefreshedTokens(
  db: Kysely<Database>,
  id: number,
  fields: { accessTokenEnc: string; accessExpiresAt: string; refreshTokenEnc?: string; at: string },
): Promise<void> {
  await db
    .updateTable('oauth_connections')
    .set({
      access_token_enc: fields.accessTokenEnc,
      access_expires_at: fields.accessExpiresAt,
      ...(fields.refreshTokenEnc ? { refresh_token_enc: fields.refreshTokenEnc } : {}),
      updated_at: fields.at,
    })
    .where('id', '=', id)
    .execute();
}

/** The provider refused the grant: the account must connect again; the dead access token goes. */
export async function markReconnect(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db
    .updateTable('oauth_connections')
    .set({ status: 'reconnect', access_token_enc: null, access_expires_at: null, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteConnection(
  db: Kysely<Database>,
  relationshipId: number,
  provider: AdProvider,
): Promise<number> {
  const result = await db
    .deleteFrom('oauth_connections')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
