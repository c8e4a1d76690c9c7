import { LruSlots, NO_SLOT } from './lru-slots.js';

/**
 * The times of the latest paid clicks per key (an account's address), for the cadence of its clicks:
 * each key owns a ring of `depth` times in one preallocated table, so a key costs its entry in the
 * slots' Map plus 8 bytes a time. Keys are kept in least-recently-seen order and bounded by `maxKeys`.
 */
export class PaidClickTimes {
  readonly #slots: LruSlots<string>;
  readonly #times: Float64Array;
  /** How many times each slot holds (up to `depth`) and where its next one goes. */
  readonly #held: Uint8Array;
  readonly #next: Uint8Array;

  constructor(
    readonly depth: number,
    readonly windowMs: number,
    readonly maxKeys: number,
  ) {
    if (!Number.isInteger(depth) || depth < 2 || depth > 255 || !(windowMs > 0)) {
      throw new RangeError('depth must be 2 to 255 and the window positive');
    }
    this.#slots = new LruSlots(maxKeys);
    this.#times = new Float64Array(maxKeys * depth);
    this.#held = new Uint8Array(maxKeys);
    this.#next = new Uint8Array(maxKeys);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Adds a paid click at `now` and answers the gaps of the key's clicks within the window, up to it. */
  add(key: string, now: number): number[] {
    let slot = this.#slots.find(key);
    if (slot === NO_SLOT) {
      slot = this.#slots.claim(key);
      this.#held[slot] = 0;
      this.#next[slot] = 0;
    }
    const next = this.#next[slot] ?? 0;
    this.#times[slot * this.depth + next] = now;
    this.#next[slot] = (next + 1) % this.depth;
    this.#held[slot] = Math.min(this.depth, (this.#held[slot] ?? 0) + 1);
    return this.#gaps(slot, now);
  }

  /** The gaps of the key's clicks within the window up to `now`, without adding one. */
  gaps(key: string, now: number): number[] {
    const slot = this.#slots.peek(key);
    return slot === NO_SLOT ? [] : this.#gaps(slot, now);
  }

  /**
   * Gaps between the held times in (now - window, now], in time order: dated events (S2S forwarded
   * late) may arrive out of order, and a time after `now` is not before this click.
   */
  #gaps(slot: number, now: number): number[] {
    const held = this.#held[slot] ?? 0;
    if (held < 2) return [];
    const times: number[] = [];
    const base = slot * this.depth;
    for (let i = 0; i < held; i++) {
      const at = this.#times[base + i] ?? 0;
      if (at > now - this.windowMs && at <= now) times.push(at);
    }
    if (times.length < 2) return [];
    times.sort((a, b) => a - b);
    const gaps: number[] = [];
    for (let i = 1; i < times.length; i++) gaps.push((times[i] ?? 0) - (times[i - 1] ?? 0));
    return gaps;
  }
}
