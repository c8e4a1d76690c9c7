/**
 * The lock every write to a shared event store runs under, so that the store's single-writer contract
 * (read which ids are stored, then insert the rest; read a session, merge, append a higher version)
 * holds when several servers write the same ClickHouse. `open-stores.ts` picks it: a PostgreSQL
 * advisory lock on the accounts database when the accounts live there (`oltp/writer-lock.repo.ts`),
 * which every server of an installation shares; {@link inProcessWriterLock} on SQLite, where one
 * server runs.
 */
export interface EventWriterLock {
  /** Runs `work` while no other holder of the lock runs; resolves or rejects as `work` does. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Serialises the writes of the stores that share it, within this process: one server alone writes
 * its event store, whose writer already runs one write at a time, so there it costs a promise and
 * changes nothing. Tests share one between two stores to stand for two servers.
 */
export function inProcessWriterLock(): EventWriterLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const run = tail.then(work);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
