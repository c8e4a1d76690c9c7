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

export type SeenConversion = Verdict & { status: ConversionStatus };

/**
 * The events stored lately, shared by every server: the first server to store an id claims it with
 * what a repeat is answered with (`SET NX GET`, one round trip), so a repeat that another server
 * receives, even at the same moment, is answered with the first verdict and not stored again; and a
 * hit's row, so that its engagement beacon, conversions and exclusion firings find it on any server
 * before the journal has loaded it into the event store.
 *
 * A claim answers `unavailable` when Redis does not answer: the caller then goes on as one server
 * would (this process's memory and the event store decide).
 */
export class SharedSeenEvents {
  readonly #shared: SharedState;
  readonly #ttlMs: number;

  constructor(shared: SharedState, ttlMs = SHARED_SEEN_TTL_MS) {
    this.#shared = shared;
    this.#ttlMs = ttlMs;
  }

  /** Claims the hit for this server; answers the hit another server claimed first, if one did. */
  async claimHit(key: string, known: KnownHit): Promise<KnownHit | undefined | 'unavailable'> {
    const first = await this.#claim(`hit:${key}`, JSON.stringify(known));
    return typeof first === 'string' ? reviveHit(first) : first;
  }

  /** The hit a server claimed lately, or undefined. */
  async hit(key: string): Promise<KnownHit | undefined> {
    try {
      const text = await this.#shared.redis.get(this.#key(`hit:${key}`));
      return text === null ? undefined : reviveHit(text);
    } catch (error) {
      this.#shared.failed('seen events', error);
      return undefined;
    }
  }

  async claimConversion(
    key: string,
    verdict: SeenConversion,
  ): Promise<SeenConversion | undefined | 'unavailable'> {
    const first = await this.#claim(`conversion:${key}`, JSON.stringify(verdict));
    return typeof first === 'string' ? (JSON.parse(first) as SeenConversion) : first;
  }

  /** Gives up a claim whose event could not be stored after all, so that a retry is taken as new. */
  async release(kind: 'hit' | 'conversion', key: string): Promise<void> {
    try {
      await this.#shared.redis.del(this.#key(`${kind}:${key}`));
    } catch (error) {
      this.#shared.failed('seen events', error);
    }
  }

  async #claim(name: string, value: string): Promise<string | undefined | 'unavailable'> {
    try {
      // SET ... NX GET (Redis 7, Valkey): sets when absent, and answers what was there either way.
      const previous = await this.#shared.redis.call(
        'SET',
        this.#key(name),
        value,
        'PX',
        this.#ttlMs,
        'NX',
        'GET',
      );
      return typeof previous === 'string' ? previous : undefined;
    } catch (error) {
      this.#shared.failed('seen events', error);
      return 'unavailable';
    }
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
