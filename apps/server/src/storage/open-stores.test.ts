import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDuckDbEventStore } from './events/duckdb/duckdb-event-store.js';
import { makeHit } from './events/event-store.fixtures.js';
import type { EventWriterLock } from './events/event-writer-lock.js';
import { WriterClosedError } from './events/journal/batch-writer.js';
import { journalLine } from './events/journal/journal-format.js';
import { rawSql } from './events/sql.js';
import { ACCOUNTS_FILE, EVENTS_FILE, INGEST_JOURNAL_DIR, openStores, type Stores } from './open-stores.js';

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

  it('loads what the ingestion journal held before it resolves, and loads what it acknowledged before it closes', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-stores-'));
    const journalDir = path.join(dataDir, INGEST_JOURNAL_DIR);
    const ts = new Date('2026-11-21T10:00:00Z');
    // What a crash left: one acknowledged write in a segment, not yet in the event store.
    await mkdir(journalDir);
    await writeFile(
      path.join(journalDir, '000000000001.jsonl'),
      journalLine({
        hits: [makeHit({ id: 'left-by-a-crash', ts })],
        hitSessions: [{ hits: 1, startedAt: ts }],
      }),
    );
    const storedIds = async (stores: Stores) =>
      (await stores.events.query(() => rawSql('select id from hits order by id'))).map((row) => row.id);

    const first = await openStores({ dataDir, databaseUrl: undefined });
    try {
      expect(await storedIds(first)).toEqual(['left-by-a-crash']);
      expect(await readdir(journalDir)).toEqual([]);
      // Acknowledged (durable in the journal), then the stores close at once: closing loads it.
      await first.journal.append({
        hits: [makeHit({ id: 'acknowledged', ts })],
        hitSessions: [{ hits: 1, startedAt: ts }],
      });
    } finally {
      await first.close();
    }
    expect(() => first.journal.assertAccepting()).toThrow(WriterClosedError);
    expect(await readdir(journalDir)).toEqual([]);

    const again = await openStores({ dataDir, databaseUrl: undefined });
    try {
      expect(await storedIds(again)).toEqual(['acknowledged', 'left-by-a-crash']);
      expect(again.journal.pending).toBe(0);
    } finally {
      await again.close();
    }
  });

  // The writer lock on the accounts database, when a PostgreSQL server is given (a database of its own).
  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)(
    'hands the event store an advisory lock on the PostgreSQL accounts database, held while a write runs',
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-stores-'));
      const name = `veracity_lock_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl ?? '');
      url.pathname = `/${name}`;
      let writerLock: EventWriterLock | undefined;
      const stores = await openStores(
        { dataDir, databaseUrl: url.toString() },
        {
          openEvents: (lock) => {
            writerLock = lock;
            return openDuckDbEventStore({ path: ':memory:' });
          },
        },
      );
      const advisoryLocks = async () =>
        Number(
          (
            await admin.query(
              `select count(*) as n from pg_locks where locktype = 'advisory' and granted
                 and database = (select oid from pg_database where datname = $1)`,
              [name],
            )
          ).rows[0].n,
        );
      try {
        expect(await writerLock?.run(advisoryLocks)).toBe(1);
        expect(await advisoryLocks()).toBe(0);
      } finally {
        await stores.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
