import { afterEach, describe, expect, it } from 'vitest';
import { createFakeService, type FakeService } from './fake-service.js';
import { addOAuthProvider } from './oauth.js';

// The kit as the next integrations (Meta, Microsoft, TikTok, HubSpot, Chargebee) reuse it: another
// provider's paths, its own routes, injected failures and rate limits, recorded requests.

let service: FakeService | undefined;
afterEach(() => service?.close());

describe('fake service kit', () => {
  it("serves another provider's OAuth and API, with injected failures, a rate limit and redacted records", async () => {
    let clock = 1_000_000;
    service = createFakeService({ name: 'meta' });
    const oauth = addOAuthProvider(service, {
      clientId: 'app-1',
      clientSecret: 'app-secret',
      providerName: 'Meta',
      authorizePath: '/v21.0/dialog/oauth',
      tokenPath: '/v21.0/oauth/access_token',
      revokePath: '/v21.0/me/permissions/revoke',
      accessTokenLifetimeSeconds: 60,
      now: () => clock,
    });
    service.route('me', 'GET', '/v21.0/me/adaccounts/{accountId}', (request) => {
      const check = oauth.checkAccessToken(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]);
      if (!check.valid) return { status: 401, body: { error: { message: check.reason } } };
      return { status: 200, body: { id: request.params.accountId } };
    });
    const url = await service.listen();
    const { accessToken } = oauth.issueTokens('ana@example.com', ['ads_read']);
    const get = () =>
      fetch(`${url}/v21.0/me/adaccounts/act_42`, { headers: { authorization: `Bearer ${accessToken}` } });

    expect(await (await get()).json()).toEqual({ id: 'act_42' });
    service.injectError('me', { times: 2, status: 503, body: { error: 'down' } });
    expect((await get()).status).toBe(503);
    expect((await get()).status).toBe(503);
    service.rateLimit('me', { retryDelaySeconds: 9 });
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect((await get()).status).toBe(200);
    clock += 61_000;
    expect(await (await get()).json()).toEqual({ error: { message: 'expired' } });

    const token = await fetch(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'unknown',
        client_id: 'app-1',
        client_secret: 'app-secret',
      }),
    });
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
    expect(service.requestsTo('me').map((request) => request.status)).toEqual([200, 503, 503, 429, 200, 401]);
    expect(service.requestsTo('me')[0]?.headers.authorization).toBe('[redacted]');
    expect(service.requestsTo('oauth:token')[0]?.body).toMatchObject({
      client_secret: '[redacted]',
      refresh_token: '[redacted]',
    });
    const missing = await fetch(`${url}/nowhere`);
    expect(missing.status).toBe(404);
  });
});
