import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_FILE, EVENTS_FILE, openStores } from './open-stores.js';

describe('openStores', () => {
  let dataDir: string;
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates both embedded stores in DATA_DIR once and knows the first start from a restart', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-stores-'));
    const first = await openStores({ dataDir, databaseUrl: undefined });
    expect(first.firstStart).toBe(true);
    expect(first.accounts.dialect).toBe('sqlite');
    await first.close();
    expect(existsSync(path.join(dataDir, ACCOUNTS_FILE))).toBe(true);
    expect(existsSync(path.join(dataDir, EVENTS_FILE))).toBe(true);

    const restarted = await openStores({ dataDir, databaseUrl: undefined });
    try {
      expect(restarted.firstStart).toBe(false);
      const checks = await Promise.all(
        restarted.checks.map(async ({ name, check }) => ({ name, ...(await check()) })),
      );
      expect(checks.map(({ name, kind, status }) => ({ name, kind, status }))).toEqual([
        { name: 'accounts', kind: 'SQLite', status: 'up' },
        { name: 'events', kind: 'DuckDB', status: 'up' },
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('uses PostgreSQL for accounts when a database URL is given, and fails loudly when it is unreachable', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-stores-'));
    await expect(
      openStores({ dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow();
  });

  it('puts events on ClickHouse when a ClickHouse URL is given, and fails loudly when it is unreachable', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-stores-'));
    await expect(
      openStores({ dataDir, databaseUrl: undefined, clickhouseUrl: 'http://127.0.0.1:1/veracity' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(existsSync(path.join(dataDir, EVENTS_FILE))).toBe(false);
  });
});
