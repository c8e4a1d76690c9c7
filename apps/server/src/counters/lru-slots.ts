/** The slot number that stands for "none": no such key, or no neighbour in the use order. */
export const NO_SLOT = -1;

/**
 * Keys held in numbered slots `0 ≤ slot < capacity`, in least-recently-used order: a key keeps its slot
 * while held, and once every slot is taken a new key takes the slot of the least recently used one.
 * Every operation is O(1), and a key that is not held costs one Map look-up to find and one to add
 * (callers that asked `find`, then `claim`, read the Map twice more). The slots index the caller's own
 * tables: typed arrays of counters (the rate limiter's windows, the recent-activity counters), so a key
 * costs no object of its own. A cache of values uses the `lru-cache` package instead.
 *
 * The use order is a doubly linked list of slot numbers (two typed arrays); the Map only finds a key's
 * slot. A first version kept the order in the Map itself (a use deleted and re-added the key, the
 * oldest was the Map's first key), but a Map leaves a hole for each deleted key until it rehashes, and
 * finding the first key walks the holes, so an eviction from a full cache grew slow with its size.
 */
export class LruSlots<K> {
  readonly #slots = new Map<K, number>();
  readonly #keys: (K | undefined)[] = [];
  /** Toward the oldest and toward the newest key. */
  readonly #older: Int32Array;
  readonly #newer: Int32Array;
  /** Slots given up by {@link release}, taken again before unused ones. */
  readonly #free: number[] = [];
  #used = 0;
  #oldest = NO_SLOT;
  #newest = NO_SLOT;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.#older = new Int32Array(capacity);
    this.#newer = new Int32Array(capacity);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The key's slot, made the most recently used; {@link NO_SLOT} when it is not held. */
  find(key: K): number {
    const slot = this.#slots.get(key);
    if (slot === undefined) return NO_SLOT;
    if (slot !== this.#newest) {
      this.#unlink(slot);
      this.#append(slot);
    }
    return slot;
  }

  /** The key's slot, leaving the order as it is; {@link NO_SLOT} when it is not held. */
  peek(key: K): number {
    return this.#slots.get(key) ?? NO_SLOT;
  }

  /**
   * A slot for a key that is not held (the caller has just failed to find it), as the most recently
   * used: a free one, else the least recently used key's, which is forgotten. Its former contents in
   * the caller's tables are the caller's to reset.
   */
  claim(key: K): number {
    let slot = this.#free.pop();
    if (slot === undefined) {
      if (this.#used < this.capacity) slot = this.#used++;
      else {
        slot = this.#oldest;
        this.#slots.delete(this.#keys[slot] as K);
        this.#unlink(slot);
      }
    }
    this.#keys[slot] = key;
    this.#slots.set(key, slot);
    this.#append(slot);
    return slot;
  }

  /** The least recently used key's slot, without touching it; {@link NO_SLOT} when empty. */
  oldest(): number {
    return this.#oldest;
  }

  /** The key held in a slot. */
  keyAt(slot: number): K | undefined {
    return this.#keys[slot];
  }

  /** Forgets the key held in the slot, which {@link claim} then gives out first. */
  release(slot: number): void {
    const key = this.#keys[slot];
    if (key === undefined) return;
    this.#slots.delete(key);
    this.#unlink(slot);
    this.#keys[slot] = undefined;
    this.#free.push(slot);
  }

  #append(slot: number): void {
    this.#older[slot] = this.#newest;
    this.#newer[slot] = NO_SLOT;
    if (this.#newest === NO_SLOT) this.#oldest = slot;
    else this.#newer[this.#newest] = slot;
    this.#newest = slot;
  }

  #unlink(slot: number): void {
    const older = this.#older[slot] ?? NO_SLOT;
    const newer = this.#newer[slot] ?? NO_SLOT;
    if (older === NO_SLOT) this.#oldest = newer;
    else this.#newer[older] = newer;
    if (newer === NO_SLOT) this.#newest = older;
    else this.#older[newer] = older;
  }
}
