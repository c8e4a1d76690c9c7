import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The benches' processes: a free port, a Veracity server in production mode, waiting for either. */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves once `url` answers below 500; throws if the process exits or a minute passes first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    if (
      await fetch(url, { redirect: 'manual' }).then(
        (response) => response.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

/**
 * A Veracity server from source in production mode on `dataDir`, with the young generation `npm start`
 * gives it (package.json, docs/decisions.md), no demo traffic and no ingestion rate limit; `env` adds
 * or overrides variables. BENCH_SERVER_ARGS adds node flags (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof);
 * BENCH_SERVER_LOG_LEVEL shows its log. Resolves once it answers its health check.
 */
export async function startVeracityServer(input: {
  dataDir: string;
  port: number;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      ...serverArgs,
      '--conditions=source',
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        // Production bills through Chargebee; a bench runs as a staging host of the built-in test mode.
        PUBLIC_URL: `http://127.0.0.1:${input.port}`,
        BILLING_TEST_MODE_HOST: '127.0.0.1',
        SECRET_KEY: randomBytes(32).toString('hex'),
        PORT: String(input.port),
        HOST: '127.0.0.1',
        DATA_DIR: input.dataDir,
        LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
        TRUST_PROXY: 'true',
        VERACITY_ADMIN_EMAIL: input.admin.email,
        VERACITY_ADMIN_PASSWORD: input.admin.password,
        VERACITY_DEMO_TRAFFIC: 'off',
        INGEST_RATE_PER_IP: '10000000',
        INGEST_RATE_PER_KEY: '10000000',
        ...input.env,
      },
      stdio: ['ignore', process.env.BENCH_SERVER_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${input.port}/api/health`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
