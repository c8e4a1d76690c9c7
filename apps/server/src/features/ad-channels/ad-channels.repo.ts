import type { Kysely } from 'kysely';
import type { AdProvider, Database } from '../../storage/oltp/schema.js';

/**
 * The Meta, Microsoft and TikTok linkings' rows (issue 35), in the table Google's linking made
 * (migration 0008), keyed by provider: one `ad_integration_settings` row a channel, whose JSON holds what the platform listed and what the
 * account chose (features/ad-channels/ad-channel-record.ts).
 */

export interface ChannelRow {
  settings: string;
  last_sync_at: string | null;
}

export async function findChannelRow(
  db: Kysely<Database>,
  relationshipId: number,
  provider: AdProvider,
): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('ad_integration_settings')
    .select(['settings', 'last_sync_at'])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function saveChannelRow(
  db: Kysely<Database>,
  relationshipId: number,
  provider: AdProvider,
  row: { settings: string; lastSyncAt: string | null; at: string },
): Promise<void> {
  const values = { settings: row.settings, last_sync_at: row.lastSyncAt, updated_at: row.at };
  await db
    .insertInto('ad_integration_settings')
    .values({ relationship_id: relationshipId, provider, ...values })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'provider']).doUpdateSet(values))
    .execute();
}

export async function deleteChannelRow(
  db: Kysely<Database>,
  relationshipId: number,
  provider: AdProvider,
): Promise<void> {
  await db
    .deleteFrom('ad_integration_settings')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', provider)
    .execute();
}

/** Connected channels of every account, for the sync job. */
export async function listChannelRows(
  db: Kysely<Database>,
  providers: readonly AdProvider[],
): Promise<{ relationship_id: number; provider: AdProvider }[]> {
  if (providers.length === 0) return [];
  return db
    .selectFrom('ad_integration_settings')
    .select(['relationship_id', 'provider'])
    .where('provider', 'in', providers)
    .execute();
}
