import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store.conformance.js';
import { makeHit } from '../event-store.fixtures.js';
import { sql } from '../sql.js';
import { openDuckDbEventStore } from './duckdb-event-store.js';

describeEventStoreConformance('DuckDB', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
  return {
    open: () => openDuckDbEventStore({ path: join(dir, 'events.duckdb') }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('DuckDB event store', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('works in memory for tests', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await store.migrate();
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).resolves.toEqual({
      inserted: 1,
      duplicates: 0,
    });
    await store.close();
  });

  it('folds the write-ahead log into the file on close and releases the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'veracity-events-'));
    dirs.push(dir);
    const path = join(dir, 'events.duckdb');
    const store = await openDuckDbEventStore({ path });
    await store.migrate();
    await store.insertHits([makeHit({ id: 'hit-1' })]);
    await store.close();
    await expect(stat(`${path}.wal`)).rejects.toThrow(/ENOENT/);

    // Another instance can open the file at once: the lock is gone.
    const reopened = await openDuckDbEventStore({ path });
    const rows = await reopened.query(() => sql`select count(*) as hits from hits`);
    expect(rows).toEqual([{ hits: 1 }]);
    await reopened.close();
  });

  it('answers queries while a write is in progress', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await store.migrate();
    const batch = Array.from({ length: 5000 }, (_, index) => makeHit({ id: `hit-${index}` }));
    const writing = store.insertHits(batch);
    const [row] = await store.query(() => sql`select count(*) as hits from hits`);
    // The read sees a committed snapshot: all of the batch or none of it.
    expect([0, 5000]).toContain(row?.hits);
    await writing;
    await store.close();
  });

  it('refuses to write before migrate with the DuckDB error', async () => {
    const store = await openDuckDbEventStore({ path: ':memory:' });
    await expect(store.insertHits([makeHit({ id: 'hit-1' })])).rejects.toThrow(/hits/);
    await store.close();
  });
});
