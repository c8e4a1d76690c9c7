import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdbExecutor } from './clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from './clickhouse/clickhouse-event-store.js';
import { openDuckDbEventStore } from './duckdb/duckdb-event-store.js';
import { normalizeBatch, sessionTable } from './event-columns.js';
import { type EventStore, HIT_STATUSES, RISK_LEVELS, type SessionRow } from './event-store.js';
import { journalLine } from './journal/journal-format.js';
import { foldSessions } from './session-merge.js';
import { sql } from './sql.js';

/**
 * The merge rule is declared once (`session-merge.ts`); each engine runs what is derived from it
 * (DuckDB as SQL, ClickHouse in its writer). Random sets of snapshots (a few sessions, times that
 * tie, rows sent twice, several batches) go into DuckDB (by insertSessions and by journal loads) and
 * ClickHouse (chdb); what each stores must be `foldSessions` of all the snapshots in order.
 * A fixed seed in every run, and a random one whose seed a failure prints.
 */

const FIXED_SEED = 32_2026;
const BASE = Date.parse('2026-11-01T10:00:00.000Z');
const MINUTE = 60_000;

/** Text with what sorts differently by code point and by UTF-16 unit, and no NUL. */
const text = fc.oneof(
  fc.constantFrom('a', 'b:x', 'Ä', '\uFFFD', '\u{1F600}', '\u{10FFFD}', 'z'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).filter((value) => !value.includes('\0')),
);
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });

interface Snapshot {
  session: number;
  other: boolean;
  start: number;
  span: number;
  row: Omit<SessionRow, 'relationshipId' | 'id' | 'startedAt' | 'lastSeenAt'>;
}

const snapshot: fc.Arbitrary<Snapshot> = fc.record({
  session: fc.integer({ min: 0, max: 2 }),
  other: fc.boolean(),
  // Few distinct starts, so that ties are common.
  start: fc.integer({ min: 0, max: 3 }),
  span: fc.integer({ min: 0, max: 3 }),
  row: fc.record({
    landingUrl: fc.oneof(fc.constantFrom('https://shop.example/a', 'https://shop.example/b'), text),
    referrer: optional(text),
    trafficType: fc.constantFrom('google', 'facebook', 'direct'),
    campaignId: optional(fc.integer({ min: 0, max: 3 })),
    ip: optional(fc.constantFrom('203.0.113.7', '2001:db8::1')),
    country: optional(fc.constantFrom('ES', 'FR', 'WW')),
    deviceType: optional(fc.constantFrom('Desktop', 'Phone')),
    riskLevel: fc.constantFrom(...RISK_LEVELS),
    threats: fc.array(fc.oneof(fc.constantFrom('automation:webdriver', 'network:datacenter'), text), {
      maxLength: 4,
    }),
    hits: fc.integer({ min: 1, max: 6 }),
    hitStatus: optional(fc.constantFrom(...HIT_STATUSES)),
    vars: fc.record({ var1: optional(text), var20: optional(text) }, { requiredKeys: [] }),
  }),
});

/** A pool of snapshots, and batches that pick from it (so that rows are sent twice, in any order). */
const batches = fc
  .tuple(
    fc.array(snapshot, { minLength: 1, maxLength: 8 }),
    fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  )
  .map(([pool, picks]) => picks.map((batch) => batch.map((pick) => pool[pick % pool.length] as Snapshot)));

/** Each case gets relationships of its own in stores shared by every case. */
let cases = 0;
function rowsOf(batch: readonly Snapshot[], relationship: number): SessionRow[] {
  return batch.map((s) => ({
    ...s.row,
    threats: [...s.row.threats],
    relationshipId: relationship + (s.other ? 1 : 0),
    id: `session-${s.session}`,
    startedAt: new Date(BASE + s.start * MINUTE),
    lastSeenAt: new Date(BASE + (s.start + s.span) * MINUTE),
  }));
}

/** A session row as `EventStore.query` answers it (timestamps as ISO strings, in catalogue order). */
function answered(row: SessionRow): Record<string, unknown> {
  const cells = normalizeBatch(sessionTable, [row])[0] ?? [];
  return Object.fromEntries(
    sessionTable.columns.map((column, index) => {
      const cell = cells[index] ?? null;
      return [column.name, cell instanceof Date ? cell.toISOString() : cell];
    }),
  );
}

async function storedSessions(store: EventStore, relationship: number) {
  return store.query(
    () => sql`select * from sessions where relationship_id in (${relationship}, ${relationship + 1})
      order by relationship_id, id`,
  );
}

function expectedSessions(all: readonly SessionRow[]) {
  return foldSessions(all)
    .sort((a, b) => a.relationshipId - b.relationshipId || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(answered);
}

type Write = (store: EventStore, batch: SessionRow[]) => Promise<void>;
const byInsert: Write = async (store, batch) => {
  await store.insertSessions(batch);
};

let folder: string;
let segments: string;
let chdb: Session;
let duckdb: EventStore;
let clickhouse: EventStore;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'veracity-merge-'));
  segments = await mkdtemp(join(tmpdir(), 'veracity-merge-segments-'));
  chdb = new Session(folder);
  clickhouse = await openClickHouseEventStore(await openChdbExecutor(chdb, 'merge_property'));
  await clickhouse.migrate();
  duckdb = await openDuckDbEventStore({ path: ':memory:' });
  await duckdb.migrate();
});

afterAll(async () => {
  await duckdb?.close();
  await clickhouse?.close();
  chdb?.close();
  await rm(segments, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
});

describe('the session merge rule in every engine', () => {
  const byJournal: Write = async (store, batch) => {
    // One segment a batch, a line a snapshot: the load path DuckDB reads itself.
    const file = join(segments, `segment-${cases}-${Math.random().toString(36).slice(2)}.jsonl`);
    await writeFile(file, batch.map((row) => journalLine({ sessions: [row] })).join(''));
    await store.loadJournal?.([file]);
    await rm(file);
  };

  // Cases a run: a journal load has a fixed cost of its own (DuckDB plans a dozen statements).
  const engines: [string, () => EventStore, Write, number][] = [
    ['DuckDB, insertSessions', () => duckdb, byInsert, 25],
    ['DuckDB, journal loads', () => duckdb, byJournal, 10],
    ['ClickHouse (chdb), insertSessions', () => clickhouse, byInsert, 15],
  ];

  for (const [name, store, write, numRuns] of engines) {
    it.each([
      ['a fixed seed', FIXED_SEED],
      ['a random seed', undefined],
    ])(
      `${name}: stores the JS fold of every snapshot sent, whatever the order and batches (%s)`,
      async (_label, seed) => {
        await fc.assert(
          fc.asyncProperty(batches, async (sent) => {
            cases += 1;
            const relationship = cases * 2;
            const rows = sent.map((batch) => rowsOf(batch, relationship));
            for (const batch of rows) await write(store(), batch);
            expect(await storedSessions(store(), relationship)).toEqual(expectedSessions(rows.flat()));
          }),
          { numRuns, ...(seed === undefined ? {} : { seed }) },
        );
      },
      240_000,
    );
  }
});
