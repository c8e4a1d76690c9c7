import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The accounts the server creates on its first start, with credentials the tests know. */
export const E2E_ADMIN = { email: 'owner@veracity-e2e.example', password: 'owner-e2e-password' };
export const E2E_DEMO = { email: 'demo@veracity.example', password: 'demo-e2e-password' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/** Signs in through the API and chooses the named account: its token and id. */
async function accountSession(
  baseUrl: string,
  credentials: { email: string; password: string },
  companyName: string,
): Promise<{ token: string; relationshipId: number }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { hash } = (await login.json()) as { hash: string };
  const headers = { authorization: `Bearer ${hash}` };
  const relationships = (await (await fetch(`${baseUrl}/api/me/relationships`, { headers })).json()) as {
    id: number;
    companyName: string;
  }[];
  const own = relationships.find((relationship) => relationship.companyName === companyName);
  if (!own) throw new Error(`the seeded account ${companyName} is missing`);
  const chosen = (await (await fetch(`${baseUrl}/api/auth/account/${own.id}`, { headers })).json()) as {
    token: { hash: string };
  };
  return { token: chosen.token.hash, relationshipId: own.id };
}

/** Starts the built server (npm run build first) and hands its address to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'veracity-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // As behind a load balancer: the collection tests give each visitor an address.
      TRUST_PROXY: 'true',
      // The journeys make their own traffic; 30 days of demo data would only slow the first start.
      VERACITY_DEMO_TRAFFIC: 'off',
      // The alert journey waits for the scheduler: it checks for due windows every 2 s, not every minute.
      ALERTS_CHECK_SECONDS: '2',
      // A deleted API key and a saved IP list reach the collector within a second, not 30: the key and
      // IP-list journeys check that they do without waiting half a minute.
      INGEST_ACCOUNT_CACHE_SECONDS: '1',
      VERACITY_ADMIN_EMAIL: E2E_ADMIN.email,
      VERACITY_ADMIN_PASSWORD: E2E_ADMIN.password,
      VERACITY_DEMO_PASSWORD: E2E_DEMO.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 30_000);
  process.env.E2E_BASE_URL = baseUrl;
  // One sign-in for the journeys that are not about signing in: sign-ins are rate limited (8 per
  // account and 20 per address in 10 minutes), as they should be.
  const admin = await accountSession(baseUrl, E2E_ADMIN, 'Veracity');
  process.env.E2E_ADMIN_TOKEN = admin.token;
  process.env.E2E_ADMIN_RELATIONSHIP_ID = String(admin.relationshipId);
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
