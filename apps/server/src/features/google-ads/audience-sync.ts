import type { ProtectionMode } from '@veracity/contracts/google-ads';
import type {
  GoogleAdsApi,
  GoogleAdsCaller,
  GoogleAdsCampaignRow,
} from '../../integrations/google-ads/google-ads-api.js';
import { GOOGLE_ADS_FAILURES } from '../../integrations/google-ads/google-ads-client.js';
import type { SyncDeps } from './exclusion-sync.service.js';
import { type AdAccountRow, listAdCampaigns } from './google-ads.repo.js';

/**
 * The audience exclusion (issue 33): on each protected account, the remarketing list of invalid
 * visitors (a rule-based list on the sensor's Google exclusion event, created once) attached as a
 * negative user-list criterion to every campaign whose type allows it. Performance Max takes no
 * campaign audience exclusion in the API: the client answers NOT_PERMITTED for it and the
 * account-level IP blocks cover it. Detection pushes nothing; dry run has Google validate it.
 */
export interface AudienceOutcome {
  /** The list's resource name (null in detection, or when no account holds one). */
  userList: string | null;
  excluded: number;
  notAllowed: number;
}

export async function syncAudience(
  deps: SyncDeps,
  api: GoogleAdsApi,
  relationshipId: number,
  accounts: readonly AdAccountRow[],
  mode: ProtectionMode,
  call: <T>(customerId: string, fn: (caller: GoogleAdsCaller) => Promise<T>) => Promise<T>,
): Promise<AudienceOutcome> {
  const outcome: AudienceOutcome = { userList: null, excluded: 0, notAllowed: 0 };
  if (mode === 'detection') return outcome;
  const validateOnly = mode === 'dry_run';
  const campaigns = await listAdCampaigns(deps.services.db, relationshipId);
  for (const account of accounts) {
    const own: GoogleAdsCampaignRow[] = campaigns
      .filter((campaign) => campaign.customer_id === account.customer_id && campaign.status !== 'REMOVED')
      .map((campaign) => ({
        campaignId: campaign.campaign_id,
        name: campaign.name,
        type: campaign.type,
        status: campaign.status as GoogleAdsCampaignRow['status'],
      }));
    const userList = await call(account.customer_id, (caller) =>
      api.ensureExclusionUserList(caller, account.customer_id, { validateOnly }),
    );
    if (userList) outcome.userList ??= userList;
    if (own.length === 0) continue;
    const results = await call(account.customer_id, (caller) =>
      api.excludeUserList(caller, account.customer_id, userList, own, { validateOnly }),
    );
    for (const result of results) {
      if (result.ok) outcome.excluded += 1;
      else if (result.code === GOOGLE_ADS_FAILURES.notPermittedForCampaignType) outcome.notAllowed += 1;
      else deps.log.warn({ relationshipId, code: result.code }, 'google ads audience exclusion refused');
    }
  }
  return outcome;
}
