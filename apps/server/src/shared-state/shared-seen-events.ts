import { setTimeout as pause } from 'node:timers/promises';
import type { KnownHit } from '../ingest/stored-events.js';
import type { ConversionStatus } from '../storage/events/event-store.js';
import type { Verdict } from '../verdicts/verdict.js';
import type { SharedState } from './shared-state.js';

/**
 * How long the servers remember a hit or conversion they stored, by its key: longer than the journal
 * takes to load it into the event store (seconds), after which a repeat finds it there. A hit takes
 * its row (about a kilobyte of JSON), so the store holds about this many seconds of the collector's
 * traffic: 1,000 hits a second take about 900 MB (docs/deploy.md).
 */
export const SHARED_SEEN_TTL_MS = 15 * 60_000;

/** The value of a claim whose event is being assessed. */
const PENDING = '"pending"';
/** How long a repeat waits for the first server to publish its verdict, and how often it looks. */
const PENDING_WAIT_MS = 2_000;
const PENDING_POLL_MS = 20;

export type SeenConversion = Verdict & { status: ConversionStatus };

/**
 * The events stored lately, shared by every server. The first server to take an id claims it (`SET NX
 * GET`, one round trip, sent with the hit's activity count in the same write) before assessing it, and
 * then publishes what a repeat is answered with: so a repeat that another server receives, even at the
 * same moment, is answered with the first verdict and not stored again. A claim still pending is
 * waited for, up to `PENDING_WAIT_MS`. A hit's published row lets its engagement beacon, conversions
 * and exclusion firings find it on any server before the journal has loaded it into the event store.
 *
 * A claim answers `unavailable` when Redis does not answer (or a pending claim was never published,
 * its server having died): the caller then goes on as one server would (this process's memory and
 * the event store decide; the event store's writer keeps one row an id).
 */
export class SharedSeenEvents {
  readonly #shared: SharedState;
  readonly #ttlMs: number;

  constructor(shared: SharedState, ttlMs = SHARED_SEEN_TTL_MS) {
    this.#shared = shared;
    this.#ttlMs = ttlMs;
  }

  /**
   * Claims the hit's id for this server: undefined when this server is first (it then calls
   * {@link publishHit}), the hit another server stored first, or `unavailable`.
   */
  async claimHit(key: string): Promise<KnownHit | undefined | 'unavailable'> {
    const first = await this.#claim(`hit:${key}`);
    return typeof first === 'string' ? reviveHit(first) : first;
  }

  /** What a repeat of the claimed hit is answered with, on any server; not awaited by the caller. */
  publishHit(key: string, known: KnownHit): void {
    this.#publish(`hit:${key}`, JSON.stringify(known));
  }

  /** The hit a server stored lately, or undefined (also while its claim is pending). */
  async hit(key: string): Promise<KnownHit | undefined> {
    try {
      const text = await this.#shared.redis.get(this.#key(`hit:${key}`));
      return text === null || text === PENDING ? undefined : reviveHit(text);
    } catch (error) {
      this.#shared.failed('seen events', error);
      return undefined;
    }
  }

  async claimConversion(key: string): Promise<SeenConversion | undefined | 'unavailable'> {
    const first = await this.#claim(`conversion:${key}`);
    return typeof first === 'string' ? (JSON.parse(first) as SeenConversion) : first;
  }

  publishConversion(key: string, verdict: SeenConversion): void {
    this.#publish(`conversion:${key}`, JSON.stringify(verdict));
  }

  /** Gives up a claim whose event could not be stored after all, so that a retry is taken as new. */
  async release(kind: 'hit' | 'conversion', key: string): Promise<void> {
    try {
      await this.#shared.redis.del(this.#key(`${kind}:${key}`));
    } catch (error) {
      this.#shared.failed('seen events', error);
    }
  }

  /** Undefined when claimed for this server; else what the first server published, or `unavailable`. */
  async #claim(name: string): Promise<string | undefined | 'unavailable'> {
    const key = this.#key(name);
    try {
      // SET ... NX GET (Redis 7, Valkey): sets when absent, and answers what was there either way.
      let first = await this.#shared.redis.call('SET', key, PENDING, 'PX', this.#ttlMs, 'NX', 'GET');
      if (first === null) return undefined;
      const until = Date.now() + PENDING_WAIT_MS;
      while (first === PENDING && Date.now() < until) {
        await pause(PENDING_POLL_MS);
        first = await this.#shared.redis.get(key);
      }
      return typeof first === 'string' && first !== PENDING ? first : 'unavailable';
    } catch (error) {
      this.#shared.failed('seen events', error);
      return 'unavailable';
    }
  }

  #publish(name: string, value: string): void {
    this.#shared.redis
      .set(this.#key(name), value, 'PX', this.#ttlMs, 'XX')
      .catch((error: unknown) => this.#shared.failed('seen events', error));
  }

  #key(name: string): string {
    return `${this.#shared.prefix}seen:${name}`;
  }
}

function reviveHit(text: string): KnownHit {
  const known = JSON.parse(text) as KnownHit & { row: { ts: string | Date } };
  known.row.ts = new Date(known.row.ts);
  return known;
}
