import type { EventStoreHealth } from './event-store.js';

/**
 * The write discipline both event stores share: writes run one at a time in the order they were called
 * (so no two batches race on the same ids), reads run alongside and are tracked, and once closing
 * starts both are refused. `close` waits for queued writes and running reads before shutting down.
 */
export class StoreWorkQueue {
  private writeQueue: Promise<unknown> = Promise.resolve();
  private readonly activeReads = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;

  get isClosing(): boolean {
    return this.closing !== undefined;
  }

  write<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing !== undefined) return Promise.reject(new Error('The event store is closed'));
    const run = this.writeQueue.then(work);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  async read<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing !== undefined) throw new Error('The event store is closed');
    const task = work();
    this.activeReads.add(task);
    try {
      return await task;
    } finally {
      this.activeReads.delete(task);
    }
  }

  /** Idempotent: the first call starts `shutdown` after pending work; later calls share its promise. */
  close(shutdown: () => Promise<void>): Promise<void> {
    this.closing ??= (async () => {
      await this.writeQueue;
      await Promise.allSettled(this.activeReads);
      await shutdown();
    })();
    return this.closing;
  }
}

/** Times a trivial round trip; `down` with the error's message when it fails. */
export async function probeHealth(
  kind: EventStoreHealth['kind'],
  probe: () => Promise<unknown>,
): Promise<EventStoreHealth> {
  const started = performance.now();
  const latencyMs = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    await probe();
    return { status: 'up', kind, latencyMs: latencyMs() };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { status: 'down', kind, latencyMs: latencyMs(), detail };
  }
}
