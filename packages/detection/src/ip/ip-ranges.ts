// Sorted, non-overlapping address ranges with a value each, in typed arrays, searched by bisection.
// IPv4 bounds are one Uint32 each; IPv6 bounds are four Uint32 words (most significant first),
// interleaved so one range's words sit together. Values are indexes into a table the caller keeps
// (a country list, an ASN list). Adjacent ranges with the same value are merged while building.

/** Values are indexes below 2^32 - 1; this one marks "no range holds the address". */
export const NO_VALUE = -1;

type ValueArray = Uint8Array | Uint16Array | Uint32Array;
/**
 * Bucket index width: 16 bits for IPv4 (a bucket is a /16); 20 bits for IPv6, whose allocations
 * crowd into a few /16s (2a00::/12 alone holds most of Europe), so a /20 window keeps bisection short.
 */
const BUCKET_BITS_4 = 16;
const BUCKET_BITS_6 = 20;

export interface RangeTable4 {
  readonly size: number;
  /** Bisection window by the top 16 bits of an address: ranges `buckets[b]` to `buckets[b + 1] - 1` start in bucket b. */
  readonly buckets: Uint32Array;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly values: ValueArray;
}

export interface RangeTable6 {
  readonly size: number;
  /** As RangeTable4's, by the top 20 bits of the first word. */
  readonly buckets: Uint32Array;
  /** Four words per range: `starts[4 * i] .. starts[4 * i + 3]`. */
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly values: ValueArray;
}

/** The value of the range holding `address`, or NO_VALUE. */
export function find4(table: RangeTable4, address: number): number {
  const { starts } = table;
  // The last range starting at or before the address: one in the address's bucket, or else the last
  // one before it (which may span into the bucket). The window keeps the search in a few cache lines.
  const bucket = address >>> (32 - BUCKET_BITS_4);
  let low = table.buckets[bucket] ?? 0;
  let high = (table.buckets[bucket + 1] ?? 0) - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] ?? 0) <= address) low = middle + 1;
    else high = middle - 1;
  }
  if (high < 0 || address > (table.ends[high] ?? 0)) return NO_VALUE;
  return table.values[high] ?? NO_VALUE;
}

/** The value of the range holding the address `w0:w1:w2:w3` (32-bit words), or NO_VALUE. */
export function find6(table: RangeTable6, w0: number, w1: number, w2: number, w3: number): number {
  const { starts } = table;
  const bucket = w0 >>> (32 - BUCKET_BITS_6);
  let low = table.buckets[bucket] ?? 0;
  let high = (table.buckets[bucket + 1] ?? 0) - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compare(starts, middle << 2, w0, w1, w2, w3) <= 0) low = middle + 1;
    else high = middle - 1;
  }
  if (high < 0 || compare(table.ends, high << 2, w0, w1, w2, w3) < 0) return NO_VALUE;
  return table.values[high] ?? NO_VALUE;
}

/** Sign of `words[at..at+3]` minus `w0:w1:w2:w3`. */
function compare(words: Uint32Array, at: number, w0: number, w1: number, w2: number, w3: number): number {
  const a0 = words[at] ?? 0;
  if (a0 !== w0) return a0 < w0 ? -1 : 1;
  const a1 = words[at + 1] ?? 0;
  if (a1 !== w1) return a1 < w1 ? -1 : 1;
  const a2 = words[at + 2] ?? 0;
  if (a2 !== w2) return a2 < w2 ? -1 : 1;
  const a3 = words[at + 3] ?? 0;
  return a3 === w3 ? 0 : a3 < w3 ? -1 : 1;
}

/** The smallest typed array that holds indexes into a table of `count` values. */
function valueArray(count: number, length: number): ValueArray {
  if (count <= 0x100) return new Uint8Array(length);
  if (count <= 0x10000) return new Uint16Array(length);
  return new Uint32Array(length);
}

/** `buckets[b]`: the first range whose start's top `bits` bits (of `starts[i * stride]`) are b or more. */
function bucketsOf(starts: Uint32Array, size: number, stride: number, bits: number): Uint32Array {
  const count = 2 ** bits;
  const shift = 32 - bits;
  const buckets = new Uint32Array(count + 1);
  let range = 0;
  for (let bucket = 0; bucket <= count; bucket++) {
    while (range < size && (starts[range * stride] ?? 0) >>> shift < bucket) range += 1;
    buckets[bucket] = range;
  }
  return buckets;
}

