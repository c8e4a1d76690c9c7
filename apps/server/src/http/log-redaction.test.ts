import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer, waitUntilHealthy } from '../test-support/server-process.js';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides the values of secret parameters and keeps the rest as sent', () => {
    expect(redactUrl('/auth/login-as?t=abc&r=2&g=Support&h=enabled_only')).toBe(
      '/auth/login-as?t=[redacted]&r=2&g=Support&h=enabled_only',
    );
    expect(redactUrl('/auth/reset-password?email=a%40b.com&hash=xyz')).toBe(
      '/auth/reset-password?email=a%40b.com&hash=[redacted]',
    );
    expect(redactUrl('/x?api_key=1&accessToken=2&X-Api-Key=3&client_secret=4&password=5&code=6&q=7')).toBe(
      '/x?api_key=[redacted]&accessToken=[redacted]&X-Api-Key=[redacted]&client_secret=[redacted]&password=[redacted]&code=[redacted]&q=7',
    );
    expect(redactUrl('/x?%74oken=1&flag&t')).toBe('/x?%74oken=[redacted]&flag&t');
    expect(redactUrl('/c/s.js')).toBe('/c/s.js');
  });

  it("hides an OAuth callback's code and state", () => {
    expect(redactUrl('/api/integrations/google-ads/oauth/callback?code=4%2F0Ab&state=s3cr3t&scope=x')).toBe(
      '/api/integrations/google-ads/oauth/callback?code=[redacted]&state=[redacted]&scope=x',
    );
  });

  it("hides an invitation link's token", () => {
    expect(redactUrl('/auth/login?invitation=Zq3v9x1y2w3u4t5s')).toBe('/auth/login?invitation=[redacted]');
  });
});

/**
 * Every flow that carries a secret in a URL or a header, run against the real entry point with its real
 * logger (as `npm start` runs it, at the default level), then the whole log searched for the secrets.
 */
const ADMIN = { email: 'owner@veracity-logs.example', password: 'owner-logs-password' };

