import type { OAuthConnectionStatus } from '@veracity/contracts/google-ads';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../jobs/clock.js';
import type { AdProvider, Database } from '../../storage/oltp/schema.js';
import {
  deleteConnection,
  findConnection,
  markReconnect,
  type OAuthConnectionRow,
  saveRefreshedTokens,
  upsertConnection,
} from './oauth-connections.repo.js';
import { type OAuthProvider, OAuthRevokedError, type OAuthTokens } from './oauth-provider.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

/**
 * An account's OAuth connections to outside services (issue 33: Google Ads first; Meta, Microsoft,
 * TikTok, HubSpot and Chargebee reuse it). Refresh and access tokens are sealed at rest with the
 * instance secret (`secret-box.ts`, one key per provider and token kind); no token is ever logged or
 * returned by the API. `accessToken` hands out a valid access token, refreshing it through the
 * provider when it expires within REFRESH_MARGIN_MS; concurrent callers of one connection share one
 * refresh (single flight in this process). A refused grant sets the connection to "reconnect" and
 * throws {@link OAuthReconnectError}, which callers turn into the dashboard's "reconnect" state.
 */

/**
 * Providers whose grant is a long-lived access token with no refresh token: Meta (a long-lived user
 * token, 60 days) and TikTok (a Marketing API token that lasts until revoked). Their connection is
 * stored with an empty refresh token; once the token expires or is refused, the account reconnects.
 */
export const GRANTS_WITHOUT_REFRESH: ReadonlySet<AdProvider> = new Set(['meta_ads', 'tiktok_ads']);
const NO_REFRESH_TOKEN = '';

/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;

/** The account has no connection to this provider. */
export class OAuthNotConnectedError extends Error {
  override name = 'OAuthNotConnectedError';
}
/** The provider refused the stored grant: the user must connect again. */
export class OAuthReconnectError extends Error {
  override name = 'OAuthReconnectError';
}
/** This instance has no OAuth client for the provider (client id and secret not configured). */
export class OAuthNotConfiguredError extends Error {
  override name = 'OAuthNotConfiguredError';
}

export interface TokenStore {
  /** Stores a new grant from a code exchange (replacing an older one, a reconnect included). */
  save(input: {
    relationshipId: number;
    provider: AdProvider;
    tokens: OAuthTokens;
    connectedBy: number | null;
  }): Promise<void>;
  status(relationshipId: number, provider: AdProvider): Promise<OAuthConnectionStatus>;
  /** A valid access token; throws OAuthNotConnectedError, OAuthReconnectError or OAuthNotConfiguredError. */
  accessToken(relationshipId: number, provider: AdProvider): Promise<string>;
  /**
   * A new access token even when the stored one looks valid: the provider refused it (expired or
   * revoked early). Same errors as `accessToken`; concurrent callers share one refresh.
   */
  renewAccessToken(relationshipId: number, provider: AdProvider): Promise<string>;
  /** Revokes the grant at the provider (best effort, logged) and deletes the connection. */
  revokeAndDelete(relationshipId: number, provider: AdProvider): Promise<boolean>;
}

export interface TokenStoreDeps {
  db: Kysely<Database>;
  /** The instance secret (config.secretKey). */
  secretKey: string;
  /** The OAuth client of each provider; null when this instance has none configured. */
  providers: Partial<Record<AdProvider, OAuthProvider | null>>;
  log: FastifyBaseLogger;
  clock: Clock;
}

