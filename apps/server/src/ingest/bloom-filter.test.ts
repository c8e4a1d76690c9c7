import { describe, expect, it } from 'vitest';
import { GrowingBloomFilter } from './bloom-filter.js';

const key = (n: number) => `${1 + (n % 7)}:click-${n.toString(36)}-${(n * 2654435761) % 1000003}`;

describe('GrowingBloomFilter', () => {
  it('holds nothing when empty', () => {
    const filter = new GrowingBloomFilter(16);
    expect(filter.mightHold('1:anything')).toBe(false);
    expect(filter.bytes).toBe(0);
  });

  it('never forgets a key, also across the layers it grows', () => {
    const filter = new GrowingBloomFilter(1_000);
    for (let n = 0; n < 100_000; n++) filter.add(key(n));
    expect(filter.size).toBe(100_000);
    for (let n = 0; n < 100_000; n++) if (!filter.mightHold(key(n))) throw new Error(`lost ${key(n)}`);
  });

  it('answers "maybe" for under 2% of absent keys, at about 2 bytes a key', () => {
    // 100,000 keys from a first capacity of 1,000: seven layers, the case that strains the bound most.
    const filter = new GrowingBloomFilter(1_000);
    for (let n = 0; n < 100_000; n++) filter.add(key(n));
    let falsePositives = 0;
    for (let n = 100_000; n < 200_000; n++) if (filter.mightHold(key(n))) falsePositives += 1;
    expect(falsePositives / 100_000).toBeLessThan(0.02);
    expect(filter.bytes / 100_000).toBeLessThan(4);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new GrowingBloomFilter(0)).toThrow(RangeError);
    expect(() => new GrowingBloomFilter(1.5)).toThrow(RangeError);
  });
});
