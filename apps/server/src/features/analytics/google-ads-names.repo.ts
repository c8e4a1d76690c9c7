import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * The names Google Ads gives the account's ad accounts and campaigns, as the integration imported them
 * (`ad_accounts`, `ad_campaigns`), for analytics to show names instead of ids.
 */
export interface GoogleAdsNames {
  /** Customer id (digits) → account name. */
  accounts: Map<string, string>;
  /** Campaign id → name and campaign type. */
  campaigns: Map<string, { name: string; type: string }>;
}

export async function googleAdsNames(db: Kysely<Database>, relationshipId: number): Promise<GoogleAdsNames> {
  const [accounts, campaigns] = await Promise.all([
    db
      .selectFrom('ad_accounts')
      .select(['customer_id', 'name'])
      .where('relationship_id', '=', relationshipId)
      .where('provider', '=', 'google_ads')
      .orderBy('customer_id')
      .execute(),
    db
      .selectFrom('ad_campaigns')
      .select(['campaign_id', 'name', 'type'])
      .where('relationship_id', '=', relationshipId)
      .where('provider', '=', 'google_ads')
      .orderBy('campaign_id')
      .execute(),
  ]);
  return {
    accounts: new Map(accounts.map((row) => [row.customer_id.replaceAll('-', ''), row.name])),
    campaigns: new Map(campaigns.map((row) => [row.campaign_id, { name: row.name, type: row.type }])),
  };
}
