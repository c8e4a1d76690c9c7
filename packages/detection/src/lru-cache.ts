/** The slot number that stands for "none": no such key, or no neighbour in the use order. */
export const NO_SLOT = -1;

/**
 * Keys held in numbered slots `0 ≤ slot < capacity`, in least-recently-used order: a key keeps its slot
 * while held, and once every slot is taken a new key takes the slot of the least recently used one.
 * Every operation is O(1), and a key that is not held costs one Map look-up to find and one to add
 * (callers that asked `get`, then `set`, read the Map twice more). The slots index the caller's own
 * tables: typed arrays of counters, or the values of an {@link LruCache}.
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

/** A bounded map that forgets the least recently used entry when full: values in {@link LruSlots}. */
export class LruCache<K, V> {
  readonly #slots: LruSlots<K>;
  readonly #values: (V | undefined)[] = [];

  /** Refuses a size that is not a positive integer (RangeError, from {@link LruSlots}). */
  constructor(maxEntries: number) {
    this.#slots = new LruSlots(maxEntries);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const slot = this.#slots.find(key);
    return slot === NO_SLOT ? undefined : this.#values[slot];
  }

  /** The value, leaving the order as it is. */
  peek(key: K): V | undefined {
    const slot = this.#slots.peek(key);
    return slot === NO_SLOT ? undefined : this.#values[slot];
  }

  /** Sets the value, made the most recently used; a new key forgets the oldest entry when full. */
  set(key: K, value: V): void {
    let slot = this.#slots.find(key);
    if (slot === NO_SLOT) slot = this.#slots.claim(key);
    this.#values[slot] = value;
  }

  /** The value, made the most recently used; a key not held gets `create()`'s, as {@link set}. */
  getOrSet(key: K, create: () => V): V {
    const slot = this.#slots.find(key);
    if (slot !== NO_SLOT) return this.#values[slot] as V;
    // Created before a slot is claimed: a `create` that throws leaves the cache as it was.
    const value = create();
    this.#values[this.#slots.claim(key)] = value;
    return value;
  }

  /** The least recently used entry, without touching it. */
  oldest(): [K, V] | undefined {
    const slot = this.#slots.oldest();
    if (slot === NO_SLOT) return undefined;
    return [this.#slots.keyAt(slot) as K, this.#values[slot] as V];
  }

  delete(key: K): void {
    const slot = this.#slots.peek(key);
    if (slot === NO_SLOT) return;
    this.#slots.release(slot);
    this.#values[slot] = undefined;
  }
}
