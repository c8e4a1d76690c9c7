import { describe, expect, it } from 'vitest';
import { LruCache, LruSlots, NO_SLOT } from './lru-cache.js';

describe('LruCache', () => {
  it('refreshes an entry on get and on set, not on peek', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.oldest()).toEqual(['a', 1]);
    expect(cache.peek('a')).toBe(1);
    expect(cache.oldest()).toEqual(['a', 1]);
    cache.get('a');
    expect(cache.oldest()).toEqual(['b', 2]);
    cache.set('b', 20);
    expect(cache.oldest()).toEqual(['c', 3]);
    cache.set('d', 4);
    expect(cache.peek('c')).toBeUndefined();
    expect([cache.get('a'), cache.get('b'), cache.get('d'), cache.size]).toEqual([1, 20, 4, 3]);
  });

  it('reuses the slot of a deleted entry and empties down to nothing', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    cache.delete('missing');
    cache.set('c', 3);
    expect([cache.get('b'), cache.get('c'), cache.size]).toEqual([2, 3, 2]);
    cache.delete('b');
    cache.delete('c');
    expect([cache.size, cache.oldest()]).toEqual([0, undefined]);
    cache.set('d', 4);
    expect(cache.oldest()).toEqual(['d', 4]);
  });

  it('keeps the same entries as a reference model through a long random run', () => {
    const cache = new LruCache<number, number>(100);
    const model = new Map<number, number>();
    const use = (key: number, value: number) => {
      model.delete(key);
      model.set(key, value);
    };
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let step = 0; step < 50_000; step++) {
      const key = Math.floor(random() * 300);
      const action = random();
      if (action < 0.5) {
        cache.set(key, step);
        use(key, step);
        if (model.size > 100) model.delete(model.keys().next().value as number);
      } else if (action < 0.9) {
        const value = model.get(key);
        expect(cache.get(key)).toBe(value);
        if (value !== undefined) use(key, value);
      } else {
        cache.delete(key);
        model.delete(key);
      }
      expect(cache.size).toBe(model.size);
    }
    expect(cache.oldest()).toEqual(model.entries().next().value);
  });

  it('creates a missing value once with getOrSet, and refreshes a present one', () => {
    const cache = new LruCache<string, { n: number }>(2);
    let created = 0;
    const make = () => {
      created += 1;
      return { n: created };
    };
    const a = cache.getOrSet('a', make);
    cache.set('b', { n: 0 });
    expect(cache.getOrSet('a', make)).toBe(a);
    expect([created, cache.oldest()?.[0]]).toEqual([1, 'b']);
    expect(() =>
      cache.getOrSet('x', () => {
        throw new Error('no value');
      }),
    ).toThrow('no value');
    expect([cache.peek('x'), cache.peek('b'), cache.size]).toEqual([undefined, { n: 0 }, 2]);
    cache.getOrSet('c', make);
    expect([cache.peek('b'), cache.size, created]).toEqual([undefined, 2, 2]);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
    expect(() => new LruSlots(1.5)).toThrow(RangeError);
  });
});

describe('LruSlots', () => {
  it('gives each held key its own slot and a new key the least recently used key slot', () => {
    const slots = new LruSlots<string>(3);
    const a = slots.claim('a');
    const b = slots.claim('b');
    const c = slots.claim('c');
    expect(new Set([a, b, c]).size).toBe(3);
    expect([a, b, c].every((slot) => slot >= 0 && slot < 3)).toBe(true);
    expect([slots.find('a'), slots.find('missing'), slots.peek('b')]).toEqual([a, NO_SLOT, b]);
    // The order is now b, c, a: b is the oldest, and the peek left it so.
    expect(slots.oldest()).toBe(b);
    expect(slots.claim('d')).toBe(b);
    expect([slots.find('b'), slots.keyAt(b), slots.size]).toEqual([NO_SLOT, 'd', 3]);
    expect(slots.keyAt(slots.oldest())).toBe('c');
  });

  it('gives a released slot out first, and empties down to nothing', () => {
    const slots = new LruSlots<string>(3);
    slots.claim('a');
    const b = slots.claim('b');
    slots.release(b);
    slots.release(b);
    expect([slots.size, slots.find('b')]).toEqual([1, NO_SLOT]);
    expect(slots.claim('c')).toBe(b);
    slots.release(slots.peek('a'));
    slots.release(slots.peek('c'));
    expect([slots.size, slots.oldest()]).toEqual([0, NO_SLOT]);
    const d = slots.claim('d');
    expect([slots.oldest(), slots.find('d')]).toEqual([d, d]);
  });
});
