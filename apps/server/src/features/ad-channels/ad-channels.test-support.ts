import type { AdChannel } from '@veracity/contracts/ad-channels';
import {
  type AdChannelDriver,
  AdChannelError,
  type DriverTarget,
} from '../../integrations/ad-channel-driver.js';
import type { OAuthProvider } from '../../integrations/oauth/oauth-provider.js';

/**
 * A platform in memory behind the AdChannelDriver interface, for the suites of the layer that drives
 * every platform the same way (routes, state, sync): what the layer asks and does is what is checked
 * here; each platform's own client is tested against its local fake.
 */
export interface MemoryPlatform {
  driver: AdChannelDriver;
  accounts: { id: string; name: string; currency: string | null }[];
  audiences: Map<string, { id: string; name: string; size: number | null; retentionDays: number }>;
  targets: Map<string, DriverTarget[]>;
  /** Access tokens the platform accepts; others answer `reconnect`. */
  validTokens: Set<string>;
  calls: string[];
  /** The next call refuses with this error, once. */
  failNext: AdChannelError | null;
  refreshes: number;
  revoked: string[];
}

export function memoryPlatform(channel: AdChannel): MemoryPlatform {
  let issued = 0;
  const platform: MemoryPlatform = {
    accounts: [
      { id: '1001', name: 'Shop', currency: 'EUR' },
      { id: '1002', name: 'Brand', currency: 'USD' },
    ],
    audiences: new Map(),
    targets: new Map([
      [
        '1001',
        [
          { id: 't1', name: 'Prospecting', status: 'ACTIVE', excludedAudienceIds: ['other'] },
          { id: 't2', name: 'Retargeting', status: 'PAUSED', excludedAudienceIds: [] },
        ],
      ],
      ['1002', []],
    ]),
    validTokens: new Set(),
    calls: [],
    failNext: null,
    refreshes: 0,
    revoked: [],
    driver: undefined as unknown as AdChannelDriver,
  };
  const grant = () => {
    issued += 1;
    const accessToken = `access-${issued}`;
    platform.validTokens.add(accessToken);
    return {
      accessToken,
      refreshToken: `refresh-${issued}`,
      expiresAt: new Date(Date.now() + 3600_000),
      scopes: [],
    };
  };
  const oauth: OAuthProvider = {
    authorizeUrl: ({ state, redirectUri }) =>
      `https://consent.example/${channel}?state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(redirectUri)}`,
    exchangeCode: async ({ code }) => {
      if (code !== 'good-code') throw new Error('invalid_grant');
      return grant();
    },
    refresh: async () => {
      platform.refreshes += 1;
      return grant();
    },
    revoke: async (token) => {
      platform.revoked.push(token);
    },
  };
  const check = (name: string, token: string) => {
    platform.calls.push(name);
    const failure = platform.failNext;
    platform.failNext = null;
    if (failure) throw failure;
    if (!platform.validTokens.has(token)) throw new AdChannelError('reconnect', 'token refused');
  };
  platform.driver = {
    channel,
    oauth,
    appId: `${channel}-app`,
    listAccounts: async (token) => {
      check('listAccounts', token);
      return platform.accounts;
    },
    ensureAudience: async (token, accountId, input) => {
      check('ensureAudience', token);
      const found = [...platform.audiences.values()].find((audience) => audience.name === input.name);
      if (found) return found;
      const audience = {
        id: `aud-${accountId}`,
        name: input.name,
        size: null,
        retentionDays: input.retentionDays,
      };
      platform.audiences.set(audience.id, audience);
      return audience;
    },
    audience: async (token, _accountId, audienceId) => {
      check('audience', token);
      return platform.audiences.get(audienceId) ?? null;
    },
    listTargets: async (token, accountId) => {
      check('listTargets', token);
      return (platform.targets.get(accountId) ?? []).map((target) => ({
        ...target,
        excludedAudienceIds: [...target.excludedAudienceIds],
      }));
    },
    setExclusion: async (token, accountId, target, audienceId, excluded) => {
      check(`setExclusion ${target.id} ${excluded}`, token);
      const stored = platform.targets.get(accountId)?.find((item) => item.id === target.id);
      if (!stored) throw new AdChannelError('refused', 'no such target');
      const others = stored.excludedAudienceIds.filter((id) => id !== audienceId);
      stored.excludedAudienceIds = excluded ? [...others, audienceId] : others;
    },
  };
  return platform;
}