export function createTokenStore(deps: TokenStoreDeps): TokenStore {
  const boxes = new Map<string, SecretBox>();
  const box = (provider: AdProvider, kind: 'refresh' | 'access'): SecretBox => {
    const purpose = `oauth:${provider}:${kind}`;
    let found = boxes.get(purpose);
    if (!found) {
      found = createSecretBox(deps.secretKey, purpose);
      boxes.set(purpose, found);
    }
    return found;
  };
  const providerOf = (provider: AdProvider): OAuthProvider => {
    const client = deps.providers[provider];
    if (!client) throw new OAuthNotConfiguredError(`no OAuth client is configured for ${provider}`);
    return client;
  };
  const inFlight = new Map<string, Promise<string>>();

  const usableAccessToken = (row: OAuthConnectionRow): string | null => {
    if (!row.access_token_enc || !row.access_expires_at) return null;
    const expiresAt = Date.parse(row.access_expires_at);
    if (!(expiresAt - REFRESH_MARGIN_MS > deps.clock.now().getTime())) return null;
    return box(row.provider, 'access').open(row.access_token_enc);
  };

  const refresh = async (relationshipId: number, provider: AdProvider, force = false): Promise<string> => {
    // Read again inside the flight: a refresh that ended just before may have saved a fresh token.
    const row = await findConnection(deps.db, relationshipId, provider);
    if (!row) throw new OAuthNotConnectedError(`no ${provider} connection`);
    if (row.status === 'reconnect') throw new OAuthReconnectError(`${provider} needs a new consent`);
    const current = force ? null : usableAccessToken(row);
    if (current) return current;
    if (row.refresh_token_enc === NO_REFRESH_TOKEN) {
      await markReconnect(deps.db, row.id, deps.clock.now().toISOString());
      deps.log.warn(
        { relationshipId, provider },
        'oauth grant without refresh token ended: reconnect needed',
      );
      throw new OAuthReconnectError(`${provider} grant expired or was refused`);
    }
    let tokens: OAuthTokens;
    try {
      tokens = await providerOf(provider).refresh(box(provider, 'refresh').open(row.refresh_token_enc));
    } catch (error) {
      if (error instanceof OAuthRevokedError) {
        await markReconnect(deps.db, row.id, deps.clock.now().toISOString());
        deps.log.warn({ relationshipId, provider }, 'oauth grant refused by the provider: reconnect needed');
        throw new OAuthReconnectError(`${provider} refused the stored grant`);
      }
      throw error;
    }
    await saveRefreshedTokens(deps.db, row.id, {
      accessTokenEnc: box(provider, 'access').seal(tokens.accessToken),
      accessExpiresAt: tokens.expiresAt.toISOString(),
      ...(tokens.refreshToken ? { refreshTokenEnc: box(provider, 'refresh').seal(tokens.refreshToken) } : {}),
      at: deps.clock.now().toISOString(),
    });
    return tokens.accessToken;
  };

  return {
    async save({ relationshipId, provider, tokens, connectedBy }) {
      if (!tokens.refreshToken && !GRANTS_WITHOUT_REFRESH.has(provider)) {
        // Offline access with prompt=consent always returns one; without it nothing lasts an hour.
        throw new OAuthReconnectError(`${provider} returned no refresh token`);
      }
      await upsertConnection(deps.db, {
        relationshipId,
        provider,
        refreshTokenEnc: tokens.refreshToken
          ? box(provider, 'refresh').seal(tokens.refreshToken)
          : NO_REFRESH_TOKEN,
        accessTokenEnc: box(provider, 'access').seal(tokens.accessToken),
        accessExpiresAt: tokens.expiresAt.toISOString(),
        scopes: tokens.scopes.join(' '),
        connectedBy,
        at: deps.clock.now().toISOString(),
      });
    },

    async status(relationshipId, provider) {
      const row = await findConnection(deps.db, relationshipId, provider);
      return row ? row.status : 'none';
    },

    async accessToken(relationshipId, provider) {
      const row = await findConnection(deps.db, relationshipId, provider);
      if (!row) throw new OAuthNotConnectedError(`no ${provider} connection`);
      if (row.status === 'reconnect') throw new OAuthReconnectError(`${provider} needs a new consent`);
      const current = usableAccessToken(row);
      if (current) return current;
      const key = `${relationshipId}:${provider}`;
      let flight = inFlight.get(key);
      if (!flight) {
        flight = refresh(relationshipId, provider).finally(() => inFlight.delete(key));
        inFlight.set(key, flight);
      }
      return flight;
    },

    async renewAccessToken(relationshipId, provider) {
      const key = `${relationshipId}:${provider}:renew`;
      let flight = inFlight.get(key);
      if (!flight) {
        flight = refresh(relationshipId, provider, true).finally(() => inFlight.delete(key));
        inFlight.set(key, flight);
      }
      return flight;
    },

    async revokeAndDelete(relationshipId, provider) {
      const row = await findConnection(deps.db, relationshipId, provider);
      if (!row) return false;
      const client = deps.providers[provider];
      const token =
        row.refresh_token_enc !== NO_REFRESH_TOKEN
          ? box(provider, 'refresh').open(row.refresh_token_enc)
          : row.access_token_enc
            ? box(provider, 'access').open(row.access_token_enc)
            : null;
      if (client && token) {
        try {
          await client.revoke(token);
        } catch (error) {
          // Best effort: the tokens are deleted here either way, and the user can revoke at the provider.
          deps.log.warn(
            { relationshipId, provider, error: (error as Error).name },
            'oauth revoke failed; deleting the stored tokens anyway',
          );
        }
      } else if (token) {
        deps.log.warn(
          { relationshipId, provider },
          'no OAuth client configured: tokens deleted, not revoked',
        );
      }
      return (await deleteConnection(deps.db, relationshipId, provider)) > 0;
    },
  };
}
