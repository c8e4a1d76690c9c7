import type { EventStore, KeyedTable } from '../storage/events/event-store.js';
import { GrowingBloomFilter } from './bloom-filter.js';

/** How the store and the filters name a row: its account, a colon, its id. */
function storedKey(relationshipId: number, id: string): string {
  return `${relationshipId}:${id}`;
}

/**
 * The ids of the hits and conversions in the event store, kept in Bloom filters so that an S2S event
 * carrying an id of the customer's is looked up in the store only when it may be there. The store
 * has no index on ids (an index made every load dearer), so a look-up reads every stored id, and
 * nearly every S2S hit would need one, since a new id is the usual case (docs/decisions.md).
 *
 * The filters are read from the store once, in the background after start (`load`), and then kept up
 * by the pipeline, which adds every id it writes. Until they are loaded, every id may be stored. They
 * are only complete for a store that this process alone writes, which is what `EventStore.scanKeys`
 * promises; without it the pipeline keeps looking ids up.
 */
export class StoredIds {
  readonly #filters: Record<KeyedTable, GrowingBloomFilter> = {
    hits: new GrowingBloomFilter(),
    conversions: new GrowingBloomFilter(),
  };
  #loaded = false;
  #loading: Promise<Record<KeyedTable, number> | undefined> | undefined;
  readonly #stop = new AbortController();

  constructor(private readonly scanKeys: NonNullable<EventStore['scanKeys']>) {}

  /** Memory the filters hold. */
  get bytes(): number {
    return this.#filters.hits.bytes + this.#filters.conversions.bytes;
  }

  add(table: KeyedTable, relationshipId: number, id: string): void {
    this.#filters[table].add(storedKey(relationshipId, id));
  }

  /** False only when the row is surely not stored; true for about 1% of absent ids, and for all until loaded. */
  mayHold(table: KeyedTable, relationshipId: number, id: string): boolean {
    return !this.#loaded || this.#filters[table].mightHold(storedKey(relationshipId, id));
  }

  /**
   * Reads every stored key into the filters; resolves with the keys read per table. Called again, it
   * answers the first call's promise. Rows written meanwhile are added by the pipeline, so nothing is
   * missed. A `stop` before the end leaves the filters unloaded and resolves with nothing.
   */
  load(): Promise<Record<KeyedTable, number> | undefined> {
    this.#loading ??= (async () => {
      const read = { hits: 0, conversions: 0 };
      for (const table of ['hits', 'conversions'] as const) {
        await this.scanKeys(
          table,
          (keys) => {
            for (const key of keys) this.#filters[table].add(key);
            read[table] += keys.length;
          },
          this.#stop.signal,
        );
      }
      if (this.#stop.signal.aborted) return undefined;
      this.#loaded = true;
      return read;
    })();
    return this.#loading;
  }

  /** Stops a load in progress (at its next chunk) and waits for it, before the store closes. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#loading?.catch(() => undefined);
  }
}
