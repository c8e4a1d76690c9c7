import type { AccountContext } from './account-directory.js';
import type { KnownHit } from './stored-events.js';

/** A hit to read back: the account it belongs to and its id. */
export interface WantedHit {
  account: AccountContext;
  hitId: string;
}

/** Reads the wanted hits in one query; the answer holds the ones found, by {@link hitKey}. */
export type ReadStoredHits = (wanted: readonly WantedHit[]) => Promise<Map<string, KnownHit>>;

export interface StoredHitReaderOptions {
  /** After a read, the reader rests this many times as long as the read took. */
  restFactor?: number;
  /** Look-ups waiting beyond which new ones are refused ({@link StoredHitReaderBusyError}). */
  maxWaiting?: number;
  /** Most hits one read asks for. */
  maxPerRead?: number;
}

/** Too many look-ups wait for the store: the caller answers 503 with Retry-After. */
export class StoredHitReaderBusyError extends Error {
  override readonly name = 'StoredHitReaderBusyError';
}

/** A hit's key within the collector: its account and its id. */
export const hitKey = (relationshipId: number, hitId: string) => `${relationshipId}:${hitId}`;

interface Waiting extends WantedHit {
  resolve: (hit: KnownHit | undefined) => void;
  reject: (error: unknown) => void;
}

/** Reads take at most a quarter of the store's time, however many look-ups wait. */
const DEFAULT_READ_REST_FACTOR = 3;
const DEFAULT_MAX_WAITING = 10_000;
const DEFAULT_MAX_PER_READ = 1_000;

/**
 * Reads hits back from the event store for the pipeline, many in one query: a retried S2S id, or the
 * click of a conversion that is no longer among the recent hits (conversions often come hours after
 * their click). A query scans the stored keys of the hits table once however many ids it asks for
 * (a cost that grows with the table), then reads the rows it found, so a query per conversion
 * would let conversions take the store's whole time at scale. The reader gathers the look-ups that arrive while a read runs, as the
 * journal gathers writes, and after a read rests `restFactor` times as long as it took: a look-up on a
 * quiet collector is read at once, and on a busy one waits for at most the rest and one read.
 */
export class StoredHitReader {
  readonly #read: ReadStoredHits;
  readonly #restFactor: number;
  readonly #maxWaiting: number;
  readonly #maxPerRead: number;
  #waiting: Waiting[] = [];
  #reading = false;
  #timer: NodeJS.Timeout | undefined;
  /** When the reader may read again (epoch ms). */
  #restUntil = 0;

  constructor(read: ReadStoredHits, options: StoredHitReaderOptions = {}) {
    this.#read = read;
    this.#restFactor = options.restFactor ?? DEFAULT_READ_REST_FACTOR;
    this.#maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.#maxPerRead = options.maxPerRead ?? DEFAULT_MAX_PER_READ;
  }

  /** The stored hit, or undefined when the store has none with this id for the account. */
  get(account: AccountContext, hitId: string): Promise<KnownHit | undefined> {
    if (this.#waiting.length >= this.#maxWaiting) {
      return Promise.reject(new StoredHitReaderBusyError('too many look-ups waiting for the store'));
    }
    return new Promise((resolve, reject) => {
      this.#waiting.push({ account, hitId, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#reading || this.#timer || this.#waiting.length === 0) return;
    const wait = this.#restUntil - Date.now();
    if (wait > 0) {
      // Look-ups wait for this timer: it holds the process as any pending work does (a bench or a
      // script without a server would otherwise end with their promises unsettled).
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#schedule();
      }, wait);
      return;
    }
    const started = Date.now();
    this.#reading = true;
    void this.#readBatch(this.#waiting.splice(0, this.#maxPerRead)).finally(() => {
      const ended = Date.now();
      this.#restUntil = ended + this.#restFactor * (ended - started);
      this.#reading = false;
      this.#schedule();
    });
  }

  async #readBatch(batch: readonly Waiting[]): Promise<void> {
    try {
      const found = await this.#read(batch);
      for (const waiting of batch) {
        waiting.resolve(found.get(hitKey(waiting.account.relationshipId, waiting.hitId)));
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
