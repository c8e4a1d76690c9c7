import { describe, expect, it } from 'vitest';
import { LruSlots, NO_SLOT } from './lru-slots.js';

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

  it('refuses a size that is not a positive integer', () => {
    expect(() => new LruSlots(0)).toThrow(RangeError);
    expect(() => new LruSlots(1.5)).toThrow(RangeError);
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
