/**
 * A bounded map that forgets the least recently used entry when full. Map keeps insertion order, so
 * moving an entry to the end on use makes the first key the least recently used one.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new RangeError('maxEntries must be a positive integer');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) this.#evictOldest();
  }

  /** The least recently used entry, without touching it. */
  oldest(): [K, V] | undefined {
    const first = this.#entries.entries().next();
    return first.done ? undefined : first.value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  #evictOldest(): void {
    const first = this.#entries.keys().next();
    if (!first.done) this.#entries.delete(first.value);
  }
}
