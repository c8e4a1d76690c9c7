import { request as httpRequest } from 'node:http';
import { zMe } from '@veracity/contracts/account';
import { zHealth } from '@veracity/contracts/health';
import { afterEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../features/email/outbox.repo.js';
import {
  accountToken,
  createSupportUser,
  createTenant,
  login,
  type Tenant,
} from '../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Which address the links of this server carry: PUBLIC_URL when it is set; without it, links shown in
 * the dashboard follow the address the request came to (the forwarded one only behind a trusted
 * proxy), and mails never follow a header that could name someone else's host.
 */

interface Answer {
  status: number;
  body: unknown;
}

/** A real HTTP request to the listening server, with the Host and other headers given as they are. */
function send(
  port: number,
  method: string,
  path: string,
  options: { host?: string; headers?: Record<string, string>; token?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: options.host ?? `127.0.0.1:${port}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(env: Record<string, string> = {}): Promise<{ app: TestApp; port: number }> {
  t = await startTestApp(env);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t, port: Number(new URL(address).port) };
}

async function me(port: number, token: string, options: Parameters<typeof send>[3] = {}) {
  const answer = await send(port, 'GET', '/api/me', { ...options, token });
  expect(answer.status).toBe(200);
  return zMe.parse(answer.body);
}

async function resetLink(app: TestApp, tenant: Tenant): Promise<string> {
  const [mail] = await listOutbox(app.stores.accounts.db, tenant.email, 1);
  return /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
}

describe('links without PUBLIC_URL', () => {
  it('show the address the dashboard was opened at: sensor snippet, S2S examples, support log-in', async () => {
    const { app, port } = await listening();
    const tenant = await createTenant(app);
    const token = await accountToken(app, tenant);
    const direct = await me(port, token);
    expect(direct.sensorScriptUrl).toBe(`http://127.0.0.1:${port}/c/s.js`);
    expect(direct.serverUrl).toBe(`http://127.0.0.1:${port}`);
    const byName = await me(port, token, { host: `localhost:${port}` });
    expect(byName.sensorScriptUrl).toBe(`http://localhost:${port}/c/s.js`);

    const support = await createSupportUser(app);
    const supportToken = await login(app, support.email);
    const loginAs = await send(port, 'POST', '/api/support/login-as', {
      token: supportToken,
      body: { relationshipId: tenant.relationshipId, role: 'Admin' },
    });
    expect(loginAs.status).toBe(200);
    expect((loginAs.body as { url: string }).url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth/login-as\\?`),
    );
  });

  it('follow X-Forwarded-Host and X-Forwarded-Proto only behind a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-host': 'app.example.org', 'x-forwarded-proto': 'https' };
    const direct = await listening();
    const token = await accountToken(direct.app, await createTenant(direct.app));
    expect((await me(direct.port, token, { headers: forwarded })).serverUrl).toBe(
      `http://127.0.0.1:${direct.port}`,
    );
    await direct.app.close();
    t = undefined;

    const proxied = await listening({ TRUST_PROXY: 'true' });
    const proxiedToken = await accountToken(proxied.app, await createTenant(proxied.app));
    const answer = await me(proxied.port, proxiedToken, { headers: forwarded });
    expect(answer.serverUrl).toBe('https://app.example.org');
    expect(answer.sensorScriptUrl).toBe('https://app.example.org/c/s.js');
    // A forwarded value that is no host name is not used.
    const odd = await me(proxied.port, proxiedToken, {
      headers: { 'x-forwarded-host': 'evil.example/"><script>', 'x-forwarded-proto': 'javascript' },
    });
    expect(odd.serverUrl).toBe('http://localhost:8080');
  });

  it('never put a Host the request names into a reset mail, only the connection’s own address', async () => {
    const { app, port } = await listening();
    const tenant = await createTenant(app);
    const forgot = (options: Parameters<typeof send>[3]) =>
      send(port, 'POST', '/api/auth/password/forgot', { ...options, body: { email: tenant.email } });

    expect((await forgot({ host: `evil.example:${port}` })).status).toBe(200);
    expect(await resetLink(app, tenant)).toMatch(/^http:\/\/localhost:8080\/auth\/reset-password\?/);
    expect((await forgot({ host: `127.0.0.2:${port}` })).status).toBe(200);
    expect(await resetLink(app, tenant)).toMatch(/^http:\/\/localhost:8080\/auth\/reset-password\?/);
    expect((await forgot({ headers: { 'x-forwarded-host': 'evil.example' } })).status).toBe(200);
    expect(await resetLink(app, tenant)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth/reset-password\\?`),
    );
    expect((await forgot({ host: `localhost:${port}` })).status).toBe(200);
    expect(await resetLink(app, tenant)).toMatch(
      new RegExp(`^http://localhost:${port}/auth/reset-password\\?`),
    );
  });

  it('say in /api/health that PUBLIC_URL is not set', async () => {
    const { port } = await listening();
    const health = zHealth.parse((await send(port, 'GET', '/api/health')).body);
    expect(health.publicUrl).toBeNull();
  });
});

describe('links with PUBLIC_URL', () => {
  it('use it everywhere, whatever address the request came to', async () => {
    const { app, port } = await listening({
      PUBLIC_URL: 'https://veracity.example.com/',
      TRUST_PROXY: 'true',
    });
    const tenant = await createTenant(app);
    const token = await accountToken(app, tenant);
    const answer = await me(port, token, { headers: { 'x-forwarded-host': 'other.example' } });
    expect(answer.serverUrl).toBe('https://veracity.example.com');
    expect(answer.sensorScriptUrl).toBe('https://veracity.example.com/c/s.js');
    await send(port, 'POST', '/api/auth/password/forgot', { body: { email: tenant.email } });
    expect(await resetLink(app, tenant)).toMatch(/^https:\/\/veracity\.example\.com\/auth\/reset-password\?/);
    const health = zHealth.parse((await send(port, 'GET', '/api/health')).body);
    expect(health.publicUrl).toBe('https://veracity.example.com');
  });
});
