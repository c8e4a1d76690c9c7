// A small MaxMind DB (MMDB 2.0) writer, for the IP intelligence bench only: no npm package ships the
// ASN data we use (@ip-location-db/asn) as an .mmdb file, so the bench writes one from the same ranges
// to time `maxmind` over it. It writes an IPv6 tree with 32-bit records, IPv4 under ::/96 (where
// mmdb-lib looks for it), one data record per value, no aliases for ::ffff:0:0/96 or 2002::/16.
// The format is MaxMind's "MaxMind DB File Format Specification" 2.0.
import { writeFileSync } from 'node:fs';

/** A number written as uint16 (metadata wants some); plain numbers are written as uint32. */
class Uint16 {
  constructor(readonly value: number) {}
}
type Data = string | number | bigint | Uint16 | Data[] | { [key: string]: Data };

const UTF8 = 2;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const UINT64 = 9;
const ARRAY = 11;
const DATA_BIT = 0x80000000;
const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);

export class MmdbWriter {
  /** Two records a node: 0 is empty, DATA_BIT | i is data record i, anything else a node number. */
  private left = new Uint32Array(1 << 20);
  private right = new Uint32Array(1 << 20);
  private nodes = 1;
  private readonly records: Buffer[] = [];

  /** Registers a data record (a map), to be pointed at by networks; returns its number. */
  addRecord(data: Data): number {
    this.records.push(encode(data));
    return this.records.length - 1;
  }

  /** `prefix` bits of the 128-bit address `words` (four 32-bit words, most significant first). */
  insert(words: ArrayLike<number>, prefix: number, record: number): void {
    let node = 0;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = ((words[depth >>> 5] ?? 0) >>> (31 - (depth & 31))) & 1;
      const side = bit ? this.right : this.left;
      const next = side[node] ?? 0;
      if (depth === prefix - 1) {
        if (next !== 0) throw new Error('networks overlap');
        side[node] = DATA_BIT | record;
        return;
      }
      if (next & DATA_BIT) throw new Error('networks overlap');
      if (next === 0) {
        const created = this.newNode();
        (bit ? this.right : this.left)[node] = created;
        node = created;
      } else {
        node = next;
      }
    }
  }

  /** Inserts the inclusive range `start..end` of 128-bit addresses as the CIDR blocks that cover it. */
  insertRange(start: bigint, end: bigint, record: number): void {
    const words = new Uint32Array(4);
    let at = start;
    while (at <= end) {
      // The largest block aligned at `at` that ends at or before `end`.
      let size = 0;
      while (size < 128 && ((at >> BigInt(size)) & 1n) === 0n && at + (1n << BigInt(size + 1)) - 1n <= end) {
        size += 1;
      }
      for (let k = 0; k < 4; k++) words[k] = Number((at >> BigInt(96 - 32 * k)) & 0xffffffffn);
      this.insert(words, 128 - size, record);
      at += 1n << BigInt(size);
    }
  }

  write(file: string, metadata: { databaseType: string; description: string }): void {
    const nodeCount = this.nodes;
    const offsets: number[] = [];
    let size = 0;
    for (const record of this.records) {
      offsets.push(size);
      size += record.length;
    }
    const value = (record: number): number => {
      if (record === 0) return nodeCount;
      if (record & DATA_BIT) return nodeCount + 16 + (offsets[record & ~DATA_BIT] ?? 0);
      return record;
    };
    if (nodeCount + 16 + size >= 2 ** 32) throw new Error('too large for 32-bit records');
    const tree = Buffer.alloc(nodeCount * 8);
    for (let node = 0; node < nodeCount; node++) {
      tree.writeUInt32BE(value(this.left[node] ?? 0), node * 8);
      tree.writeUInt32BE(value(this.right[node] ?? 0), node * 8 + 4);
    }
    const meta = encode({
      node_count: nodeCount,
      record_size: new Uint16(32),
      ip_version: new Uint16(6),
      database_type: metadata.databaseType,
      languages: [],
      binary_format_major_version: new Uint16(2),
      binary_format_minor_version: new Uint16(0),
      build_epoch: BigInt(Math.floor(Date.now() / 1000)),
      description: { en: metadata.description },
    });
    writeFileSync(file, Buffer.concat([tree, Buffer.alloc(16), ...this.records, METADATA_MARKER, meta]));
  }

  get nodeCount(): number {
    return this.nodes;
  }

  private newNode(): number {
    if (this.nodes === this.left.length) {
      const left = new Uint32Array(this.left.length * 2);
      const right = new Uint32Array(this.left.length * 2);
      left.set(this.left);
      right.set(this.right);
      this.left = left;
      this.right = right;
    }
    return this.nodes++;
  }
}

function encode(data: Data): Buffer {
  if (typeof data === 'string') {
    const bytes = Buffer.from(data, 'utf8');
    return Buffer.concat([control(UTF8, bytes.length), bytes]);
  }
  if (typeof data === 'bigint') return Buffer.concat([control(UINT64, 8), bigEndian(data, 8)]);
  if (typeof data === 'number') return unsigned(UINT32, data);
  if (data instanceof Uint16) return unsigned(UINT16, data.value);
  if (Array.isArray(data)) return Buffer.concat([control(ARRAY, data.length), ...data.map(encode)]);
  const entries = Object.entries(data);
  return Buffer.concat([
    control(MAP, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

function unsigned(type: number, n: number): Buffer {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`not a uint32: ${n}`);
  let length = 0;
  while (length < 4 && n >= 2 ** (8 * length)) length += 1;
  return Buffer.concat([control(type, length), bigEndian(BigInt(n), length)]);
}

function bigEndian(n: bigint, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[length - 1 - i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return bytes;
}

/** The control byte(s): type in the top three bits (or an extended type byte), then the size. */
function control(type: number, size: number): Buffer {
  const head: number[] = [];
  const extended = type > 7;
  let sizeBits: number;
  const tail: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    tail.push(size - 29);
  } else if (size < 65_821) {
    sizeBits = 30;
    tail.push(((size - 285) >> 8) & 0xff, (size - 285) & 0xff);
  } else {
    sizeBits = 31;
    const rest = size - 65_821;
    tail.push((rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff);
  }
  head.push(((extended ? 0 : type) << 5) | sizeBits);
  if (extended) head.push(type - 7);
  return Buffer.from([...head, ...tail]);
}
