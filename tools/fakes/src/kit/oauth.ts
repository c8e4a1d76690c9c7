import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeService } from './fake-service.js';

/**
 * The OAuth 2.0 web flow of a provider, on a fake service: a consent page with an Allow and a Deny
 * link (or `approve=1` on the authorize URL for tests that skip the page), the token endpoint
 * (authorization_code and refresh_token grants, client id and secret checked, access tokens that
 * expire) and the revoke endpoint. Errors follow RFC 6749 §5.2 (`invalid_grant`, `invalid_client`...).
 */

export interface OAuthFakeOptions {
  clientId: string;
  clientSecret: string;
  /** Paths on the service (Google: /o/oauth2/v2/auth, /token, /revoke). */
  authorizePath: string;
  tokenPath: string;
  revokePath: string;
  /** Lifetime of an access token (default 3600 s). */
  accessTokenLifetimeSeconds?: number;
  /** When set, redirect_uri must be one of these (else redirect_uri_mismatch). */
  redirectUris?: readonly string[];
  /** The clock (default Date.now); tests move it to expire tokens. */
  now?: () => number;
  /** Shown on the consent page. */
  providerName: string;
}

interface Grant {
  refreshToken: string;
  scopes: string[];
  revoked: boolean;
  /** Who consented: a test may name a user on the authorize URL (login_hint). */
  user: string;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

export type AccessTokenCheck =
  | { valid: true; user: string; scopes: string[] }
  | { valid: false; reason: 'expired' | 'unknown' | 'revoked' };

export interface OAuthFake {
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly revokeUrl: string;
  /** What an API route asks about the bearer token it received. */
  checkAccessToken(token: string | undefined): AccessTokenCheck;
  /** Every access token issued so far expires now (the next call gets 401). */
  expireAccessTokens(): void;
  /** Revokes a grant as the user would in their account settings: refresh gives invalid_grant. */
  revokeAll(): void;
  /** Issues a grant and an access token without the consent round trip (seeding). */
  issueTokens(user?: string, scopes?: string[]): { accessToken: string; refreshToken: string };
  /** Counts, for assertions. */
  stats(): { grants: number; liveGrants: number; accessTokens: number };
}

const CODE_LIFETIME_MS = 10 * 60 * 1000;

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

function escapeHtml(value: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  };
  return value.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

function oauthError(status: number, error: string, description: string): FakeReply {
  return { status, body: { error, error_description: description } };
}

function readForm(request: FakeRequest): URLSearchParams {
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(request.bodyText) as Record<string, unknown>;
      return new URLSearchParams(
        Object.entries(parsed).map(([key, value]) => [key, String(value)] as [string, string]),
      );
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(request.bodyText);
}

export function addOAuthProvider(service: FakeService, options: OAuthFakeOptions): OAuthFake {
  const now = options.now ?? Date.now;
  const lifetimeMs = (options.accessTokenLifetimeSeconds ?? 3600) * 1000;
  const codes = new Map<
    string,
    { grant: Omit<Grant, 'refreshToken' | 'revoked'>; redirectUri: string; expiresAt: number }
  >();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();

  function issueAccess(grant: Grant): { accessToken: string; expiresIn: number } {
    const accessToken = token('ya29.fake-');
    accessTokens.set(accessToken, { grant, expiresAt: now() + lifetimeMs });
    return { accessToken, expiresIn: Math.round(lifetimeMs / 1000) };
  }

  /** Checks the authorize query; an error page (400) when the client or redirect is wrong. */
  function checkAuthorize(query: URLSearchParams): FakeReply | undefined {
    if (query.get('client_id') !== options.clientId) {
      return { status: 401, body: 'Error 401: invalid_client. The OAuth client was not found.' };
    }
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return { status: 400, body: 'Error 400: redirect_uri_mismatch' };
    }
    if (query.get('response_type') !== 'code') {
      return { status: 400, body: 'Error 400: unsupported_response_type' };
    }
    if (!query.get('scope')) return { status: 400, body: 'Error 400: invalid_request (missing scope)' };
    return undefined;
  }

