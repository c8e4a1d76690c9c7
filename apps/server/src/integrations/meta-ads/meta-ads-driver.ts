import { z } from 'zod';
import type { AdChannelDriver } from '../ad-channel-driver.js';
import { AdChannelError } from '../ad-channel-driver.js';
import type { OAuthProvider, OAuthTokens } from '../oauth/oauth-provider.js';
import { audienceSize, createMetaAdsClient, type MetaAdsClient } from './meta-ads-client.js';

/** What Veracity asks of the user's Meta login: to manage and read their ads. */
export const META_ADS_SCOPES = ['ads_management', 'ads_read'] as const;

export interface MetaAdsConfig {
  appId: string;
  appSecret: string;
  graphUrl: string;
  version: string;
  dialogUrl: string;
}

const zToken = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * Facebook Login for the Marketing API: the dialog, the code exchanged for a short token, that one for
 * a long-lived token (about 60 days). Meta gives no refresh token: when the long-lived one ends, the
 * user reconnects (the token store keeps such grants; docs/decisions.md). Revoking deletes the app's
 * permissions of the user.
 */
function metaOAuth(config: MetaAdsConfig, client: MetaAdsClient, now: () => number): OAuthProvider {
  const graph = `${config.graphUrl.replace(/\/+$/, '')}/${config.version}`;
  const exchange = async (query: Record<string, string>) => {
    const url = new URL(`${graph}/oauth/access_token`);
    for (const [key, value] of Object.entries({
      client_id: config.appId,
      client_secret: config.appSecret,
      ...query,
    })) {
      url.searchParams.set(key, value);
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    const body = zToken.safeParse(await response.json().catch(() => null));
    if (!response.ok || !body.success)
      throw new Error(`Meta refused the token exchange (HTTP ${response.status})`);
    return body.data;
  };
  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${config.dialogUrl.replace(/\/+$/, '')}/${config.version}/dialog/oauth`);
      url.searchParams.set('client_id', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', META_ADS_SCOPES.join(','));
      url.searchParams.set('response_type', 'code');
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }): Promise<OAuthTokens> {
      const short = await exchange({ code, redirect_uri: redirectUri });
      const long = await exchange({ grant_type: 'fb_exchange_token', fb_exchange_token: short.access_token });
      return {
        accessToken: long.access_token,
        expiresAt: new Date(now() + (long.expires_in ?? 60 * 86_400) * 1000),
        scopes: [...META_ADS_SCOPES],
      };
    },
    refresh() {
      return Promise.reject(new Error('Meta grants have no refresh token'));
    },
    async revoke(token) {
      await client.revoke(token);
    },
  };
}

/** The audiences an ad set's targeting excludes, as Graph gives them ({id, name} objects). */
function excludedIds(targeting: Record<string, unknown> | undefined): string[] {
  const excluded = targeting?.excluded_custom_audiences;
  return Array.isArray(excluded)
    ? excluded.map((item) => String((item as { id?: unknown }).id ?? '')).filter((id) => id !== '')
    : [];
}

/** Meta Ads as an AdChannelDriver: a website custom audience excluded in the ad sets' targeting. */
export function createMetaAdsDriver(
  config: MetaAdsConfig,
  options: { now?: () => number; client?: MetaAdsClient } = {},
): AdChannelDriver {
  const api = options.client ?? createMetaAdsClient({ graphUrl: config.graphUrl, version: config.version });
  const now = options.now ?? Date.now;
  return {
    channel: 'meta',
    oauth: metaOAuth(config, api, now),
    appId: config.appId,
    async listAccounts(token) {
      return (await api.adAccounts(token)).map((account) => ({
        id: account.account_id,
        name: account.name,
        currency: account.currency ?? null,
      }));
    },
    async ensureAudience(token, accountId, input) {
      const found = (await api.audiences(token, accountId)).find((audience) => audience.name === input.name);
      if (found)
        return { id: found.id, name: found.name, size: audienceSize(found.approximate_count_lower_bound) };
      const [pixelId] = await api.pixelIds(token, accountId);
      if (!pixelId) {
        throw new AdChannelError(
          'refused',
          'No Meta Pixel on this ad account: add the pixel first (Integration Steps, step 1).',
        );
      }
      const id = await api.createAudience(token, accountId, {
        name: input.name,
        pixelId,
        days: input.retentionDays,
      });
      return { id, name: input.name, size: null };
    },
    async audience(token, _accountId, audienceId) {
      try {
        const found = await api.audience(token, audienceId);
        return { id: found.id, name: found.name, size: audienceSize(found.approximate_count_lower_bound) };
      } catch (error) {
        // Deleted in Meta: Graph answers "Object does not exist"; the sync creates it again.
        if (error instanceof AdChannelError && error.code === 'refused') return null;
        throw error;
      }
    },
    async listTargets(token, accountId) {
      return (await api.adSets(token, accountId)).map((adSet) => ({
        id: adSet.id,
        name: adSet.name,
        status: adSet.effective_status,
        excludedAudienceIds: excludedIds(adSet.targeting),
      }));
    },
    async setExclusion(token, accountId, target, audienceId, excluded) {
      const adSet = (await api.adSets(token, accountId)).find((item) => item.id === target.id);
      if (!adSet) throw new AdChannelError('refused', 'That ad set is no longer in the ad account.');
      const targeting = { ...(adSet.targeting ?? {}) };
      const others = excludedIds(targeting)
        .filter((id) => id !== audienceId)
        .map((id) => ({ id }));
      targeting.excluded_custom_audiences = excluded ? [...others, { id: audienceId }] : others;
      await api.setTargeting(token, target.id, targeting);
    },
  };
}
