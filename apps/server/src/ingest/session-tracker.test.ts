import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDuckDbEventStore } from '../storage/events/duckdb/duckdb-event-store.js';
import { makeHit, makeSession, RELATIONSHIP } from '../storage/events/event-store.fixtures.js';
import type { EventStore } from '../storage/events/event-store.js';
import { DERIVED_SESSION_IDLE_MS, SessionTracker } from './session-tracker.js';

const MINUTE = 60_000;

let dir: string;
let store: EventStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'veracity-sessions-'));
  store = await openDuckDbEventStore({ path: join(dir, 'events.duckdb') });
  await store.migrate();
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('SessionTracker', () => {
  it('makes the hits that come while it reads the running visits wait for them', async () => {
    const now = new Date();
    const lastSeenAt = new Date(now.getTime() - 5 * MINUTE);
    await store.insertHits([
      makeHit({ id: 'h1', sessionId: 'd-visit', deviceId: 'device-a', ts: lastSeenAt }),
      makeHit({ id: 'h2', sessionId: 'own-visit', deviceId: 'device-b', ts: lastSeenAt }),
    ]);
    await store.insertSessions([
      makeSession({ id: 'd-visit', startedAt: lastSeenAt, lastSeenAt, hits: 1 }),
      makeSession({ id: 'own-visit', startedAt: lastSeenAt, lastSeenAt, hits: 4 }),
      // Idle longer than a visit lasts: not read back.
      makeSession({
        id: 'old-visit',
        startedAt: new Date(now.getTime() - DERIVED_SESSION_IDLE_MS - MINUTE),
        lastSeenAt: new Date(now.getTime() - DERIVED_SESSION_IDLE_MS - MINUTE),
        hits: 7,
      }),
    ]);
    const tracker = new SessionTracker(store, 1_000);
    const restored = tracker.restore(now);
    // Counted before the read is done: answered after it, from what it read.
    const own = tracker.count(RELATIONSHIP, 'own-visit', 'device-b', now);
    const derived = tracker.count(RELATIONSHIP, null, 'device-a', now);
    expect(own).toBeInstanceOf(Promise);
    expect(await restored).toEqual({ sessions: 2, devices: 1 });
    expect(await own).toMatchObject({ id: 'own-visit', hits: 5, startedAt: lastSeenAt });
    expect(await derived).toMatchObject({ id: 'd-visit', hits: 2 });
    expect(tracker.count(RELATIONSHIP, 'old-visit', 'device-c', now)).toMatchObject({ hits: 1 });
  });

  it('looks a back-dated hit up once for all the hits of its device that wait', async () => {
    const now = new Date();
    const before = new Date(now.getTime() - 3 * 86_400_000);
    await store.insertHits([makeHit({ id: 'h1', sessionId: 'd-back', deviceId: 'device-a', ts: before })]);
    await store.insertSessions([
      makeSession({ id: 'd-back', startedAt: before, lastSeenAt: before, hits: 1 }),
    ]);
    const tracker = new SessionTracker(store, 1_000);
    await tracker.restore(now);
    const lookups = vi.spyOn(store, 'query');
    const next = (minutes: number) =>
      tracker.count(RELATIONSHIP, null, 'device-a', new Date(before.getTime() + minutes * MINUTE));
    const [second, third] = await Promise.all([next(10), next(20)]);
    expect(second).toMatchObject({ id: 'd-back' });
    expect(third).toMatchObject({ id: 'd-back', hits: 3 });
    // The device's latest hit and its session's count, once.
    expect(lookups).toHaveBeenCalledTimes(2);
  });
});
