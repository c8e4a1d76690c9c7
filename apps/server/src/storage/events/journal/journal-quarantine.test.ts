import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'chdb';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openChdbExecutor } from '../clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../clickhouse/clickhouse-event-store.js';
import { openDuckDbEventStore } from '../duckdb/duckdb-event-store.js';
import type { EventStore, HitRow } from '../event-store.js';
import { rawSql } from '../sql.js';
import { BatchWriter } from './batch-writer.js';
import { journalLine } from './journal-format.js';
import { INGEST_QUARANTINE_FILE, type QuarantinedLine } from './journal-quarantine.js';

/**
 * The journal loader drops no line silently, with either event store: a line the store refuses is set
 * aside in the quarantine file, counted and logged as an error; the lines around it are stored; strings
 * are stored as sent (a leading U+FEFF, NUL and non-characters included).
 */

/** Strings the stores must keep as sent. */
const ODD = '\ufeffa\u0000b\u001f\ufffe\uffff\ufdd0\u{10ffff}\u{1f600}';

function hit(id: string, changes: Partial<HitRow> = {}): HitRow {
  return {
    relationshipId: 1,
    id,
    sessionId: `s-${id}`,
    ts: new Date('2026-11-21T10:00:00Z'),
    url: `https://shop.example.com/${id}`,
    trafficType: 'direct',
    riskLevel: 'low',
    threats: [],
    hitStatus: 'delivered',
    ...changes,
  };
}

/** A line JSON.stringify writes for a hit whose url holds a lone surrogate (the edge would have replaced it). */
const refusedLine = () =>
  JSON.stringify({
    hits: [{ ...hit('bad'), ts: '2026-11-21T10:00:00.000Z', url: 'https://shop.example.com/\ud800' }],
  });

function errorLog() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }),
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** The store without `loadJournal`: the writer parses the segments and inserts the rows. */
function rowsPath(store: EventStore): EventStore {
  const { loadJournal: _files, ...rest } = store;
  return Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
    loadJournal: undefined,
    ...rest,
  });
}

let folder: string;
let session: Session;
let databases = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'veracity-chdb-quarantine-'));
  session = new Session(folder);
});
afterAll(async () => {
  session.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => Promise<EventStore>][] = [
  ['DuckDB reading the segment files', () => openDuckDbEventStore({ path: ':memory:' })],
  ['DuckDB given the parsed rows', async () => rowsPath(await openDuckDbEventStore({ path: ':memory:' }))],
  [
    'ClickHouse (chdb)',
    async () => {
      databases += 1;
      return openClickHouseEventStore(await openChdbExecutor(session, `quarantine_${databases}`));
    },
  ],
];

let dataDir: string;
let journalDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-quarantine-'));
  journalDir = path.join(dataDir, 'ingest-journal');
  return () => rm(dataDir, { recursive: true, force: true });
});

describe.each(stores)('the journal loader into %s', (_name, open) => {
  it('sets aside the line the store refuses, logs it as an error, and stores the others as sent', async () => {
    const store = await open();
    try {
      await store.migrate();
      await rm(journalDir, { recursive: true, force: true });
      await import('node:fs/promises').then((fs) => fs.mkdir(journalDir, { recursive: true }));
      const good = (id: string) =>
        journalLine({
          hits: [hit(id, { referrer: ODD, userAgent: ODD, vars: { var1: ODD } })],
          hitSessions: [{ hits: 1, startedAt: new Date('2026-11-21T10:00:00Z') }],
        });
      await writeFile(
        path.join(journalDir, '000000000001.jsonl'),
        `${good('g1')}${refusedLine()}\n${good('g2')}${good('g3')}`,
      );
      const { log, errors } = errorLog();
      const writer = new BatchWriter(store, journalDir, {}, log);
      await writer.open();
      await writer.close();

      const stored = await store.query(() =>
        rawSql('select id, referrer, user_agent, var1 from hits order by id'),
      );
      expect(stored).toEqual(
        ['g1', 'g2', 'g3'].map((id) => ({ id, referrer: ODD, user_agent: ODD, var1: ODD })),
      );
      const kept = (await readFile(path.join(dataDir, INGEST_QUARANTINE_FILE), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as QuarantinedLine);
      expect(kept).toEqual([
        expect.objectContaining({ segment: '000000000001.jsonl', line: 2, write: refusedLine() }),
      ]);
      expect(writer.quarantined).toBe(1);
      expect(errors).toContainEqual(
        expect.objectContaining({
          fields: expect.objectContaining({ segment: '000000000001.jsonl', line: 2 }),
        }),
      );
      expect(await readdir(journalDir)).toEqual([]);

      // The next start counts what earlier runs set aside.
      const again = new BatchWriter(store, journalDir, {}, log);
      await again.open();
      expect(again.quarantined).toBe(1);
      await again.close();
    } finally {
      await store.close();
    }
  });
});

describe('a store that is down', () => {
  it('keeps the segment in the journal and sets nothing aside', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await store.migrate();
    const down: EventStore = Object.assign(Object.create(null), {
      ...store,
      loadJournal: () => Promise.reject(new Error('disk unavailable')),
      health: async () => ({ status: 'down' as const, kind: 'duckdb', detail: 'disk unavailable' }),
    });
    try {
      await import('node:fs/promises').then((fs) => fs.mkdir(journalDir, { recursive: true }));
      await writeFile(path.join(journalDir, '000000000001.jsonl'), journalLine({ hits: [hit('h1')] }));
      const writer = new BatchWriter(down, journalDir);
      await expect(writer.open()).rejects.toThrow('disk unavailable');
      expect(await readdir(journalDir)).toEqual(['000000000001.jsonl']);
      expect(writer.quarantined).toBe(0);
    } finally {
      await store.close();
    }
  });
});
