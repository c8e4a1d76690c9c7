import { z } from 'zod';
import type { GoogleAdsConfig } from '../../config.js';
import { type OAuthProvider, OAuthRevokedError, type OAuthTokens } from './oauth-provider.js';

/**
 * The OAuth 2.0 web flow against a provider's real endpoints (RFC 6749): the authorize URL, the
 * authorization-code exchange, refresh and revoke (RFC 7009), over fetch with a timeout. Google's is
 * built by createGoogleOAuthProvider from config (GOOGLE_OAUTH_* URLs: Google's own, or the local
 * fake in tests and the demo seed).
 */

export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';

export interface OAuthClientOptions {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  scopes: readonly string[];
  /** Extra authorize parameters of the provider (Google: access_type=offline, prompt=consent). */
  authorizeParams?: Record<string, string>;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** The time a grant's expires_in counts from, in ms: the app's clock (the server passes it). */
  now?: () => number;
}

/** The provider answered something other than a grant refusal (bad client, outage, bad answer). */
export class OAuthRequestError extends Error {
  override name = 'OAuthRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

const zTokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const zErrorAnswer = z.object({ error: z.string(), error_description: z.string().optional() });

export function createOAuthClient(options: OAuthClientOptions): OAuthProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;

  async function post(url: string, form: Record<string, string>): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OAuthRequestError(
        `OAuth endpoint unreachable: ${(error as Error).message}`,
        0,
        'unreachable',
      );
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      // kept as text for the error message
    }
    return { status: response.status, body };
  }

  function refusal(status: number, body: unknown): Error {
    const parsed = zErrorAnswer.safeParse(body);
    const code = parsed.success ? parsed.data.error : 'unknown';
    const message = parsed.success
      ? `${parsed.data.error}${parsed.data.error_description ? `: ${parsed.data.error_description}` : ''}`
      : `HTTP ${status}`;
    if (code === 'invalid_grant') return new OAuthRevokedError(`The provider refused the grant (${message})`);
    return new OAuthRequestError(`OAuth request refused (${message})`, status, code);
  }

  async function tokenRequest(form: Record<string, string>): Promise<OAuthTokens> {
    const { status, body } = await post(options.tokenUrl, {
      ...form,
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    if (status !== 200) throw refusal(status, body);
    const parsed = zTokenAnswer.safeParse(body);
    if (!parsed.success)
      throw new OAuthRequestError('The token endpoint answered an unexpected body', status, 'bad_answer');
    return {
      accessToken: parsed.data.access_token,
      ...(parsed.data.refresh_token ? { refreshToken: parsed.data.refresh_token } : {}),
      expiresAt: new Date(now() + parsed.data.expires_in * 1000),
      scopes: (parsed.data.scope ?? '').split(/\s+/).filter(Boolean),
    };
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(options.authorizeUrl);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', options.scopes.join(' '));
      for (const [key, value] of Object.entries(options.authorizeParams ?? {}))
        url.searchParams.set(key, value);
      url.searchParams.set('state', state);
      return url.toString();
    },
    exchangeCode({ code, redirectUri }) {
      return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },
    refresh(refreshToken) {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },
    async revoke(token) {
      const { status, body } = await post(options.revokeUrl, { token });
      if (status === 200) return;
      // Already revoked or expired: what the caller wanted is true.
      if (status === 400 && zErrorAnswer.safeParse(body).data?.error === 'invalid_token') return;
      throw refusal(status, body);
    },
  };
}

/** Google's OAuth client for Google Ads (offline access, consent each time so a refresh token comes back). */
export function createGoogleOAuthProvider(
  config: GoogleAdsConfig,
  overrides: Pick<OAuthClientOptions, 'timeoutMs' | 'now'> = {},
): OAuthProvider {
  if (!config.clientId || !config.clientSecret) {
    throw new Error('Google Ads is not configured: set GOOGLE_ADS_CLIENT_ID and GOOGLE_ADS_CLIENT_SECRET');
  }
  return createOAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    revokeUrl: config.revokeUrl,
    scopes: [GOOGLE_ADS_SCOPE],
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    ...overrides,
  });
}
