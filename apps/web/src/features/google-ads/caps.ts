import {
  type ExclusionEntry,
  GOOGLE_IP_BLOCKS_PER_ACCOUNT,
  GOOGLE_IP_BLOCKS_PER_CAMPAIGN,
  type GoogleAdsCampaign,
} from '@veracity/contracts/google-ads';

/** One list of IP blocks at Google: a campaign's, or an account's negative list (campaignId null). */
export interface CapUsage {
  customerId: string;
  campaignId: string | null;
  campaignName: string | null;
  used: number;
  cap: number;
}

/** Entries that hold a place in a list: pushed, or (in detection mode) planned to be. */
function holdsPlace(entry: ExclusionEntry): boolean {
  return entry.state === 'active' || entry.state === 'planned';
}

/**
 * The caps in use, per campaign and per account, from the exclusion entries (each list counted once
 * even when an entry came through two sections), fullest first.
 */
export function capsInUse(
  entries: readonly ExclusionEntry[],
  campaigns: readonly GoogleAdsCampaign[],
): CapUsage[] {
  const seen = new Set<number>();
  const lists = new Map<string, CapUsage>();
  for (const entry of entries) {
    if (!holdsPlace(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const key = `${entry.customerId}/${entry.campaignId ?? ''}`;
    let list = lists.get(key);
    if (!list) {
      const campaign = campaigns.find(
        (item) => item.customerId === entry.customerId && item.campaignId === entry.campaignId,
      );
      list = {
        customerId: entry.customerId,
        campaignId: entry.campaignId,
        campaignName: campaign?.name ?? null,
        used: 0,
        cap: entry.campaignId === null ? GOOGLE_IP_BLOCKS_PER_ACCOUNT : GOOGLE_IP_BLOCKS_PER_CAMPAIGN,
      };
      lists.set(key, list);
    }
    list.used += 1;
  }
  return [...lists.values()].sort(
    (a, b) =>
      b.used / b.cap - a.used / a.cap ||
      a.customerId.localeCompare(b.customerId) ||
      (a.campaignId ?? '').localeCompare(b.campaignId ?? ''),
  );
}