describe('the server log', () => {
  let dataDir: string;
  let url: string;
  let server: ReturnType<typeof startServer>;
  /** Every secret a flow handled: none may appear in the log. */
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-logs-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      VERACITY_ADMIN_EMAIL: ADMIN.email,
      VERACITY_ADMIN_PASSWORD: ADMIN.password,
    });
    await waitUntilHealthy(url, server.child);
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  async function api(method: string, pathname: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${url}/api${pathname}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as unknown };
  }

  /** Opens a link from a mail or an answer the way a browser does: a GET of its path and query. */
  async function open(link: string): Promise<void> {
    const target = new URL(link);
    await fetch(`${url}${target.pathname}${target.search}`, { redirect: 'manual' });
  }

  async function newestLink(adminToken: string, to: string): Promise<URL> {
    const response = await api('GET', `/support/outbox?to=${encodeURIComponent(to)}`, { token: adminToken });
    const [mail] = response.json() as { text: string }[];
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`no mail to ${to}`);
    return new URL(link);
  }

  it('holds no token, hash, key, password or cookie of any flow', async () => {
    const login = await api('POST', '/auth/login', { body: ADMIN });
    const adminToken = (login.json() as { hash: string }).hash;
    secrets.set('session token', adminToken);
    secrets.set('password', ADMIN.password);
    const relationships = (await api('GET', '/me/relationships', { token: adminToken }).then((r) =>
      r.json(),
    )) as { id: number; companyName: string }[];
    const pro = relationships.find((relationship) => relationship.companyName === 'Veracity');
    if (!pro) throw new Error('no Veracity account');

    // Password reset: the link's page, then the reset itself.
    await api('POST', '/auth/password/forgot', { body: { email: ADMIN.email } });
    const reset = await newestLink(adminToken, ADMIN.email);
    secrets.set('reset hash', reset.searchParams.get('hash') ?? '');
    await open(reset.toString());

    // Sign-up and email verification.
    const trialEmail = 'trial.owner@northwind-logs.com';
    await api('POST', '/auth/trial-signup', {
      body: {
        email: trialEmail,
        firstName: 'Marta',
        companyName: 'Northwind',
        jobTitle: 'CTO',
        password: 'trial-owner-password',
        terms: true,
      },
    });
    secrets.set('trial password', 'trial-owner-password');
    const verification = await newestLink(adminToken, trialEmail);
    secrets.set('verification hash', verification.searchParams.get('hash') ?? '');
    await open(verification.toString());
    await api('POST', '/auth/email/verify', {
      body: { email: trialEmail, hash: verification.searchParams.get('hash') },
    });

    // Support login-as: the dashboard opens /auth/login-as?t=...
    const ghost = await api('POST', '/support/login-as', {
      token: adminToken,
      body: { relationshipId: pro.id },
    });
    const loginAs = ghost.json() as { url: string; token: string };
    secrets.set('login-as token', loginAs.token);
    await open(loginAs.url);

    // An invitation, accepted from its link (binding the session to the account replaces its token).
    const bound = await api('GET', `/auth/account/${pro.id}`, { token: adminToken });
    const accountToken = (bound.json() as { token: { hash: string } }).token.hash;
    secrets.set('account token', accountToken);
    const roles = (await api('GET', '/list-roles', { token: accountToken })).json() as { id: number }[];
    const colleague = 'colleague@veracity-logs.example';
    const invited = await api('POST', '/account/invite', {
      token: accountToken,
      body: { email: colleague, roleIds: [roles[0]?.id] },
    });
    expect(invited.status, JSON.stringify(invited.json())).toBe(201);
    const invitation = await newestLink(accountToken, colleague);
    secrets.set('invitation token', invitation.searchParams.get('token') ?? '');
    await open(invitation.toString());
    // An existing user (the trial owner) is invited through /auth/login?invitation=<token>.
    const existing = await api('POST', '/account/invite', {
      token: accountToken,
      body: { email: trialEmail, roleIds: [roles[0]?.id] },
    });
    expect(existing.status, JSON.stringify(existing.json())).toBe(201);
    const existingInvitation = await newestLink(accountToken, trialEmail);
    expect(existingInvitation.pathname).toBe('/auth/login');
    secrets.set('existing user invitation token', existingInvitation.searchParams.get('invitation') ?? '');
    await open(existingInvitation.toString());

    // The one-click approval link of an unrecognised login IP, and unsubscribe.
    const approval = 'Zq3v9x1y2w3u4t5s6r7q8p9o0n1m2l3k4j5i6h7g8f9';
    secrets.set('login IP approval token', approval);
    await open(`${url}/api/auth/login-ip/approve?token=${approval}`);
    const unsubscribe = 'Ux7kP2mQ9rT4vW1yZ3aB5cD8eF0gH6jK2lM4nN7oP9q';
    secrets.set('unsubscribe link token', unsubscribe);
    await open(`${url}/performance/unsubscribe?email=${encodeURIComponent(colleague)}&token=${unsubscribe}`);

    // A paid plan sign-up on the built-in test-mode billing: its password and the login it answers;
    // then an inactive account's payment link, whose token rides in the query.
    const buyer = { email: 'buyer@veracity-logs.example', password: 'buyer-logs-password' };
    secrets.set('plan sign-up password', buyer.password);
    const checkout = await api('POST', '/billing/guest-checkout', {
      body: {
        plan: 'pro',
        signupFields: { ...buyer, firstName: 'Bea', companyName: 'Buyer Ltd', terms: true },
      },
    });
    const page = checkout.json() as { id: string; url: string };
    await fetch(`${url}${new URL(page.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
      redirect: 'manual',
    });
    const finished = await api('POST', '/billing/guest-checkout-finish', {
      body: { hostedPageId: page.id, signupFields: buyer },
    });
    secrets.set('plan sign-up login', (finished.json() as { loginToken: { hash: string } }).loginToken.hash);
    const paymentToken = 'payment-link-token-0123456789';
    secrets.set('payment link token', paymentToken);
    await open(`${url}/api/billing/pay?token=${paymentToken}`);

    // An API key, sent in each of the ways the S2S endpoints take it, and a secret in a cookie.
    const created = await api('POST', '/me/keys', { token: accountToken, body: { name: 'Log test' } });
    const apiKey = (created.json() as { key: string }).key;
    secrets.set('API key', apiKey);
    const keyHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${apiKey}` },
      { 'x-api-key': apiKey },
    ];
    for (const headers of keyHeaders) {
      await fetch(`${url}/s2s/v1/hits`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', cookie: 'vrc_session=cookie-secret-1' },
        body: '{}',
      });
    }
    secrets.set('cookie', 'cookie-secret-1');
    await fetch(`${url}/api/me?api_key=${apiKey}&access_token=${adminToken}`);
    await fetch(`${url}/auth/login-as?t=${loginAs.token}&r=${pro.id}&g=Support&h=enabled_only#fragment`);

    // A last request marks the end: every line before it has reached the log once it shows.
    await fetch(`${url}/api/health?probe=end-of-flows`);
    const deadline = Date.now() + 20_000;
    while (!server.output().includes('end-of-flows') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = server.output();
    expect(log).toContain('end-of-flows');
    expect(log).toContain('"url":"/api/me?api_key=[redacted]&access_token=[redacted]"');
    expect(log).toContain('"url":"/auth/reset-password?');
    expect(log).toContain('"url":"/auth/login-as?');
    expect(log).toContain('"url":"/api/auth/login-ip/approve?');
    expect(log).toContain('"url":"/api/billing/pay?token=[redacted]"');
    expect(log).toContain('"url":"/auth/login?invitation=[redacted]"');
    for (const [name, secret] of secrets) expect(secret.length, name).toBeGreaterThan(8);
    const leaked = [...secrets].filter(([, secret]) => log.includes(secret)).map(([name]) => name);
    expect(leaked, 'secrets found in the log').toEqual([]);
    // What is kept helps an operator: the path and the names of the parameters.
    expect(log).toContain('"url":"/auth/reset-password?email=');
    expect(log).toMatch(/"url":"\/auth\/reset-password\?email=[^"&]*&hash=\[redacted\]"/);
  }, 120_000);
});
