import type { AdChannelDriver } from '../ad-channel-driver.js';
import { AdChannelError } from '../ad-channel-driver.js';
import type { OAuthProvider, OAuthTokens } from '../oauth/oauth-provider.js';
import { audienceSize, createTikTokAdsClient, type TikTokAdsClient } from './tiktok-ads-client.js';

export interface TikTokAdsConfig {
  appId: string;
  secret: string;
  /** The Business API base before the version (TIKTOK_ADS_API_URL). */
  apiUrl: string;
  /** TikTok's authorization page (TIKTOK_OAUTH_AUTHORIZE_URL). */
  authorizeUrl: string;
}

/** TikTok's Marketing API token lasts until revoked; the store needs a date: this far ahead. */
const TOKEN_LIFETIME_MS = 10 * 365 * 86_400_000;

/**
 * TikTok's advertiser authorization, not RFC 6749: the portal page takes `app_id`, `state` and
 * `redirect_uri` (the permissions are the app's, chosen in TikTok's developer portal); the callback
 * carries `auth_code`, exchanged with the app id and secret for a token that lasts until revoked, with
 * no refresh token (the token store keeps such grants; docs/decisions.md). Revoking calls
 * `oauth2/revoke_token/`.
 */
function tiktokOAuth(config: TikTokAdsConfig, client: TikTokAdsClient, now: () => number): OAuthProvider {
  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('app_id', config.appId);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },
    async exchangeCode({ code }): Promise<OAuthTokens> {
      const answer = await client.accessToken(code);
      return {
        accessToken: answer.access_token,
        expiresAt: new Date(now() + TOKEN_LIFETIME_MS),
        scopes: (answer.scope ?? []).map(String),
      };
    },
    refresh() {
      return Promise.reject(new Error('TikTok grants have no refresh token'));
    },
    async revoke(token) {
      await client.revoke(token);
    },
  };
}

/** TikTok Ads as an AdChannelDriver: a website traffic audience excluded in the ad groups. */
export function createTikTokAdsDriver(
  config: TikTokAdsConfig,
  options: { now?: () => number; client?: TikTokAdsClient } = {},
): AdChannelDriver {
  const api =
    options.client ??
    createTikTokAdsClient({ apiUrl: config.apiUrl, appId: config.appId, secret: config.secret });
  const now = options.now ?? Date.now;
  return {
    channel: 'tiktok',
    oauth: tiktokOAuth(config, api, now),
    appId: config.appId,
    async listAccounts(token) {
      return (await api.advertisers(token)).map((advertiser) => ({
        id: advertiser.advertiser_id,
        name: advertiser.advertiser_name,
        currency: null,
      }));
    },
    async ensureAudience(token, accountId, input) {
      const found = (await api.audiences(token, accountId)).find((audience) => audience.name === input.name);
      if (found) return { id: found.audience_id, name: found.name, size: audienceSize(found.cover_num) };
      const [pixelId] = await api.pixelIds(token, accountId);
      if (!pixelId) {
        throw new AdChannelError(
          'refused',
          'No TikTok Pixel on this advertiser account: add the pixel first (Integration Steps, step 0).',
        );
      }
      const id = await api.createAudience(token, accountId, {
        name: input.name,
        pixelId,
        days: input.retentionDays,
      });
      return { id, name: input.name, size: null };
    },
    async audience(token, accountId, audienceId) {
      try {
        const found = await api.audience(token, accountId, audienceId);
        return found
          ? { id: found.audience_id, name: found.name, size: audienceSize(found.cover_num) }
          : null;
      } catch (error) {
        // Deleted in TikTok: it refuses the id; the sync creates the audience again.
        if (error instanceof AdChannelError && error.code === 'refused') return null;
        throw error;
      }
    },
    async listTargets(token, accountId) {
      return (await api.adGroups(token, accountId)).map((adGroup) => ({
        id: adGroup.adgroup_id,
        name: adGroup.adgroup_name,
        status: adGroup.operation_status,
        excludedAudienceIds: adGroup.excluded_audience_ids ?? [],
      }));
    },
    async setExclusion(token, accountId, target, audienceId, excluded) {
      const adGroup = (await api.adGroups(token, accountId)).find((item) => item.adgroup_id === target.id);
      if (!adGroup)
        throw new AdChannelError('refused', 'That ad group is no longer in the advertiser account.');
      const others = (adGroup.excluded_audience_ids ?? []).filter((id) => id !== audienceId);
      await api.setExcludedAudiences(
        token,
        accountId,
        target.id,
        excluded ? [...others, audienceId] : others,
      );
    },
  };
}
