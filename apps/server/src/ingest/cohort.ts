/**
 * Cohort scheduling for the collector's requests. A request waits here after its body is read; every
 * request read in the same event-loop turn is released together in that turn's check phase (after the
 * poll phase has read all the sockets that were ready), and the cohort is then validated, assessed and
 * journaled one request after the other. The same code runs many times in a row instead of alternating
 * with the HTTP layer's for each request, so it keeps the processor's caches warm.
 *
 * The gain is measured by `npm run bench -- ingest` (docs/decisions.md). A request waits at most until
 * the end of the turn that read it, which the group commit's wait for the journal dwarfs.
 */
export class TurnCohort {
  #waiting: (() => void)[] = [];

  readonly #release = (): void => {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  };

  /** Resolves in this turn's check phase, with every other request that waits in this turn. */
  wait(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#waiting.length === 0) setImmediate(this.#release);
      this.#waiting.push(resolve);
    });
  }
}
