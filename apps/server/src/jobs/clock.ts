/**
 * Where the scheduler, the jobs and ingestion read the time. Production uses the system clock; the
 * first start's demo history (features/bootstrap/demo-history.ts) and tests inject a virtual one they
 * move by hand, so that days of traffic, windows and lease expiries pass without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved, and only moves forward. */
export class VirtualClock implements Clock {
  #now: number;

  constructor(start: Date) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  /** Moves the clock to `at`; a time before its own is refused (time does not run backwards). */
  set(at: Date): void {
    const time = at.getTime();
    if (!(time >= this.#now)) throw new Error(`the clock is at ${this.now().toISOString()}, not before`);
    this.#now = time;
  }
}
