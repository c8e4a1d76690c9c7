import type { AdChannelDriver, DriverAudience } from '../ad-channel-driver.js';
import { AdChannelError } from '../ad-channel-driver.js';
import { createOAuthClient } from '../oauth/oauth-client.js';
import type { OAuthProvider } from '../oauth/oauth-provider.js';
import {
  createMicrosoftAdsClient,
  type MicrosoftAccountRef,
  type MicrosoftAdsClient,
} from './microsoft-ads-client.js';

/** Microsoft Advertising's OAuth scope (the Microsoft identity platform), with a refresh token. */
export const MICROSOFT_ADS_SCOPES = ['https://ads.microsoft.com/msads.manage', 'offline_access'] as const;

export interface MicrosoftAdsConfig {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  apiUrl: string;
  customerApiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/** Veracity's id of an account: the customer and the account, "customerId:accountId". */
export function accountRef(id: string): MicrosoftAccountRef {
  const [customerId = '', accountId = ''] = id.split(':');
  if (!/^\d+$/.test(customerId) || !/^\d+$/.test(accountId)) {
    throw new AdChannelError('refused', 'Not a Microsoft Advertising account of this connection.');
  }
  return { customerId, accountId };
}

/**
 * Microsoft's OAuth through the Microsoft identity platform. It has no endpoint to revoke a grant: on
 * disconnect Veracity deletes its tokens, and the user removes the app's consent in their Microsoft
 * account (docs/integrations/microsoft-ads.md).
 */
function microsoftOAuth(config: MicrosoftAdsConfig, now?: () => number): OAuthProvider {
  const client = createOAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    revokeUrl: config.tokenUrl,
    scopes: MICROSOFT_ADS_SCOPES,
    authorizeParams: { prompt: 'select_account' },
    ...(now ? { now } : {}),
  });
  return { ...client, revoke: async () => undefined };
}

/** Microsoft Advertising as an AdChannelDriver: remarketing lists excluded on campaigns. */
export function createMicrosoftAdsDriver(
  config: MicrosoftAdsConfig,
  options: { now?: () => number; client?: MicrosoftAdsClient } = {},
): AdChannelDriver {
  const api =
    options.client ??
    createMicrosoftAdsClient({
      apiUrl: config.apiUrl,
      customerApiUrl: config.customerApiUrl,
      developerToken: config.developerToken,
    });
  const asAudience = (list: {
    Id: string;
    Name: string;
    SearchSize?: number | null | undefined;
  }): DriverAudience => ({
    id: list.Id,
    name: list.Name,
    size: list.SearchSize ?? null,
  });
  return {
    channel: 'microsoft',
    oauth: microsoftOAuth(config, options.now),
    appId: config.clientId,
    async listAccounts(token) {
      const accounts = await api.listAccounts(token);
      return accounts.map((account) => ({
        id: `${account.ParentCustomerId}:${account.Id}`,
        name: account.Name,
        currency: account.CurrencyCode ?? null,
      }));
    },
    async ensureAudience(token, accountId, input) {
      const account = accountRef(accountId);
      const found = (await api.remarketingLists(token, account, null)).find(
        (list) => list.Name === input.name,
      );
      if (found) return asAudience(found);
      const [tagId] = await api.uetTagIds(token, account);
      if (!tagId) {
        throw new AdChannelError(
          'refused',
          'No UET tag on this Microsoft Advertising account: add the tag first (Integration Steps, step 1).',
        );
      }
      const id = await api.addRemarketingList(token, account, {
        name: input.name,
        days: input.retentionDays,
        tagId,
      });
      return { id, name: input.name, size: null };
    },
    async audience(token, accountId, audienceId) {
      const [list] = await api.remarketingLists(token, accountRef(accountId), [audienceId]);
      return list ? asAudience(list) : null;
    },
    async listTargets(token, accountId) {
      const account = accountRef(accountId);
      const campaigns = await api.campaigns(token, account);
      const targets = [];
      for (const campaign of campaigns) {
        const negatives = await api.negativeAudiences(token, account, campaign.Id);
        targets.push({
          id: campaign.Id,
          name: campaign.Name,
          status: campaign.Status,
          excludedAudienceIds: negatives.map((negative) => negative.audienceId),
        });
      }
      return targets;
    },
    async setExclusion(token, accountId, target, audienceId, excluded) {
      const account = accountRef(accountId);
      if (excluded) {
        await api.excludeAudience(token, account, target.id, audienceId);
        return;
      }
      const negatives = await api.negativeAudiences(token, account, target.id);
      for (const negative of negatives.filter((item) => item.audienceId === audienceId)) {
        await api.removeCriterion(token, account, target.id, negative.criterionId);
      }
    },
  };
}
