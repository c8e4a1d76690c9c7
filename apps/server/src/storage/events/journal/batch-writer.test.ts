import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDuckDbEventStore } from '../duckdb/duckdb-event-store.js';
import { conversionTable, hitTable, normalizeBatch, sessionTable } from '../event-columns.js';
import { makeConversion } from '../event-store.fixtures.js';
import { type EventStore, EventValidationError, type HitRow, type SessionRow } from '../event-store.js';
import { rawSql } from '../sql.js';
import { BatchWriter, WriterClosedError, WriterOverloadedError } from './batch-writer.js';
import { type EventWrite, journalLine, parseSegment, sessionOfHit } from './journal-format.js';

function hit(id: string): HitRow {
  return {
    relationshipId: 1,
    id,
    sessionId: `s-${id}`,
    ts: new Date('2026-11-21T10:00:00Z'),
    url: 'https://shop.example.com/',
    trafficType: 'direct',
    riskLevel: 'low',
    threats: [],
    hitStatus: 'delivered',
  };
}

/** A store that records its hit batches; `hold()` makes inserts wait until `release()`. */
function recordingStore() {
  const batches: HitRow[][] = [];
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let failures = 0;
  const store = {
    async insertHits(rows: readonly HitRow[]) {
      await gate;
      if (failures > 0) {
        failures -= 1;
        throw new Error('store unavailable');
      }
      batches.push([...rows]);
      return { inserted: rows.length, duplicates: 0 };
    },
    async insertSessions(rows: readonly SessionRow[]) {
      return { inserted: rows.length, merged: 0 };
    },
    async insertConversions() {
      return { inserted: 0, duplicates: 0 };
    },
  } as unknown as EventStore;
  return {
    store,
    batches,
    ids: () => batches.map((batch) => batch.map((row) => row.id)),
    hold: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      gate = undefined;
      open?.();
    },
    failNext: (times: number) => {
      failures = times;
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const journalLines = async () => {
  const files = await readdir(dir);
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return texts.join('').split('\n').filter(Boolean).length;
};

describe('BatchWriter', () => {
  it('acknowledges once the journal is synced, then loads what gathered into the store in one batch', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store, dir);
    await writer.open();
    fake.hold();
    await writer.append({ hits: [hit('a')] });
    // Acknowledged while the store is still busy: the line is on disk.
    expect(await journalLines()).toBe(1);
    await Promise.all(['b', 'c', 'd'].map((id) => writer.append({ hits: [hit(id)] })));
    expect(fake.ids()).toEqual([]);
    expect(writer.pending).toBe(4);
    fake.release();
    await writer.drain();
    expect(fake.ids()).toEqual([['a'], ['b', 'c', 'd']]);
    expect(await readdir(dir)).toEqual([]);
    expect(writer.pending).toBe(0);
  });

  it('loads the segments a crash left behind before accepting writes, skipping a line cut off', async () => {
    const line = (id: string) => JSON.stringify({ hits: [hit(id)] });
    await writeFile(path.join(dir, '000000000001.jsonl'), `${line('x')}\n${line('y')}\n`);
    await writeFile(
      path.join(dir, '000000000002.jsonl'),
      `${line('z')}\n{"hits":[{"relationshipId":1,"id":"cut`,
    );
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store, dir);
    expect(() => writer.assertAccepting()).toThrow(WriterClosedError);
    expect(await writer.open()).toEqual({ recovered: 3 });
    expect(fake.ids()).toEqual([['x', 'y'], ['z']]);
    expect(fake.batches[0]?.[0]?.ts).toEqual(new Date('2026-11-21T10:00:00Z'));
    expect(await readdir(dir)).toEqual([]);
    // New segments continue the numbering, so files sort in the order they were written.
    fake.hold();
    await writer.append({ hits: [hit('w')] });
    expect(await readdir(dir)).toEqual(['000000000003.jsonl']);
    fake.release();
    await writer.close();
  });

  it('keeps a segment the store refused and loads it on the next attempt', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store, dir);
    await writer.open();
    fake.failNext(1);
    await writer.append({ hits: [hit('a')] });
    await writer.drain();
    expect(fake.ids()).toEqual([['a']]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses beyond the pending limit, and after close, which loads everything first', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store, dir, { maxPending: 2 });
    await writer.open();
    fake.hold();
    await writer.append({ hits: [hit('a')] });
    await writer.append({ hits: [hit('b')] });
    expect(() => writer.append({ hits: [hit('c')] })).toThrow(WriterOverloadedError);
    const closed = writer.close();
    expect(() => writer.append({ hits: [hit('d')] })).toThrow(WriterClosedError);
    fake.release();
    await closed;
    expect(fake.ids().flat()).toEqual(['a', 'b']);
  });

  it('rests after a load while the backlog is small, and loads without resting once a full load waits', async () => {
    // The clock and timers are faked; the journal's file system calls are real, so the test waits for
    // them with real pauses (timers/promises is not faked).
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const fake = recordingStore();
      const writer = new BatchWriter(fake.store, dir, { maxLoad: 3, loadIntervalMs: 1_000 });
      await writer.open();
      // A load is over once its segments are deleted and counted off, a moment after its rows reach
      // the store: wait for both.
      const loadsBecome = async (expected: string[][]) => {
        const over = () => fake.ids().length >= expected.length && writer.pending === 0;
        for (let tries = 0; tries < 400 && !over(); tries++) await pause(5);
        expect(fake.ids()).toEqual(expected);
        expect(writer.pending).toBe(0);
      };
      // The first load takes two seconds: the loader then rests 5 s (nine times the load, at most
      // five intervals).
      fake.hold();
      await writer.append({ hits: [hit('a')] });
      vi.advanceTimersByTime(2_000);
      fake.release();
      await loadsBecome([['a']]);
      await pause(20);

      await writer.append({ hits: [hit('b')] });
      vi.advanceTimersByTime(4_000);
      await pause(50);
      expect(fake.ids()).toEqual([['a']]);

      // A full load (three writes) now waits: the rest is over at once.
      await Promise.all(['c', 'd'].map((id) => writer.append({ hits: [hit(id)] })));
      await loadsBecome([['a'], ['b', 'c', 'd']]);
      await writer.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an invalid row alone, before it reaches the journal', async () => {
    const writer = new BatchWriter(recordingStore().store, dir);
    await writer.open();
    expect(() => writer.append({ hits: [{ ...hit('x'), riskLevel: 'severe' as 'high' }] })).toThrow(
      /riskLevel/,
    );
    expect(writer.pending).toBe(0);
    expect(await journalLines()).toBe(0);
  });
});

