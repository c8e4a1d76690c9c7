import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, HitRow, SessionRow } from '../event-store.js';
import { BatchWriter, WriterClosedError, WriterOverloadedError } from './batch-writer.js';
import { hit } from './journal.fixtures.js';

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
