import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import {
  EXCLUSION_IP_TYPE_LABELS,
  type ExclusionEntry,
  type GoogleAdsCampaign,
} from '@veracity/contracts/google-ads';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import { formatNumber } from '../../lib/format';

/** How an exclusion entry's cells read: plain text only (IPs and names come from tracked traffic). */

/** "Data center or hosting network (12), Headless browser (3)": the most frequent reasons first. */
export function threatsText(threats: ExclusionEntry['threats']): string {
  const lines = Object.entries(threats)
    .filter(([, count]) => count > 0)
    .sort(([a, left], [b, right]) => right - left || a.localeCompare(b))
    .map(([reason, count]) => {
      const label =
        (THREAT_REASONS as Record<string, { label: string } | undefined>)[reason]?.label ?? reason;
      return `${label} (${formatNumber(count)})`;
    });
  return lines.length > 0 ? lines.join(', ') : '–';
}

/** The campaign's name where the integration knows it, its id otherwise; account-level entries say so. */
export function campaignText(
  entry: Pick<ExclusionEntry, 'customerId' | 'campaignId'>,
  campaigns: ReadonlyMap<string, GoogleAdsCampaign>,
): string {
  if (entry.campaignId === null) return 'Whole account';
  return campaigns.get(campaignKey(entry.customerId, entry.campaignId))?.name ?? entry.campaignId;
}

export function campaignKey(customerId: string, campaignId: string): string {
  return `${customerId}/${campaignId}`;
}

export function campaignIndex(campaigns: readonly GoogleAdsCampaign[]): Map<string, GoogleAdsCampaign> {
  return new Map(
    campaigns.map((campaign) => [campaignKey(campaign.customerId, campaign.campaignId), campaign]),
  );
}

/** Google account ids display dashed 3-3-rest (spec 02 §9). */
export const accountText = (customerId: string) => formatGoogleAccountId(customerId);

export const ipTypeLabel = (type: ExclusionEntry['type']) => EXCLUSION_IP_TYPE_LABELS[type].label;
export const ipTypeMeaning = (type: ExclusionEntry['type']) => EXCLUSION_IP_TYPE_LABELS[type].meaning;
