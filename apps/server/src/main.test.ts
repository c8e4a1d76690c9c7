import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer, waitUntilHealthy } from './test-support/server-process.js';

describe('the server process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function tempDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-main-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('refuses a bad variable with one line and a non-zero exit', async () => {
    const { child, output } = startServer({ PORT: 'abc', DATA_DIR: await tempDataDir() });
    const { code } = await exitOf(child);
    expect(code).toBe(1);
    expect(output().trim()).toBe('veracity: Invalid environment variable PORT: must be a number');
  });

  it('refuses to start in production without a secret', async () => {
    const { child, output } = startServer({ NODE_ENV: 'production', DATA_DIR: await tempDataDir() });
    expect((await exitOf(child)).code).toBe(1);
    expect(output().trim().split('\n')).toHaveLength(1);
    expect(output()).toContain('SECRET_KEY');
  });

  it('refuses to start in production with the built-in test-mode billing, unless on the named staging host', async () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), DATA_DIR: await tempDataDir() };
    const { child, output } = startServer(production);
    expect((await exitOf(child)).code).toBe(1);
    expect(output().trim().split('\n')).toHaveLength(1);
    expect(output()).toContain('Missing environment variable CHARGEBEE_SITE');
    const elsewhere = startServer({
      ...production,
      PUBLIC_URL: 'https://app.example.com',
      BILLING_TEST_MODE_HOST: 'staging.example.com',
    });
    expect((await exitOf(elsewhere.child)).code).toBe(1);
    expect(elsewhere.output()).toContain('BILLING_TEST_MODE_HOST');
  });

  it('serves, then on SIGTERM finishes and exits 0 within 5 s, leaving its stores on disk', async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const { child, output } = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(url, child);
    // A keep-alive connection stays open: shutdown must not wait for it.
    const health = await fetch(`${url}/api/health`, { headers: { connection: 'keep-alive' } });
    expect(health.status).toBe(200);
    // PUBLIC_URL is not set: one line at start says so, and so does the health answer.
    expect(((await health.json()) as { publicUrl?: unknown }).publicUrl).toBeNull();
    expect(output().match(/PUBLIC_URL is not set/g)).toHaveLength(1);

    const started = Date.now();
    child.kill('SIGTERM');
    const { code } = await exitOf(child);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output()).toContain('stopped cleanly');
    expect(output()).toMatch(/admin {2}admin@veracity\.example {2}password \S{16}/);
    expect(existsSync(path.join(dataDir, 'accounts.sqlite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'events.duckdb'))).toBe(true);
  }, 90_000);
});
