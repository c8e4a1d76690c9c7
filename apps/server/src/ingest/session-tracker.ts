import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { EventStore } from '../storage/events/event-store.js';
import {
  readDeviceVisitBefore,
  readRecentDeviceVisits,
  readRecentSessions,
  readStoredSession,
  type StoredSessionFigures,
  storeHasHits,
} from './stored-visits.repo.js';

/** A visit without a session id of its own ends after this long without a hit from its device. */
export const DERIVED_SESSION_IDLE_MS = 30 * 60_000;
/** Session ids the collector makes for a device's visit (hits sent without a session id). */
export const DERIVED_SESSION_PREFIX = 'd-';

/** A session's running figures: what the next snapshot of it stores. */
export interface SessionState {
  id: string;
  hits: number;
  startedAt: Date;
}

interface DeviceVisit {
  id: string;
  lastAt: number;
}

/** What {@link SessionTracker.restore} read from the store. */
export interface RestoredSessions {
  sessions: number;
  devices: number;
}

/**
 * The visits ingestion is counting: each session's running hit count and start, and for hits sent
 * without a session id, the visit of each device (docs/integration.md: hits of one device less than
 * 30 minutes apart, in order, form a visit).
 *
 * Memory holds them while they run. At start, after the journal is recovered, `restore` reads back
 * from the store every session and device visit with a hit in the idle time before the start: a visit
 * that goes on after a restart goes on from there, with its count. The server listens meanwhile, and
 * the hits that come wait for the read. A hit dated before the start (S2S
 * takes times a month back) may follow a visit the restore did not read, so when memory does not know
 * its session or device it is looked up in the store, once for all the hits that wait for it.
 */
