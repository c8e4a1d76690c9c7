import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * What the exclusion widgets read of the accounts database: the Google Ads campaigns' types (as the
 * integration imported them) and the exclusion entries the engine keeps.
 */

const PROVIDER = 'google_ads';

/** Google campaign id -> campaign type, of the campaigns the integration imported for the account. */
export async function importedGoogleCampaignTypes(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ad_campaigns')
    .select(['campaign_id', 'type'])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .execute();
  return new Map(rows.map((row) => [row.campaign_id, row.type]));
}

/**
 * Exclusions in force now (pushed, or planned in detection mode), by campaign id ('' for the
 * account-level ones).
 */
export async function exclusionsInForceByCampaign(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('exclusion_entries')
    .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('entries')])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('state', 'in', ['active', 'planned'])
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((row) => [row.campaign_id, Number(row.entries)]));
}

/** When each exclusion added in `[from, to)` was added, with its campaign id; failed pushes left out. */
export async function exclusionsAddedBetween(
  db: Kysely<Database>,
  relationshipId: number,
  from: Date,
  to: Date,
): Promise<{ campaignId: string; addedAt: Date }[]> {
  const rows = await db
    .selectFrom('exclusion_entries')
    .select(['campaign_id', 'added_at'])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('state', '!=', 'failed')
    .where('added_at', '>=', from.toISOString())
    .where('added_at', '<', to.toISOString())
    .execute();
  return rows.map((row) => ({ campaignId: row.campaign_id, addedAt: new Date(row.added_at) }));
}