describe('parseSegment', () => {
  it('revives dates and reports the lines it skips', () => {
    const skipped: number[] = [];
    const writes = parseSegment(`${JSON.stringify({ hits: [hit('a')] })}\nnot json\n`, (line) =>
      skipped.push(line),
    );
    expect(writes[0]?.hits?.[0]?.ts).toBeInstanceOf(Date);
    expect(skipped).toEqual([2]);
  });
});

describe('journalLine', () => {
  const write: EventWrite = {
    hits: [hit('a'), { ...hit('b'), referrer: null, cost: 0.5, vars: { var1: 'x' } }],
    hitSessions: [
      { hits: 1, startedAt: new Date('2026-11-21T09:59:00Z') },
      { hits: 2, startedAt: new Date('2026-11-21T09:00:00.123Z') },
    ],
    sessions: [sessionOfHit(hit('a'), { hits: 3, startedAt: new Date('2026-11-21T08:00:00Z') })],
    conversions: [makeConversion({ id: 'c1', sessionId: 's-a', hitId: 'a' })],
  };

  it('writes the rows as JSON, dates as ISO strings and null cells left out, which parseSegment reads back', () => {
    const line = journalLine(write);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line).not.toContain('null');
    const [read] = parseSegment(line);
    // The same cells as the rows written: a field left out reads as null.
    expect(normalizeBatch(hitTable, read?.hits ?? [])).toEqual(normalizeBatch(hitTable, write.hits ?? []));
    expect(normalizeBatch(sessionTable, read?.sessions ?? [])).toEqual(
      normalizeBatch(sessionTable, write.sessions ?? []),
    );
    expect(normalizeBatch(conversionTable, read?.conversions ?? [])).toEqual(
      normalizeBatch(conversionTable, write.conversions ?? []),
    );
    expect(read?.hitSessions).toEqual(write.hitSessions);
    expect(JSON.parse(journalLine({ hits: [hit('a')] }))).toEqual({
      hits: [{ ...hit('a'), ts: '2026-11-21T10:00:00.000Z' }],
    });
  });

  it('refuses an invalid row with every problem of the batch, as validateBatch does', () => {
    const bad = { ...hit('c'), riskLevel: 'severe', url: '' } as unknown as HitRow;
    const thrown = (() => {
      try {
        journalLine({ hits: [hit('a'), bad] });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(EventValidationError);
    expect((thrown as EventValidationError).issues.map((issue) => [issue.row, issue.field])).toEqual([
      [1, 'url'],
      [1, 'riskLevel'],
    ]);
    const later = { ...write.sessions?.[0], lastSeenAt: new Date('2026-11-21T07:00:00Z') } as SessionRow;
    expect(() => journalLine({ sessions: [later] })).toThrow(EventValidationError);
  });
});

describe('loading the journal into DuckDB', () => {
  const day = (time: string) => new Date(`2026-11-21T${time}Z`);
  const row = (id: string, changes: Partial<HitRow>): HitRow => ({
    ...hit(id),
    sessionId: 's1',
    referrer: 'https://www.google.com/',
    utmSource: 'google',
    country: 'ES',
    deviceType: 'Desktop',
    cost: 0.25,
    vars: { var1: 'a', var20: 'z' },
    ...changes,
  });
  const lines = [
    { hits: [row('h1', { ts: day('10:00:00') })], hitSessions: [{ hits: 1, startedAt: day('10:00:00') }] },
    {
      hits: [row('h2', { ts: day('10:05:00'), riskLevel: 'medium', threats: ['automation:x'] })],
      hitSessions: [{ hits: 2, startedAt: day('10:00:00') }],
    },
    // A hit sent again (the first copy wins), a hit stored before the load, another session.
    { hits: [row('h1', { ts: day('10:06:00'), url: 'https://shop.example.com/again' })] },
    {
      hits: [row('h0', { sessionId: 's2', ts: day('11:30:00'), cost: null, vars: {} })],
      hitSessions: [{ hits: 4, startedAt: day('09:00:00') }],
    },
    {
      sessions: [
        sessionOfHit(
          row('h2', { ts: day('10:05:00') }),
          { hits: 2, startedAt: day('10:00:00') },
          {
            riskLevel: 'high',
            threats: ['behaviour:none'],
          },
        ),
      ],
    },
    {
      conversions: [
        {
          relationshipId: 1,
          id: 'c1',
          sessionId: 's1',
          hitId: 'h1',
          ts: day('10:10:00'),
          name: 'signup',
          value: 12.5,
          currency: 'EUR',
          trafficType: 'direct',
          riskLevel: 'low',
          threats: [],
          status: 'not_reported',
        },
      ],
    },
  ];
  /** Lines as `JSON.stringify` wrote them before journalLine left null cells out: both load alike. */
  const stringified = (write: object) => `${JSON.stringify(write)}\n`;
  let encode: (write: EventWrite) => string = stringified;
  const journalOf = (writes: readonly object[]) =>
    `${writes.map((line) => encode(line as EventWrite)).join('')}{"hits":[{"relationshipId":1,"id":"cut`;

  /** The store's tables after the journal is recovered into it, as comparable rows. */
  async function loaded(
    viaFiles: boolean,
    writes: readonly object[] = lines,
    storedBefore = true,
    folder = 'veracity-journal-load-',
  ) {
    const journalDir = await mkdtemp(path.join(os.tmpdir(), folder));
    const store = await openDuckDbEventStore({ path: ':memory:' });
    try {
      await store.migrate();
      if (storedBefore) await store.insertHits([row('h0', { sessionId: 's2', ts: day('11:30:00') })]);
      await writeFile(path.join(journalDir, '000000000001.jsonl'), journalOf(writes));
      const target: EventStore = viaFiles
        ? store
        : {
            dialect: store.dialect,
            migrate: () => store.migrate(),
            insertHits: (rows) => store.insertHits(rows),
            insertConversions: (rows) => store.insertConversions(rows),
            insertSessions: (rows) => store.insertSessions(rows),
            query: (query) => store.query(query),
            health: () => store.health(),
            close: () => store.close(),
          };
      expect(target.loadJournal !== undefined).toBe(viaFiles);
      const writer = new BatchWriter(target, journalDir);
      expect(await writer.open()).toEqual({ recovered: writes.length });
      await writer.close();
      const table = (name: string, order: string) =>
        store.query(() => rawSql(`select * from ${name} order by ${order}`));
      return {
        hits: await table('hits', 'id'),
        sessions: await table('sessions', 'id'),
        conversions: await table('conversions', 'id'),
        rollup: await table('hits_hourly', 'all'),
      };
    } finally {
      await store.close();
      await rm(journalDir, { recursive: true, force: true });
    }
  }

  it('stores the same rows whether DuckDB reads the segment files or the writer parses them', async () => {
    const jsPath = await loaded(false);
    const filePath = await loaded(true);
    expect(jsPath.hits.map((stored) => stored.id)).toEqual(['h0', 'h1', 'h2']);
    expect(jsPath.hits.find((stored) => stored.id === 'h1')?.url).toBe('https://shop.example.com/');
    expect(jsPath.sessions).toHaveLength(2);
    expect(jsPath.sessions[0]).toMatchObject({ id: 's1', hits: 2, risk_level: 'high', var20: 'z' });
    expect(jsPath.conversions).toHaveLength(1);
    expect(jsPath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(3);
    expect(filePath).toEqual(jsPath);
  });

  it('stores the same rows from lines journalLine writes as from lines with every null written out', async () => {
    const old = await loaded(true);
    encode = journalLine;
    try {
      expect(await loaded(true)).toEqual(old);
      expect(await loaded(false)).toEqual(old);
    } finally {
      encode = stringified;
    }
  });

  it('stores the same rows both ways when every hit is new', async () => {
    const fresh = lines.filter((_, index) => index !== 2);
    const jsPath = await loaded(false, fresh, false);
    expect(jsPath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(3);
    expect(await loaded(true, fresh, false)).toEqual(jsPath);
  });

  it('stores the same rows both ways when no line holds session snapshots of its own', async () => {
    // DuckDB then stages the hits' sessions in scan order, without sorting (duckdb-journal.ts).
    const hitsOnly = lines.filter((line) => !('sessions' in line));
    const jsPath = await loaded(false, hitsOnly);
    expect(jsPath.sessions).toHaveLength(2);
    expect(jsPath.sessions[0]).toMatchObject({ id: 's1', hits: 2, risk_level: 'medium' });
    expect(await loaded(true, hitsOnly)).toEqual(jsPath);
  });

  it('keeps the first copy of each id when the copies are thousands of lines apart', async () => {
    // DuckDB stages the rows in the order it reads them, without sorting (duckdb-journal.ts): the
    // first copy must still win when the copies lie in different vectors of its scan.
    const copies = 6_000;
    const conversion = (id: string, name: string) => makeConversion({ id, name, ts: day('10:10:00') });
    const copy = (index: number, which: string) => ({
      hits: [row(`h${index}`, { ts: day('10:00:00'), url: `https://shop.example.com/${which}` })],
      hitSessions: [{ hits: 1, startedAt: day('10:00:00') }],
      conversions: [conversion(`c${index}`, which)],
    });
    const ids = Array.from({ length: copies }, (_, index) => index);
    const writes = [
      ...ids.map((index) => copy(index, 'first')),
      ...ids.reverse().map((index) => copy(index, 'again')),
    ];
    const filePath = await loaded(true, writes, false);
    expect(filePath.hits).toHaveLength(copies);
    expect(new Set(filePath.hits.map((stored) => stored.url))).toEqual(
      new Set(['https://shop.example.com/first']),
    );
    expect(filePath.conversions).toHaveLength(copies);
    expect(new Set(filePath.conversions.map((stored) => stored.name))).toEqual(new Set(['first']));
    expect(filePath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(copies);
    // Every copy is a snapshot of session s1 with the same start: the first staged gives its landing.
    expect(filePath.sessions).toMatchObject([{ id: 's1', landing_url: 'https://shop.example.com/first' }]);
  });

  it('reads segment files whose folder name holds glob characters', async () => {
    const jsPath = await loaded(false);
    expect(await loaded(true, lines, true, 'veracity-[journal]*?-')).toEqual(jsPath);
  });
});
