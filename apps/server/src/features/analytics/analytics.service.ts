import { type AnalyticsAccess, analyticsAccess } from '@veracity/contracts/analytics/dimensions';
import type { Kysely } from 'kysely';
import { listAllCampaigns } from '../../accounts/campaigns.repo.js';
import type { DimensionLookups } from '../../analytics/dimension-columns.js';
import { costBasis } from '../../analytics/hit-cost.js';
import type { AnalyticsReader } from '../../analytics/plan.js';
import { releasedConversionIds } from '../../postbacks/conversion-releases.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import { googleAdsNames } from './google-ads-names.repo.js';

/**
 * What an account brings to its analytics queries (spec 02 §2, §6): what its plan and features open,
 * its time zone, the names of Google ids, and how its clicks are priced. Planning and running a query is
 * `runAnalytics` (`src/analytics/run-analytics.ts`).
 */

export function accessOf(relationship: RelationshipRecord): AnalyticsAccess {
  return analyticsAccess(relationship.planType, relationship.accountFeatures, relationship.allowedVars);
}

/**
 * Names of Google ids: those Google Ads gave the accounts and campaigns the integration imported, and
 * for a campaign it did not import, the name and type of the account's campaign carrying its id.
 */
async function dimensionLookups(db: Kysely<Database>, relationshipId: number): Promise<DimensionLookups> {
  const [campaigns, imported] = await Promise.all([
    listAllCampaigns(db, relationshipId),
    googleAdsNames(db, relationshipId),
  ]);
  const googleCampaigns = new Map<string, { name: string; type: string | null }>(imported.campaigns);
  for (const campaign of campaigns) {
    if (campaign.googleCampaignId && !googleCampaigns.has(campaign.googleCampaignId)) {
      googleCampaigns.set(campaign.googleCampaignId, {
        name: campaign.name,
        type: campaign.googleCampaignType,
      });
    }
  }
  return { googleCampaigns, googleAccounts: imported.accounts };
}

/** The account as the reader of its analytics. */
export function analyticsReader(db: Kysely<Database>, relationship: RelationshipRecord): AnalyticsReader {
  return {
    relationshipId: relationship.id,
    timeZone: relationship.timezone,
    access: accessOf(relationship),
    lookups: () => dimensionLookups(db, relationship.id),
    costs: costBasis(relationship.defaultCpc),
    releasedConversions: (range) => releasedConversionIds(db, relationship.id, range),
  };
}