function grow(array: Uint32Array, length: number): Uint32Array {
  if (array.length >= length) return array;
  const bigger = new Uint32Array(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * Collects IPv4 ranges in ascending order (the data files are sorted) and merges a range into the
 * previous one when it continues it with the same value. A range overlapping the previous one is cut
 * to start after it, so the table stays sorted and disjoint whatever the input.
 */
export class RangeTable4Builder {
  private starts: Uint32Array = new Uint32Array(1024);
  private ends: Uint32Array = new Uint32Array(1024);
  private values: Uint32Array = new Uint32Array(1024);
  private size = 0;
  private maxValue = 0;
  /** Ranges given before merging. */
  added = 0;
  /** Ranges cut (or dropped) because they overlapped an earlier one. */
  clipped = 0;

  add(from: number, end: number, value: number): void {
    let start = from;
    if (!(start <= end) || start < 0 || end > 0xffffffff) throw new Error(`bad IPv4 range ${start}-${end}`);
    this.added += 1;
    const last = this.size - 1;
    if (last >= 0) {
      const lastEnd = this.ends[last] ?? 0;
      if (start <= lastEnd) {
        // Overlaps what came before (one line of the ASN data does): the earlier range keeps it.
        this.clipped += 1;
        if (end <= lastEnd) return;
        start = lastEnd + 1;
      }
      if (start === lastEnd + 1 && this.values[last] === value) {
        this.ends[last] = end;
        return;
      }
    }
    const next = this.size + 1;
    this.starts = grow(this.starts, next);
    this.ends = grow(this.ends, next);
    this.values = grow(this.values, next);
    this.starts[this.size] = start;
    this.ends[this.size] = end;
    this.values[this.size] = value;
    this.size = next;
    if (value > this.maxValue) this.maxValue = value;
  }

  /** Exact-size arrays; `valueCount` is the size of the caller's value table. */
  build(valueCount = this.maxValue + 1): RangeTable4 {
    const values = valueArray(valueCount, this.size);
    values.set(this.values.subarray(0, this.size));
    return {
      size: this.size,
      buckets: bucketsOf(this.starts, this.size, 1, BUCKET_BITS_4),
      starts: this.starts.slice(0, this.size),
      ends: this.ends.slice(0, this.size),
      values,
    };
  }
}

/** The IPv6 counterpart of RangeTable4Builder; bounds are given as four 32-bit words each. */
export class RangeTable6Builder {
  private starts: Uint32Array = new Uint32Array(4096);
  private ends: Uint32Array = new Uint32Array(4096);
  private values: Uint32Array = new Uint32Array(1024);
  private size = 0;
  private maxValue = 0;
  added = 0;
  clipped = 0;

  /** `start` and `end` hold four words each (read at `startAt` and `endAt`). */
  add(start: ArrayLike<number>, startAt: number, end: ArrayLike<number>, endAt: number, value: number): void {
    let s0 = start[startAt] ?? 0;
    let s1 = start[startAt + 1] ?? 0;
    let s2 = start[startAt + 2] ?? 0;
    let s3 = start[startAt + 3] ?? 0;
    const e0 = end[endAt] ?? 0;
    const e1 = end[endAt + 1] ?? 0;
    const e2 = end[endAt + 2] ?? 0;
    const e3 = end[endAt + 3] ?? 0;
    if (compareWords(s0, s1, s2, s3, e0, e1, e2, e3) > 0) throw new Error('bad IPv6 range');
    this.added += 1;
    const last = this.size - 1;
    if (last >= 0) {
      const at = last << 2;
      const l0 = this.ends[at] ?? 0;
      const l1 = this.ends[at + 1] ?? 0;
      const l2 = this.ends[at + 2] ?? 0;
      const l3 = this.ends[at + 3] ?? 0;
      if (compareWords(s0, s1, s2, s3, l0, l1, l2, l3) <= 0) {
        this.clipped += 1;
        if (compareWords(e0, e1, e2, e3, l0, l1, l2, l3) <= 0) return;
        // The start becomes the previous end plus one.
        s3 = (l3 + 1) >>> 0;
        s2 = s3 === 0 ? (l2 + 1) >>> 0 : l2;
        s1 = s3 === 0 && s2 === 0 ? (l1 + 1) >>> 0 : l1;
        s0 = s3 === 0 && s2 === 0 && s1 === 0 ? l0 + 1 : l0;
      }
      if (this.values[last] === value && isSuccessor(l0, l1, l2, l3, s0, s1, s2, s3)) {
        setWords(this.ends, at, e0, e1, e2, e3);
        return;
      }
    }
    const next = this.size + 1;
    this.starts = grow(this.starts, next << 2);
    this.ends = grow(this.ends, next << 2);
    this.values = grow(this.values, next);
    const at = this.size << 2;
    setWords(this.starts, at, s0, s1, s2, s3);
    setWords(this.ends, at, e0, e1, e2, e3);
    this.values[this.size] = value;
    this.size = next;
    if (value > this.maxValue) this.maxValue = value;
  }

  build(valueCount = this.maxValue + 1): RangeTable6 {
    const values = valueArray(valueCount, this.size);
    values.set(this.values.subarray(0, this.size));
    return {
      size: this.size,
      buckets: bucketsOf(this.starts, this.size, 4, BUCKET_BITS_6),
      starts: this.starts.slice(0, this.size << 2),
      ends: this.ends.slice(0, this.size << 2),
      values,
    };
  }
}

function setWords(words: Uint32Array, at: number, w0: number, w1: number, w2: number, w3: number): void {
  words[at] = w0;
  words[at + 1] = w1;
  words[at + 2] = w2;
  words[at + 3] = w3;
}

function compareWords(
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
): number {
  if (a0 !== b0) return a0 < b0 ? -1 : 1;
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  if (a2 !== b2) return a2 < b2 ? -1 : 1;
  return a3 === b3 ? 0 : a3 < b3 ? -1 : 1;
}

/** Whether `b` is `a + 1` (128-bit). */
function isSuccessor(
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
): boolean {
  if (a3 !== 0xffffffff) return b3 === a3 + 1 && b2 === a2 && b1 === a1 && b0 === a0;
  if (b3 !== 0) return false;
  if (a2 !== 0xffffffff) return b2 === a2 + 1 && b1 === a1 && b0 === a0;
  if (b2 !== 0) return false;
  if (a1 !== 0xffffffff) return b1 === a1 + 1 && b0 === a0;
  return b1 === 0 && b0 === a0 + 1;
}

/** Table sizes in bytes, for the bench and the docs. */
export function tableBytes(table: RangeTable4 | RangeTable6): number {
  return table.buckets.byteLength + table.starts.byteLength + table.ends.byteLength + table.values.byteLength;
}
