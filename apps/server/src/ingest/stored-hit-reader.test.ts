import { setTimeout as pause } from 'node:timers/promises';
import { DEFAULT_SENSOR_SETTINGS } from '@veracity/contracts/sensor-settings';
import { describe, expect, it } from 'vitest';
import type { AccountContext } from './account-directory.js';
import type { KnownHit } from './stored-events.js';
import { hitKey, StoredHitReader, StoredHitReaderBusyError, type WantedHit } from './stored-hit-reader.js';

const account = (relationshipId: number): AccountContext => ({
  relationshipId,
  planType: 'pro',
  active: true,
  sensorIntegrated: true,
  rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [], appAllowList: [], appDenyList: [] },
  sensor: DEFAULT_SENSOR_SETTINGS,
});

/** A store of hits `a` and `b` of account 1 and `a` of account 2, whose reads take `readMs`. */
function fakeStore(readMs = 0) {
  const stored = new Set(['1:a', '1:b', '2:a']);
  const reads: string[][] = [];
  let failures = 0;
  const read = async (wanted: readonly WantedHit[]) => {
    const keys = wanted.map(({ account, hitId }) => hitKey(account.relationshipId, hitId));
    reads.push(keys);
    await pause(readMs);
    if (failures > 0) {
      failures -= 1;
      throw new Error('store unavailable');
    }
    const found = new Map<string, KnownHit>();
    for (const key of keys) if (stored.has(key)) found.set(key, { engaged: true } as KnownHit);
    return found;
  };
  return { read, reads, failNext: () => (failures = 1) };
}

describe('StoredHitReader', () => {
  it('holds the process while a look-up waits out the rest after a read', async () => {
    const store = fakeStore(20);
    const reader = new StoredHitReader(store.read, { restFactor: 100 });
    await reader.get(account(1), 'a');
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    // The store rests at least two seconds after that read: this look-up waits on a timer, which must
    // keep a process without a server (a bench, a script) alive until it is answered.
    const waiting = reader.get(account(1), 'b');
    await pause(5); // the first read's end sets the rest, and with it the look-up's timer
    expect(timers()).toBe(before + 1);
    await expect(waiting).resolves.toEqual({ engaged: true });
  });

  it('reads a look-up at once, and gathers the ones that arrive meanwhile into one read', async () => {
    const store = fakeStore(20);
    const reader = new StoredHitReader(store.read, { restFactor: 0 });
    const first = reader.get(account(1), 'a');
    const others = [reader.get(account(1), 'b'), reader.get(account(2), 'a'), reader.get(account(2), 'z')];
    expect(await first).toBeDefined();
    expect((await Promise.all(others)).map((hit) => hit !== undefined)).toEqual([true, true, false]);
    expect(store.reads).toEqual([['1:a'], ['1:b', '2:a', '2:z']]);
  });

  it('rests after a read as many times as long as it took', async () => {
    const store = fakeStore(30);
    const reader = new StoredHitReader(store.read, { restFactor: 3 });
    await reader.get(account(1), 'a');
    const asked = performance.now();
    await reader.get(account(1), 'b');
    // 90 ms of rest and a 30 ms read; less on no clock, more on a busy machine.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(80);
  });

  it('refuses look-ups beyond the waiting limit', async () => {
    const reader = new StoredHitReader(fakeStore(20).read, { maxWaiting: 2 });
    const reading = reader.get(account(1), 'a');
    const waiting = [reader.get(account(1), 'b'), reader.get(account(2), 'a')];
    await expect(reader.get(account(2), 'z')).rejects.toBeInstanceOf(StoredHitReaderBusyError);
    await Promise.all([reading, ...waiting]);
  });

  it('fails the look-ups of a failed read, and reads the next ones again', async () => {
    const store = fakeStore();
    const reader = new StoredHitReader(store.read);
    store.failNext();
    await expect(reader.get(account(1), 'a')).rejects.toThrow('store unavailable');
    expect(await reader.get(account(1), 'a')).toBeDefined();
  });
});
