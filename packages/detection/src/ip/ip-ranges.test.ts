import { describe, expect, it } from 'vitest';
import { find4, find6, NO_VALUE, RangeTable4Builder, RangeTable6Builder } from './ip-ranges.js';

describe('IPv4 range table', () => {
  const builder = new RangeTable4Builder();
  builder.add(10, 19, 0);
  builder.add(20, 29, 0); // continues the previous range with the same value: merged
  builder.add(30, 39, 1); // continues it with another value: kept apart
  builder.add(50, 59, 1); // after a gap: kept apart
  builder.add(0xfffffff0, 0xffffffff, 2);
  const table = builder.build();

  it('merges adjacent ranges with the same value only', () => {
    expect(builder.added).toBe(5);
    expect(table.size).toBe(4);
    expect(Array.from(table.starts)).toEqual([10, 30, 50, 0xfffffff0]);
    expect(Array.from(table.ends)).toEqual([29, 39, 59, 0xffffffff]);
    expect(table.values).toBeInstanceOf(Uint8Array);
  });

  it('finds the first and last address of every range', () => {
    expect([find4(table, 10), find4(table, 29)]).toEqual([0, 0]);
    expect([find4(table, 30), find4(table, 39)]).toEqual([1, 1]);
    expect([find4(table, 50), find4(table, 59)]).toEqual([1, 1]);
    expect([find4(table, 0xfffffff0), find4(table, 0xffffffff)]).toEqual([2, 2]);
  });

  it('finds nothing before the first range, in gaps and after the last range', () => {
    expect(find4(table, 0)).toBe(NO_VALUE);
    expect(find4(table, 9)).toBe(NO_VALUE);
    expect(find4(table, 40)).toBe(NO_VALUE);
    expect(find4(table, 49)).toBe(NO_VALUE);
    expect(find4(table, 60)).toBe(NO_VALUE);
    expect(find4(table, 0xffffffef)).toBe(NO_VALUE);
  });

  it('finds nothing in an empty table', () => {
    expect(find4(new RangeTable4Builder().build(), 5)).toBe(NO_VALUE);
  });

  it('cuts a range that overlaps the previous one, and drops one inside it', () => {
    const overlapping = new RangeTable4Builder();
    overlapping.add(100, 200, 0);
    overlapping.add(150, 250, 1);
    overlapping.add(160, 170, 2);
    const cut = overlapping.build();
    expect(overlapping.clipped).toBe(2);
    expect([find4(cut, 165), find4(cut, 200), find4(cut, 201), find4(cut, 250)]).toEqual([0, 0, 1, 1]);
  });

  it('sizes the value array to the value table', () => {
    const wide = new RangeTable4Builder();
    wide.add(1, 1, 70_000);
    expect(wide.build().values).toBeInstanceOf(Uint32Array);
    const medium = new RangeTable4Builder();
    medium.add(1, 1, 300);
    expect(medium.build().values).toBeInstanceOf(Uint16Array);
  });
});

describe('IPv6 range table', () => {
  const builder = new RangeTable6Builder();
  const add = (start: number[], end: number[], value: number) => builder.add(start, 0, end, 0, value);
  // 2001:db8::/64, then 2001:db8:0:1::/64 (same value, adjacent: merged across a word boundary).
  add([0x20010db8, 0, 0, 0], [0x20010db8, 0, 0xffffffff, 0xffffffff], 0);
  add([0x20010db8, 1, 0, 0], [0x20010db8, 1, 0xffffffff, 0xffffffff], 0);
  // A single address in the low word, then a gap of one address.
  add([0x20010db8, 5, 0, 7], [0x20010db8, 5, 0, 7], 1);
  add([0x20010db8, 5, 0, 9], [0x20010db8, 5, 0, 9], 2);
  add([0xffffffff, 0xffffffff, 0xffffffff, 0], [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff], 3);
  const table = builder.build();
  const find = (w: number[]) => find6(table, w[0] ?? 0, w[1] ?? 0, w[2] ?? 0, w[3] ?? 0);

  it('merges adjacent ranges with the same value, carrying across words', () => {
    expect(table.size).toBe(4);
    expect(find([0x20010db8, 0, 0xffffffff, 0xffffffff])).toBe(0);
    expect(find([0x20010db8, 1, 0, 0])).toBe(0);
    expect(find([0x20010db8, 1, 0xffffffff, 0xffffffff])).toBe(0);
  });

  it('finds first and last addresses, and nothing in gaps or outside', () => {
    expect(find([0x20010db8, 0, 0, 0])).toBe(0);
    expect(find([0x20010db8, 2, 0, 0])).toBe(NO_VALUE);
    expect(find([0x20010db8, 5, 0, 6])).toBe(NO_VALUE);
    expect(find([0x20010db8, 5, 0, 7])).toBe(1);
    expect(find([0x20010db8, 5, 0, 8])).toBe(NO_VALUE);
    expect(find([0x20010db8, 5, 0, 9])).toBe(2);
    expect(find([0x20010db8, 5, 0, 10])).toBe(NO_VALUE);
    expect(find([0x20010db7, 0xffffffff, 0xffffffff, 0xffffffff])).toBe(NO_VALUE);
    expect(find([0, 0, 0, 0])).toBe(NO_VALUE);
    expect(find([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff])).toBe(3);
    expect(find([0xffffffff, 0xffffffff, 0xfffffffe, 0xffffffff])).toBe(NO_VALUE);
  });

  it('cuts an overlapping range to start after the previous end, carrying into the next word', () => {
    const overlapping = new RangeTable6Builder();
    overlapping.add([1, 0, 0, 0], 0, [1, 0, 0xffffffff, 0xffffffff], 0, 0);
    overlapping.add([1, 0, 5, 0], 0, [1, 3, 0, 0], 0, 1);
    const cut = overlapping.build();
    expect(overlapping.clipped).toBe(1);
    expect(find6(cut, 1, 0, 0xffffffff, 0xffffffff)).toBe(0);
    expect(find6(cut, 1, 1, 0, 0)).toBe(1);
  });
});
