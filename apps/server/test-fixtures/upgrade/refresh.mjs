#!/usr/bin/env node
// Writes the upgrade fixture: the DATA_DIR that the previous release leaves after its first start,
// and what that release answered from it (manifest.json). upgrade.test.ts opens a copy with today's
// code and checks that every answer is still the same. Run it at each release (docs/upgrades.md):
//
//   git archive <previous release> | tar -x -C /tmp/previous
//   cp -al node_modules /tmp/previous/node_modules     # or npm ci there
//   node apps/server/test-fixtures/upgrade/refresh.mjs /tmp/previous <release name>
//
// The previous release runs from its sources (tsx, the `source` condition) on port 8240 with its demo
// traffic, which stores about a month of simulated hits and conversions in the two seeded accounts.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const checkout = process.argv[2];
const release = process.argv[3] ?? 'unnamed';
if (!checkout) {
  process.stderr.write('usage: refresh.mjs <checkout of the previous release> [release name]\n');
  process.exit(2);
}

const PORT = 8240;
const base = `http://127.0.0.1:${PORT}/api`;
const ADMIN = { email: 'admin@upgrade-fixture.example', password: 'upgrade-admin-password' };
const DEMO_EMAIL = 'demo@veracity.example';
const DEMO_PASSWORD = 'upgrade-demo-password';
/** Wide enough for the demo month on any clock: the analytics answers must cover every stored event. */
const RANGE = { from: '2020-01-01', to: '2099-12-31' };

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-upgrade-fixture-'));
const server = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      VERACITY_ADMIN_EMAIL: ADMIN.email,
      VERACITY_ADMIN_PASSWORD: ADMIN.password,
      VERACITY_DEMO_PASSWORD: DEMO_PASSWORD,
      VERACITY_DEMO_TRAFFIC: 'on',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let output = '';
server.stdout.on('data', (chunk) => {
  output += chunk;
});
const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

async function waitFor(predicate, what, ms = 600_000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (server.exitCode !== null) throw new Error(`the server exited while waiting for ${what}\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function call(method, url, token, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs in and binds a session to each account of the user; returns what the release answered. */
async function answersOf(email, password) {
  const login = () => call('POST', '/auth/login', undefined, { email, password });
  const accounts = [];
  for (const relationship of await call('GET', '/me/relationships', (await login()).hash)) {
    // Binding a session to an account replaces it: one login each.
    const { token } = await call('GET', `/auth/account/${relationship.id}`, (await login()).hash);
    const me = await call('GET', '/me', token.hash);
    const tree = await call('POST', '/analytics/tree', token.hash, {
      dimensions: ['trafficType'],
      ...RANGE,
      metrics: ['sessions', 'hits', 'conversions', 'highRiskHits'],
    });
    accounts.push({
      relationshipId: relationship.id,
      companyName: relationship.companyName,
      planType: relationship.planType,
      token: token.hash,
      me: { id: me.id, email: me.email, firstName: me.firstName, isSupport: me.isSupport },
      tree: {
        totals: tree.totals,
        rows: tree.rows.map((row) => ({ value: row.value, metrics: row.metrics })),
      },
    });
  }
  return { email, password, accounts };
}

try {
  await waitFor(() => output.includes('demo traffic stored'), 'the demo traffic');
  // Let the journal's last batch reach the event store before asking the analytics.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const users = [await answersOf(ADMIN.email, ADMIN.password), await answersOf(DEMO_EMAIL, DEMO_PASSWORD)];
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the previous release stopped with ${code}`);
  const files = await readdir(dataDir, { recursive: true });
  const archive = path.join(here, 'data-dir.tar.gz');
  await promisify(execFile)('tar', ['-czf', archive, '-C', dataDir, '.']);
  const manifest = {
    release,
    createdAt: new Date().toISOString(),
    range: RANGE,
    files: files.sort(),
    users,
  };
  await writeFile(path.join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(
    `wrote ${archive} (${(await stat(archive)).size} bytes) and manifest.json from ${files.length} files\n`,
  );
} finally {
  if (server.exitCode === null) server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
}
