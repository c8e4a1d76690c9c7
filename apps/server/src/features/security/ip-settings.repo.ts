import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import type { ExclusionEntryRow } from '../google-ads/exclusions.repo.js';

/**
 * Reads of the Google Ads exclusion engine's table for the IP settings screen: the entries in force
 * (pushed, or planned in detection mode) by dynamic IP type and by platform list (a campaign's, or the
 * account-level one, campaign_id '').
 */
const PROVIDER = 'google_ads' as const;
const IN_FORCE = ['active', 'planned'] as const;

export interface ExclusionListCount {
  ipType: string;
  customerId: string;
  campaignId: string;
  entries: number;
}

/** How many entries in force each type has on each platform list of the account. */
export async function countExclusionsByList(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<ExclusionListCount[]> {
  const rows = await db
    .selectFrom('exclusion_entries')
    .select([
      'ip_type',
      'customer_id',
      'campaign_id',
      (eb) => eb.fn.countAll<number | string>().as('entries'),
    ])
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('state', 'in', [...IN_FORCE])
    .groupBy(['ip_type', 'customer_id', 'campaign_id'])
    .execute();
  return rows.map((row) => ({
    ipType: row.ip_type,
    customerId: row.customer_id,
    campaignId: row.campaign_id,
    entries: Number(row.entries),
  }));
}

/** The entries in force of one dynamic IP type, newest first, with their campaign's type. */
export async function listExclusionsOfType(
  db: Kysely<Database>,
  relationshipId: number,
  ipType: string,
  limit: number,
): Promise<ExclusionEntryRow[]> {
  return db
    .selectFrom('exclusion_entries as e')
    .leftJoin('ad_campaigns as c', (join) =>
      join
        .onRef('c.relationship_id', '=', 'e.relationship_id')
        .onRef('c.provider', '=', 'e.provider')
        .onRef('c.customer_id', '=', 'e.customer_id')
        .onRef('c.campaign_id', '=', 'e.campaign_id'),
    )
    .selectAll('e')
    .select('c.type as campaign_type')
    .where('e.relationship_id', '=', relationshipId)
    .where('e.provider', '=', PROVIDER)
    .where('e.ip_type', '=', ipType)
    .where('e.state', 'in', [...IN_FORCE])
    .orderBy('e.added_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/** A campaign's name as the last hierarchy import stored it, or null. */
export async function campaignName(
  db: Kysely<Database>,
  relationshipId: number,
  customerId: string,
  campaignId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('ad_campaigns')
    .select('name')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('customer_id', '=', customerId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return row?.name ?? null;
}
