/**
 * The OAuth 2.0 web flow of an outside service (issue 33; Google first, Meta, Microsoft, TikTok,
 * HubSpot and Chargebee next): the authorize URL, the code exchange, refresh and revoke, against the
 * provider's real endpoints (base URLs from config). `oauth-client.ts` implements it; the token store
 * (`token-store.ts`) keeps what it returns encrypted with the instance secret.
 */
export interface OAuthTokens {
  accessToken: string;
  /** Absent on a refresh that keeps the same refresh token. */
  refreshToken?: string;
  expiresAt: Date;
  scopes: string[];
}

export interface OAuthProvider {
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<OAuthTokens>;
  /** Throws OAuthRevokedError when the provider refuses the refresh token (invalid_grant). */
  refresh(refreshToken: string): Promise<OAuthTokens>;
  revoke(token: string): Promise<void>;
}

/** The provider refused the stored grant: the user must connect again ("reconnect"). */
export class OAuthRevokedError extends Error {
  override name = 'OAuthRevokedError';
}