  function redirectWith(query: URLSearchParams, values: Record<string, string>): FakeReply {
    const target = new URL(query.get('redirect_uri') ?? '');
    for (const [key, value] of Object.entries(values)) target.searchParams.set(key, value);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.toString() } };
  }

  function approve(query: URLSearchParams): FakeReply {
    const code = token('4/fake-');
    codes.set(code, {
      grant: {
        scopes: (query.get('scope') ?? '').split(/\s+/).filter(Boolean),
        user: query.get('login_hint') ?? 'user@example.com',
      },
      redirectUri: query.get('redirect_uri') ?? '',
      expiresAt: now() + CODE_LIFETIME_MS,
    });
    return redirectWith(query, { code, scope: query.get('scope') ?? '' });
  }

  service.route('oauth:authorize', 'GET', options.authorizePath, (request) => {
    const refused = checkAuthorize(request.query);
    if (refused) return refused;
    if (request.query.get('approve') === '1') return approve(request.query);
    const allow = new URLSearchParams(request.query);
    allow.set('decision', 'allow');
    const deny = new URLSearchParams(request.query);
    deny.set('decision', 'deny');
    const scopes = (request.query.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.providerName)}: sign in</title></head>
<body><main><h1>${escapeHtml(options.providerName)} (local fake)</h1>
<p>The application asks for access to:</p><ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<p><a id="allow" role="button" href="${escapeHtml(`${options.authorizePath}/decision?${allow}`)}">Allow</a>
<a id="deny" role="button" href="${escapeHtml(`${options.authorizePath}/decision?${deny}`)}">Deny</a></p></main></body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
  });

  service.route('oauth:decision', 'GET', `${options.authorizePath}/decision`, (request) => {
    const refused = checkAuthorize(request.query);
    if (refused) return refused;
    if (request.query.get('decision') === 'allow') return approve(request.query);
    return redirectWith(request.query, { error: 'access_denied' });
  });

  service.route('oauth:token', 'POST', options.tokenPath, (request) => {
    const form = readForm(request);
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) {
      return oauthError(401, 'invalid_client', 'Unauthorized');
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const stored = codes.get(code);
      codes.delete(code);
      if (!stored || stored.expiresAt < now())
        return oauthError(400, 'invalid_grant', 'Malformed auth code.');
      if (stored.redirectUri !== form.get('redirect_uri')) {
        return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      }
      const grant: Grant = { ...stored.grant, refreshToken: token('1//fake-'), revoked: false };
      grants.set(grant.refreshToken, grant);
      const access = issueAccess(grant);
      return {
        status: 200,
        body: {
          access_token: access.accessToken,
          expires_in: access.expiresIn,
          refresh_token: grant.refreshToken,
          scope: grant.scopes.join(' '),
          token_type: 'Bearer',
        },
      };
    }
    if (grantType === 'refresh_token') {
      const grant = grants.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked)
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      const access = issueAccess(grant);
      return {
        status: 200,
        body: {
          access_token: access.accessToken,
          expires_in: access.expiresIn,
          scope: grant.scopes.join(' '),
          token_type: 'Bearer',
        },
      };
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });

  service.route('oauth:revoke', 'POST', options.revokePath, (request) => {
    const value = readForm(request).get('token') ?? request.query.get('token') ?? '';
    const grant = grants.get(value) ?? accessTokens.get(value)?.grant;
    if (!grant || grant.revoked) return oauthError(400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    return { status: 200, body: {} };
  });

  const base = () => service.url;
  return {
    get authorizeUrl() {
      return `${base()}${options.authorizePath}`;
    },
    get tokenUrl() {
      return `${base()}${options.tokenPath}`;
    },
    get revokeUrl() {
      return `${base()}${options.revokePath}`;
    },
    checkAccessToken(value) {
      if (!value) return { valid: false, reason: 'unknown' };
      const access = accessTokens.get(value);
      if (!access) return { valid: false, reason: 'unknown' };
      if (access.grant.revoked) return { valid: false, reason: 'revoked' };
      if (access.expiresAt <= now()) return { valid: false, reason: 'expired' };
      return { valid: true, user: access.grant.user, scopes: access.grant.scopes };
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = Math.min(access.expiresAt, now());
    },
    revokeAll() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    issueTokens(user = 'user@example.com', scopes = []) {
      const grant: Grant = { refreshToken: token('1//fake-'), scopes, revoked: false, user };
      grants.set(grant.refreshToken, grant);
      return { accessToken: issueAccess(grant).accessToken, refreshToken: grant.refreshToken };
    },
    stats() {
      return {
        grants: grants.size,
        liveGrants: [...grants.values()].filter((grant) => !grant.revoked).length,
        accessTokens: accessTokens.size,
      };
    },
  };
}
