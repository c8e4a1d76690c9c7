import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';

/**
 * The outside services (spec 01 §4 support chat, spec 02 §8 error tracking) in real Chromium, under the
 * server's real CSP: a server of its own, configured with a Crisp website id whose script and a Sentry
 * DSN whose ingestion are served by a local stand-in (never the internet).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'outside@veracity-e2e.example', password: 'outside-e2e-password' };
const WEBSITE_ID = '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b';
const SENTRY_KEY = '0123456789abcdef0123456789abcdef';

/** Crisp's l.js as the dashboard relies on it: reads the queue and the website id, shows a widget. */
const FAKE_CRISP = `(function () {
  var queued = window.$crisp || [];
  var fake = (window.__crispFake = { websiteId: window.CRISP_WEBSITE_ID, commands: [] });
  var widget = document.createElement('div');
  widget.className = 'crisp-client';
  widget.textContent = 'Chat with us';
  document.body.appendChild(widget);
  window.$crisp = { push: function (command) { fake.commands.push(command); } };
  for (var i = 0; i < queued.length; i++) fake.commands.push(queued[i]);
})();`;

interface Envelope {
  query: URLSearchParams;
  body: string;
}

function outsideServices() {
  const envelopes: Envelope[] = [];
  let scriptLoads = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://outside.local');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      if (url.pathname === '/l.js') {
        scriptLoads += 1;
        response.writeHead(200, { 'content-type': 'application/javascript' }).end(FAKE_CRISP);
      } else if (request.method === 'POST' && url.pathname === '/api/42/envelope/') {
        envelopes.push({ query: url.searchParams, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(404).end();
      }
    });
  });
  return { server, envelopes, scriptLoads: () => scriptLoads };
}

let outside: ReturnType<typeof outsideServices>;
let child: ChildProcess;
let baseUrl = '';
let dataDir = '';

// A second server starts beside the suite's own: on a busy machine that takes a while.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  outside = outsideServices();
  await new Promise<void>((resolve) => (outside.server as Server).listen(0, '127.0.0.1', resolve));
  const outsideOrigin = `http://127.0.0.1:${(outside.server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'veracity-e2e-outside-'));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      VERACITY_DEMO_TRAFFIC: 'off',
      ALERTS_CHECK_SECONDS: '0',
      VERACITY_ADMIN_EMAIL: ADMIN.email,
      VERACITY_ADMIN_PASSWORD: ADMIN.password,
      CRISP_WEBSITE_ID: WEBSITE_ID,
      CRISP_SCRIPT_URL: `${outsideOrigin}/l.js`,
      SENTRY_DSN: `http://${SENTRY_KEY}@127.0.0.1:${outsideOrigin.split(':').at(-1)}/42`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => outside?.server.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<{ token: string; relationshipId: number }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { hash } = (await login.json()) as { hash: string };
  const headers = { authorization: `Bearer ${hash}` };
  const relationships = (await (await fetch(`${baseUrl}/api/me/relationships`, { headers })).json()) as {
    id: number;
    companyName: string;
  }[];
  const own = relationships.find((relationship) => relationship.companyName === 'Veracity');
  if (!own) throw new Error('the seeded account is missing');
  const chosen = (await (await fetch(`${baseUrl}/api/auth/account/${own.id}`, { headers })).json()) as {
    token: { hash: string };
  };
  return { token: chosen.token.hash, relationshipId: own.id };
}

test('the support chat loads under the CSP, knows the user, and leaves at logout', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const session = await signIn();
  await page.addInitScript(
    ([keys, values]) => {
      // Runs in the page (the e2e project has no DOM typings).
      const storage = (
        globalThis as unknown as {
          localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
        }
      ).localStorage;
      if (storage.getItem(keys.token) !== null) return;
      storage.setItem(keys.token, values.token);
      storage.setItem(keys.activeRelationshipId, String(values.relationshipId));
    },
    [STORAGE_KEYS, session] as const,
  );
  await page.goto(`${baseUrl}/`);
  await expect(page.locator('.crisp-client')).toBeVisible({ timeout: 15_000 });
  const fake = await page.evaluate(() => (globalThis as unknown as { __crispFake: unknown }).__crispFake);
  expect(fake).toMatchObject({
    websiteId: WEBSITE_ID,
    commands: expect.arrayContaining([['set', 'user:email', [ADMIN.email]]]),
  });
  expect(blocked).toEqual([]);

  await page.goto(`${baseUrl}/logout`);
  await expect(page.getByTestId('auth-login')).toBeVisible();
  await expect(page.locator('.crisp-client')).toHaveCount(0);
});

test('an uncaught error reaches the error tracker, scrubbed, under the CSP', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(`${baseUrl}/auth/login?utm_source=spring-sale`);
  await expect(page.getByTestId('auth-login')).toBeVisible();
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('visit from shop.example.com failed');
    });
  });
  await expect.poll(() => outside.envelopes.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const envelope = outside.envelopes[0] as Envelope;
  expect(envelope.query.get('sentry_key')).toBe(SENTRY_KEY);
  expect(envelope.body).toContain('visit from [host] failed');
  expect(envelope.body).not.toContain('shop.example.com');
  expect(envelope.body).not.toContain('spring-sale');
  expect(blocked).toEqual([]);
});
