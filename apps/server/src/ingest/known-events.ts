import { LRUCache } from 'lru-cache';
import type { SharedSeenEvents } from '../shared-state/shared-seen-events.js';
import type { ConversionStatus, EventStore, KeyedTable } from '../storage/events/event-store.js';
import type { Verdict } from '../verdicts/verdict.js';
import type { AccountContext } from './account-directory.js';
import { type KnownHit, readStoredConversion, readStoredHits } from './stored-events.js';
import { hitKey, StoredHitReader, type StoredHitReaderOptions } from './stored-hit-reader.js';
import { StoredIds } from './stored-ids.js';

export interface KnownEventsOptions {
  /** Recent hits kept in memory for engagements, conversions and retries. */
  recentHits?: number;
  /** How hits not in memory are read back from the store. */
  storedHitReader?: StoredHitReaderOptions;
  /** The events every server stored lately, when several share the state (SHARED_STATE_URL). */
  seen?: SharedSeenEvents | undefined;
}

/** A conversion's key within the collector: its account and its id. */
export const conversionKey = (relationshipId: number, id: string) => `${relationshipId}:conversion:${id}`;

/**
 * The hits and conversions the collector has seen, so that an id seen before is answered with its
 * first verdict and later events of a visit find their hit. Recent ones are in memory, as the promise
 * of their ingestion (a repeat that arrives while the first is being stored waits for it); older ones,
 * and those stored before a restart, are read back from the store. The stored ids, when the store can
 * hand them over, tell which ids are surely not stored, so those are not looked up.
 *
 * The look-ups answer synchronously (`undefined`) when there is nothing to wait for: a caller that
 * finds nothing remembers its own ingestion in the same turn, before a repeat of the id can look.
 */
/** Callers that may wait at once for a hit not yet arrived ({@link KnownEvents.hitArrival}). */
export const MAX_AWAITED_HITS = 10_000;

export class KnownEvents {
  readonly #store: EventStore;
  readonly #recentHits: LRUCache<string, Promise<KnownHit>>;
  readonly #recentConversions = new LRUCache<string, Promise<Verdict & { status: ConversionStatus }>>({
    max: 50_000,
  });
  /** The ids in the store, when it can hand them over: an id surely not stored is not looked up. */
  readonly storedIds: StoredIds | undefined;
  /** The events every server stored lately (several servers), checked after this one's memory. */
  readonly seen: SharedSeenEvents | undefined;
  /** Hits not in memory, read back from the store in batches. */
  readonly #storedHits: StoredHitReader;
  /** Callers waiting for a hit not yet arrived, by its key (an engagement beacon racing its page view). */
  readonly #awaited = new Map<string, Set<() => void>>();
  #waiting = 0;

  constructor(store: EventStore, options: KnownEventsOptions = {}) {
    this.#store = store;
    this.#recentHits = new LRUCache({ max: options.recentHits ?? 50_000 });
    this.storedIds = store.scanKeys ? new StoredIds(store.scanKeys.bind(store)) : undefined;
    this.seen = options.seen;
    this.#storedHits = new StoredHitReader(
      (wanted) => readStoredHits(store, wanted),
      options.storedHitReader,
    );
  }

  /** The hit with this key ({@link hitKey}) being stored, or stored lately. */
  recentHit(key: string): Promise<KnownHit> | undefined {
    return this.#recentHits.get(key);
  }

  /** The stored hit read back; `undefined` at once when the id is surely not stored. */
  storedHit(account: AccountContext, id: string): Promise<KnownHit | undefined> | undefined {
    return this.#mayBeStored('hits', account, id) ? this.#storedHits.get(account, id) : undefined;
  }

  /** Remembers a hit while it is stored and after: a repeat of its id waits for it. */
  rememberHit(key: string, pending: Promise<KnownHit>): void {
    this.#recentHits.set(key, pending);
    for (const arrived of [...(this.#awaited.get(key) ?? [])]) arrived();
  }

  /**
   * Settles once a hit with this key is remembered, or after `timeoutMs`: the sensor's beacons leave on
   * their own connections, so a page left at once may send its engagement before its page view lands.
   * At most `MAX_AWAITED_HITS` callers wait at once; beyond that it settles at once.
   */
  hitArrival(key: string, timeoutMs: number): Promise<void> {
    if (this.#recentHits.has(key) || this.#waiting >= MAX_AWAITED_HITS) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.#awaited.get(key) ?? new Set<() => void>();
      this.#awaited.set(key, waiters);
      this.#waiting += 1;
      const arrived = () => {
        clearTimeout(timer);
        this.#waiting -= 1;
        waiters.delete(arrived);
        if (waiters.size === 0) this.#awaited.delete(key);
        resolve();
      };
      const timer = setTimeout(arrived, timeoutMs);
      waiters.add(arrived);
    });
  }

  /** Forgets a hit whose ingestion failed, so that a retry runs again. */
  forgetHit(key: string): void {
    this.#recentHits.delete(key);
  }

  /**
   * A hit from memory, from what the servers stored lately (another server's hit, perhaps not loaded
   * into the event store yet), or read back from the store (after a restart, or once it left the
   * recent hits).
   */
  async knownHit(account: AccountContext, hitId: string): Promise<KnownHit | undefined> {
    const key = hitKey(account.relationshipId, hitId);
    const recent = await this.#recentHits.get(key)?.catch(() => undefined);
    if (recent) return recent;
    const seen = await this.seen?.hit(key);
    if (seen || !this.#mayBeStored('hits', account, hitId)) return seen;
    return this.#storedHits.get(account, hitId);
  }

  /** The conversion with this key ({@link conversionKey}) being stored, or stored lately. */
  recentConversion(key: string): Promise<Verdict & { status: ConversionStatus }> | undefined {
    return this.#recentConversions.get(key);
  }

  /** The stored conversion's verdict; `undefined` at once when the id is surely not stored. */
  storedConversion(
    account: AccountContext,
    id: string,
  ): Promise<(Verdict & { status: ConversionStatus }) | undefined> | undefined {
    return this.#mayBeStored('conversions', account, id)
      ? readStoredConversion(this.#store, account, id)
      : undefined;
  }

  /** Remembers a conversion while it is stored and after: a repeat of its id waits for it. */
  rememberConversion(key: string, pending: Promise<Verdict & { status: ConversionStatus }>): void {
    this.#recentConversions.set(key, pending);
  }

  /** Forgets a conversion whose ingestion failed, so that a retry runs again. */
  forgetConversion(key: string): void {
    this.#recentConversions.delete(key);
  }

  /** Notes an id now durable in the store. */
  stored(table: KeyedTable, account: AccountContext, id: string): void {
    this.storedIds?.add(table, account.relationshipId, id);
  }

  #mayBeStored(table: KeyedTable, account: AccountContext, id: string): boolean {
    return this.storedIds?.mayHold(table, account.relationshipId, id) ?? true;
  }
}
