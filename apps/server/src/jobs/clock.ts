/**
 * Where the scheduler (and the jobs it runs) read the time. Production uses the system clock; tests
 * inject one they move by hand, so that hours of windows and lease expiries pass without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
