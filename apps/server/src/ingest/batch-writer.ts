import type { FastifyBaseLogger } from 'fastify';
import { conversionTable, hitTable, normalizeBatch, sessionTable } from '../storage/events/event-columns.js';
import type { ConversionRow, EventStore, HitRow, SessionRow } from '../storage/events/event-store.js';

/** What one ingested event writes: its hit or conversion, and the snapshot of its session. */
export interface EventWrite {
  hits?: HitRow[];
  sessions?: SessionRow[];
  conversions?: ConversionRow[];
}

export interface BatchWriterOptions {
  /** Writes waiting (queued or in the batch being written) beyond which new ones are refused. */
  maxPending?: number;
  /** Most writes gathered into one batch. */
  maxBatch?: number;
}

/** The writer cannot take more now: the caller answers 503 with Retry-After. */
export class WriterOverloadedError extends Error {
  override readonly name = 'WriterOverloadedError';
}

/** The writer is closing: no new write is accepted. */
export class WriterClosedError extends Error {
  override readonly name = 'WriterClosedError';
}

interface Pending {
  write: EventWrite;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const DEFAULT_MAX_PENDING = 20_000;
export const DEFAULT_MAX_BATCH = 2_000;

/**
 * Group commit into the event store. Every ingested event is queued here and its request waits for
 * the promise: it resolves once the batch holding the event is durable (the store's insert resolved,
 * which is after COMMIT). One batch is written at a time; writes arriving meanwhile gather into the
 * next one, so a quiet collector writes each event at once and a busy one writes hundreds per commit.
 *
 * A batch is three store calls in order (hits, conversions, sessions). Should the process die between
 * them nobody was answered yet: the sender retries, the store keeps the first copy of each hit and
 * conversion and merges sessions, so a retry completes the batch without counting anything twice.
 *
 * Each write is validated when queued, so one bad row is refused alone instead of failing the batch.
 */
export class BatchWriter {
  readonly #store: EventStore;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #maxPending: number;
  readonly #maxBatch: number;
  #queue: Pending[] = [];
  #inFlight = 0;
  #running: Promise<void> | undefined;
  #closed = false;

  constructor(store: EventStore, options: BatchWriterOptions = {}, log?: FastifyBaseLogger) {
    this.#store = store;
    this.#log = log;
    this.#maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
    this.#maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  }

  /** Writes waiting or being written. */
  get pending(): number {
    return this.#queue.length + this.#inFlight;
  }

  /** Throws when a new write would be refused, so a request is turned away before any work. */
  assertAccepting(): void {
    if (this.#closed) throw new WriterClosedError('the collector is shutting down');
    if (this.pending >= this.#maxPending) throw new WriterOverloadedError('too many writes waiting');
  }

  /** Queues the write; resolves when it is durable. Validation errors reject at once. */
  write(write: EventWrite): Promise<void> {
    this.assertAccepting();
    normalizeBatch(hitTable, write.hits ?? []);
    normalizeBatch(conversionTable, write.conversions ?? []);
    normalizeBatch(sessionTable, write.sessions ?? []);
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ write, resolve, reject });
      this.#running ??= this.#drain();
    });
  }

  /** Refuses new writes and waits until everything queued is written (or failed). */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        this.#inFlight = batch.length;
        try {
          await this.#writeBatch(batch.map((pending) => pending.write));
          for (const pending of batch) pending.resolve();
        } catch (error) {
          this.#log?.error({ err: error, writes: batch.length }, 'event batch failed');
          for (const pending of batch) pending.reject(error);
        } finally {
          this.#inFlight = 0;
        }
      }
    } finally {
      this.#running = undefined;
    }
  }

  async #writeBatch(writes: readonly EventWrite[]): Promise<void> {
    const hits = writes.flatMap((write) => write.hits ?? []);
    const conversions = writes.flatMap((write) => write.conversions ?? []);
    const sessions = writes.flatMap((write) => write.sessions ?? []);
    if (hits.length > 0) await this.#store.insertHits(hits);
    if (conversions.length > 0) await this.#store.insertConversions(conversions);
    if (sessions.length > 0) await this.#store.insertSessions(sessions);
  }
}
