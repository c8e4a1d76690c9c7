import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * What the performance screen reads of the accounts database: the Google Ads campaigns the integration
 * imported, when the account was linked, and the exclusions the engine pushed (its log: an `add` that
 * was `applied` in Google, protection mode; planned and dry-run entries were never pushed).
 */

const PROVIDER = 'google_ads';

/** Google campaign id -> name, of the campaigns the integration imported for the account. */
export async function googleCampaignNames(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ad_campaigns')
    .select(['campaign_id', 'name'])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .execute();
  return new Map(rows.map((row) => [row.campaign_id, row.name]));
}

/** When the account's Google Ads was first linked (its OAuth connection), or null when it never was. */
export async function googleAdsLinkedAt(db: Kysely<Database>, relationshipId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('oauth_connections')
    .select((eb) => eb.fn.min('created_at').as('linked_at'))
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .executeTakeFirst();
  return row?.linked_at ? new Date(row.linked_at) : null;
}

const pushed = (db: Kysely<Database>, relationshipId: number) =>
  db
    .selectFrom('exclusion_log')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('action', '=', 'add')
    .where('outcome', '=', 'applied');

/** The first exclusion pushed for each campaign id ('' for the account-level ones). */
export async function firstExclusionPushes(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<string, Date>> {
  const rows = await pushed(db, relationshipId)
    .select(['campaign_id', (eb) => eb.fn.min('at').as('first_at')])
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((row) => [row.campaign_id, new Date(row.first_at)]));
}

/** The exclusions pushed in `[from, to)`, each with its campaign id and when. */
export async function exclusionPushesBetween(
  db: Kysely<Database>,
  relationshipId: number,
  from: Date,
  to: Date,
): Promise<{ campaignId: string; at: Date }[]> {
  const rows = await pushed(db, relationshipId)
    .select(['campaign_id', 'at'])
    .where('at', '>=', from.toISOString())
    .where('at', '<', to.toISOString())
    .execute();
  return rows.map((row) => ({ campaignId: row.campaign_id, at: new Date(row.at) }));
}