export class SessionTracker {
  readonly #sessions: LRUCache<string, SessionState>;
  readonly #devices: LRUCache<string, DeviceVisit>;
  /** Look-ups under way, by session or device key: hits of the same visit wait for the one. */
  readonly #lookups = new Map<string, Promise<void>>();
  /** Hits dated before this (epoch ms) may follow a visit stored before the start; none before restore. */
  #restoredAt = Number.NEGATIVE_INFINITY;
  /** The read of `restore` while it runs: hits wait for it. */
  #restoring: Promise<unknown> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly capacity: number,
  ) {
    this.#sessions = new LRUCache({ max: capacity });
    this.#devices = new LRUCache({ max: capacity });
  }

  /**
   * Reads the visits with a hit in the idle time before `now` (sessions and device visits, the latest
   * up to the capacity kept). Call once, before the first hit; hits counted meanwhile wait for it, and
   * after a failed read go on without what it would have read.
   */
  restore(now = new Date()): Promise<RestoredSessions> {
    const reading = this.#read(now);
    const restoring = reading.then(
      () => undefined,
      () => undefined,
    );
    this.#restoring = restoring;
    void restoring.then(() => {
      if (this.#restoring === restoring) this.#restoring = undefined;
    });
    return reading;
  }

  async #read(now: Date): Promise<RestoredSessions> {
    const since = new Date(now.getTime() - DERIVED_SESSION_IDLE_MS);
    const [sessions, devices, hasHits] = await Promise.all([
      readRecentSessions(this.store, since, this.capacity),
      readRecentDeviceVisits(this.store, since, DERIVED_SESSION_PREFIX, this.capacity),
      storeHasHits(this.store),
    ]);
    // Oldest first, so that the latest are the most recently used when the capacity is reached.
    for (const session of sessions.reverse()) this.#remember(session);
    for (const device of devices.reverse()) {
      this.#devices.set(deviceKey(device.relationshipId, device.deviceId), {
        id: device.sessionId,
        lastAt: device.lastAt.getTime(),
      });
    }
    if (hasHits) this.#restoredAt = now.getTime();
    return { sessions: sessions.length, devices: devices.length };
  }

  /** A session's running figures, when memory has them. */
  get(relationshipId: number, sessionId: string): SessionState | undefined {
    return this.#sessions.get(sessionKey(relationshipId, sessionId));
  }

  /**
   * The session a hit at `at` belongs to, with the hit counted: the one it was given, or its device's
   * visit. Answers at once when memory knows the visit; a promise when the store is asked first.
   */
  count(
    relationshipId: number,
    given: string | null,
    deviceId: string,
    at: Date,
  ): SessionState | Promise<SessionState> {
    if (this.#restoring) return this.#restoring.then(() => this.count(relationshipId, given, deviceId, at));
    if (given !== null) {
      const key = sessionKey(relationshipId, given);
      if (this.#sessions.peek(key) !== undefined || !this.#mayBeStored(at)) {
        return this.#countHit(relationshipId, given, at);
      }
      return this.#lookUp(`session ${key}`, async () => {
        const stored = await readStoredSession(this.store, relationshipId, given);
        if (stored) this.#remember(stored);
      }).then(() => this.#countHit(relationshipId, given, at));
    }
    const key = deviceKey(relationshipId, deviceId);
    if (this.#devices.peek(key) !== undefined || !this.#mayBeStored(at)) {
      return this.#countHit(relationshipId, this.#deviceVisit(key, at), at);
    }
    return this.#lookUp(`device ${key}`, async () => {
      const visit = await readDeviceVisitBefore(
        this.store,
        relationshipId,
        deviceId,
        at,
        DERIVED_SESSION_IDLE_MS,
        DERIVED_SESSION_PREFIX,
      );
      if (!visit || this.#devices.peek(key) !== undefined) return;
      const stored = await readStoredSession(this.store, relationshipId, visit.sessionId);
      if (stored) this.#remember(stored);
      this.#devices.set(key, { id: visit.sessionId, lastAt: visit.lastAt.getTime() });
    }).then(() => this.#countHit(relationshipId, this.#deviceVisit(key, at), at));
  }

  /** A device's visit: the same while its hits come less than the idle time apart, in order. */
  #deviceVisit(key: string, at: Date): string {
    let visit = this.#devices.get(key);
    if (!visit) {
      visit = { id: '', lastAt: Number.NEGATIVE_INFINITY };
      this.#devices.set(key, visit);
    }
    const sinceLast = at.getTime() - visit.lastAt;
    if (!(sinceLast >= 0 && sinceLast < DERIVED_SESSION_IDLE_MS)) {
      visit.id = `${DERIVED_SESSION_PREFIX}${randomUUID()}`;
    }
    visit.lastAt = at.getTime();
    return visit.id;
  }

  #countHit(relationshipId: number, sessionId: string, at: Date): SessionState {
    const key = sessionKey(relationshipId, sessionId);
    let state = this.#sessions.get(key);
    if (!state) {
      state = { id: sessionId, hits: 0, startedAt: at };
      this.#sessions.set(key, state);
    }
    state.hits += 1;
    if (at < state.startedAt) state.startedAt = at;
    return state;
  }

  #remember(stored: StoredSessionFigures): void {
    const key = sessionKey(stored.relationshipId, stored.id);
    if (this.#sessions.peek(key) !== undefined) return;
    this.#sessions.set(key, { id: stored.id, hits: stored.hits, startedAt: stored.startedAt });
  }

  /** Only a hit dated before the restore can follow a visit that memory does not hold. */
  #mayBeStored(at: Date): boolean {
    return at.getTime() < this.#restoredAt;
  }

  #lookUp(key: string, read: () => Promise<void>): Promise<void> {
    let lookup = this.#lookups.get(key);
    if (!lookup) {
      lookup = read().finally(() => this.#lookups.delete(key));
      this.#lookups.set(key, lookup);
    }
    return lookup;
  }
}

const sessionKey = (relationshipId: number, sessionId: string) => `${relationshipId}:${sessionId}`;
const deviceKey = (relationshipId: number, deviceId: string) => `${relationshipId}:${deviceId}`;
