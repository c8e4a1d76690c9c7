import { describe, expect, it } from 'vitest';
import type { EventStore, HitRow, SessionRow } from '../storage/events/event-store.js';
import { BatchWriter, WriterClosedError, WriterOverloadedError } from './batch-writer.js';

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

/** A store that records its batches and lets the test decide when each insert completes. */
function recordingStore() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  let fail: Error | undefined;
  const store = {
    async insertHits(rows: readonly HitRow[]) {
      batches.push(rows.map((row) => row.id));
      await new Promise<void>((resolve) => gates.push(resolve));
      if (fail) throw fail;
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
    release: () => gates.shift()?.(),
    failWith: (error: Error) => {
      fail = error;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchWriter', () => {
  it('writes the first event at once and gathers the ones arriving meanwhile into one batch', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store);
    const settled: string[] = [];
    const first = writer.write({ hits: [hit('a')] }).then(() => settled.push('a'));
    await tick();
    const rest = ['b', 'c', 'd'].map((id) => writer.write({ hits: [hit(id)] }).then(() => settled.push(id)));
    await tick();
    expect(fake.batches).toEqual([['a']]);
    expect(settled).toEqual([]);
    fake.release();
    await first;
    await tick();
    expect(fake.batches).toEqual([['a'], ['b', 'c', 'd']]);
    // Not acknowledged before its batch is durable.
    expect(settled).toEqual(['a']);
    fake.release();
    await Promise.all(rest);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rejects every write of a failed batch, and goes on with the next', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store);
    fake.failWith(new Error('disk full'));
    const failed = writer.write({ hits: [hit('a')] });
    await tick();
    fake.release();
    await expect(failed).rejects.toThrow('disk full');
  });

  it('refuses a write beyond the pending limit, and any after close, which waits for the queue', async () => {
    const fake = recordingStore();
    const writer = new BatchWriter(fake.store, { maxPending: 2 });
    const a = writer.write({ hits: [hit('a')] });
    const b = writer.write({ hits: [hit('b')] });
    expect(() => writer.write({ hits: [hit('c')] })).toThrow(WriterOverloadedError);
    const closed = writer.close();
    expect(() => writer.write({ hits: [hit('d')] })).toThrow(WriterClosedError);
    await tick();
    fake.release();
    await tick();
    fake.release();
    await Promise.all([a, b, closed]);
    expect(fake.batches.flat()).toEqual(['a', 'b']);
  });

  it('refuses an invalid row alone, before it can fail a batch', () => {
    const writer = new BatchWriter(recordingStore().store);
    expect(() => writer.write({ hits: [{ ...hit('x'), riskLevel: 'severe' as 'high' }] })).toThrow(
      /riskLevel/,
    );
    expect(writer.pending).toBe(0);
  });
});
