import { type FakeGoogle, startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createGoogleOAuthProvider, GOOGLE_ADS_SCOPE, OAuthRequestError } from './oauth-client.js';
import { OAuthRevokedError } from './oauth-provider.js';

// The production OAuth client against the fake Google over real HTTP.

let google: FakeGoogle;
let clock: number;
const REDIRECT = 'http://127.0.0.1:18100/api/integrations/google-ads/oauth/callback';

beforeEach(async () => {
  clock = Date.parse('2026-11-27T12:00:00Z');
  google = await startFakeGoogle({ now: () => clock, redirectUris: [REDIRECT] });
});
afterEach(() => google.close());

function provider(secret = google.clientSecret) {
  const config = loadConfig({
    DATA_DIR: '/tmp/veracity-oauth-client-test',
    SECRET_KEY: 'x'.repeat(40),
    GOOGLE_ADS_CLIENT_ID: google.clientId,
    GOOGLE_ADS_CLIENT_SECRET: secret,
    GOOGLE_ADS_API_URL: google.url,
    GOOGLE_OAUTH_AUTHORIZE_URL: google.oauthUrls.authorize,
    GOOGLE_OAUTH_TOKEN_URL: google.oauthUrls.token,
    GOOGLE_OAUTH_REVOKE_URL: google.oauthUrls.revoke,
  });
  return createGoogleOAuthProvider(config.googleAds, { now: () => clock });
}

/** The consent round trip as a browser does it: the consent page, its Allow link, the redirect. */
async function consent(url: string): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const href = /id="allow" role="button" href="([^"]+)"/.exec(await page.text())?.[1]?.replace(/&amp;/g, '&');
  const allowed = await fetch(new URL(href ?? '', url), { redirect: 'manual' });
  expect(allowed.status).toBe(302);
  return new URL(allowed.headers.get('location') ?? '');
}

describe('Google OAuth client against the fake', () => {
  it('builds the consent URL Google documents and exchanges the code for tokens', async () => {
    const url = new URL(provider().authorizeUrl({ state: 'state-123', redirectUri: REDIRECT }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: GOOGLE_ADS_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'state-123',
    });
    const back = await consent(url.toString());
    expect(back.searchParams.get('state')).toBe('state-123');
    const tokens = await provider().exchangeCode({
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
    });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual([GOOGLE_ADS_SCOPE]);
    expect(tokens.expiresAt.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(google.oauth.checkAccessToken(tokens.accessToken)).toMatchObject({ valid: true });
  });

  it('refreshes an expired access token, and reports a revoked grant as OAuthRevokedError', async () => {
    const back = await consent(provider().authorizeUrl({ state: 's', redirectUri: REDIRECT }));
    const tokens = await provider().exchangeCode({
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
    });
    clock += 3601_000;
    expect(google.oauth.checkAccessToken(tokens.accessToken)).toEqual({ valid: false, reason: 'expired' });
    const refreshed = await provider().refresh(tokens.refreshToken ?? '');
    expect(refreshed.refreshToken).toBeUndefined();
    expect(google.oauth.checkAccessToken(refreshed.accessToken)).toMatchObject({ valid: true });
    google.oauth.revokeAll();
    await expect(provider().refresh(tokens.refreshToken ?? '')).rejects.toBeInstanceOf(OAuthRevokedError);
  });

  it('revokes the grant (and a second revoke is not an error)', async () => {
    const { refreshToken } = google.oauth.issueTokens();
    await provider().revoke(refreshToken);
    expect(google.oauth.stats().liveGrants).toBe(0);
    await expect(provider().revoke(refreshToken)).resolves.toBeUndefined();
    await expect(provider().refresh(refreshToken)).rejects.toBeInstanceOf(OAuthRevokedError);
  });

  it('names a wrong client secret as OAuthRequestError, not as a revoked grant', async () => {
    const { refreshToken } = google.oauth.issueTokens();
    const error = await provider('wrong-secret')
      .refresh(refreshToken)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OAuthRequestError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_client' });
  });
});
