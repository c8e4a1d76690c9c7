// Autonomous systems from @ip-location-db/asn (RouteViews, the five RIRs and DB-IP, CC BY 4.0): the
// numeric CSV files, one range a line, `start,end,asn,organisation`, bounds inclusive and in decimal
// (IPv6 bounds are 128-bit integers), the organisation quoted when it holds a comma, `""` inside quotes.
// The files are read in 1 MB chunks and parsed as bytes: a string is decoded only the first time an
// ASN appears (each ASN has one organisation in the data), and equal organisation names are shared.
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { ASN_PACKAGE, dataPackageDir } from './data-packages.js';
import { type RangeTable4, RangeTable4Builder, type RangeTable6, RangeTable6Builder } from './ip-ranges.js';

export interface AsnTables {
  v4: RangeTable4;
  v6: RangeTable6;
  /** The tables' values index these two lists. */
  asns: Uint32Array;
  organisations: readonly string[];
  /** Lines in the files, before adjacent ranges of one ASN were merged. */
  records: { v4: number; v6: number };
}

const CHUNK = 1 << 20;
const SMALL_ASNS = 1 << 20;
const NEWLINE = 10;
const COMMA = 44;
const QUOTE = 34;
const ZERO = 48;

export function loadAsnTables(dir = dataPackageDir(ASN_PACKAGE)): AsnTables {
  const asns: number[] = [];
  const organisations: string[] = [];
  // Value index + 1 by ASN: an array for the 16- and 20-bit ASNs almost every line has (4 MB, freed
  // after loading), a map for the rest.
  const indexBySmallAsn = new Int32Array(SMALL_ASNS);
  const indexByAsn = new Map<number, number>();
  const sharedNames = new Map<string, string>();

  /** The value index of the ASN on this line, registering it (and its organisation) when new. */
  const valueIndex = (asn: number, line: Buffer, orgFrom: number, orgTo: number): number => {
    let index = asn < SMALL_ASNS ? (indexBySmallAsn[asn] ?? 0) - 1 : (indexByAsn.get(asn) ?? -1);
    if (index < 0) {
      const name = organisation(line, orgFrom, orgTo);
      let shared = sharedNames.get(name);
      if (shared === undefined) {
        shared = name;
        sharedNames.set(name, name);
      }
      index = asns.length;
      asns.push(asn);
      organisations.push(shared);
      if (asn < SMALL_ASNS) indexBySmallAsn[asn] = index + 1;
      else indexByAsn.set(asn, index);
    }
    return index;
  };

  const v4 = new RangeTable4Builder();
  const cursor = { at: 0 };
  forEachLine(path.join(dir, 'asn-ipv4-num.csv'), (line, from, to) => {
    cursor.at = from;
    const start = decimal(line, cursor, to);
    const end = decimal(line, cursor, to);
    const asn = decimal(line, cursor, to);
    if (start < 0 || end < 0 || asn < 0)
      throw new Error(`bad line in asn-ipv4-num.csv: ${line.toString('utf8', from, to)}`);
    v4.add(start, end, valueIndex(asn, line, cursor.at, to));
  });

  const v6 = new RangeTable6Builder();
  const bounds = new Uint32Array(8);
  forEachLine(path.join(dir, 'asn-ipv6-num.csv'), (line, from, to) => {
    cursor.at = from;
    const ok = decimal128(line, cursor, to, bounds, 0) && decimal128(line, cursor, to, bounds, 4);
    const asn = ok ? decimal(line, cursor, to) : -1;
    if (asn < 0) throw new Error(`bad line in asn-ipv6-num.csv: ${line.toString('utf8', from, to)}`);
    v6.add(bounds, 0, bounds, 4, valueIndex(asn, line, cursor.at, to));
  });

  return {
    v4: v4.build(asns.length),
    v6: v6.build(asns.length),
    asns: Uint32Array.from(asns),
    organisations,
    records: { v4: v4.added, v6: v6.added },
  };
}

let tables: AsnTables | undefined;

/** The ASN tables of this process, loaded on first use. */
export function asnTables(): AsnTables {
  tables ??= loadAsnTables();
  return tables;
}

/** Calls `each` with every non-empty line of the file, as a byte span without its line break. */
function forEachLine(file: string, each: (buffer: Buffer, from: number, to: number) => void): void {
  const fd = openSync(file, 'r');
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const bigger = Buffer.allocUnsafe(buffer.length * 2); // a line longer than the buffer
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      const end = filled + read;
      let from = 0;
      for (let at = 0; at < end; at++) {
        if (buffer[at] !== NEWLINE) continue;
        emit(buffer, from, at, each);
        from = at + 1;
      }
      if (read === 0) {
        emit(buffer, from, end, each); // a last line without a line break
        return;
      }
      buffer.copy(buffer, 0, from, end);
      filled = end - from;
    }
  } finally {
    closeSync(fd);
  }
}

function emit(buffer: Buffer, from: number, to: number, each: (b: Buffer, f: number, t: number) => void) {
  const trimmed = to > from && buffer[to - 1] === 13 ? to - 1 : to;
  if (trimmed > from) each(buffer, from, trimmed);
}

/** A decimal field up to 2^53 at `cursor.at`, moving past its comma; -1 when malformed. */
function decimal(line: Buffer, cursor: { at: number }, to: number): number {
  let value = 0;
  let at = cursor.at;
  const start = at;
  for (; at < to; at++) {
    const digit = (line[at] ?? 0) - ZERO;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  if (at === start || at - start > 15 || (at < to && line[at] !== COMMA)) return -1;
  cursor.at = at + 1;
  return value;
}

/** Eight 16-bit limbs, least significant first, of the 128-bit number being parsed. */
const limbs = new Float64Array(8);

/** A decimal 128-bit field into four words at `out[outAt..]`, moving past its comma. */
function decimal128(line: Buffer, cursor: { at: number }, to: number, out: Uint32Array, outAt: number) {
  limbs.fill(0);
  let at = cursor.at;
  const start = at;
  while (at < to) {
    // Up to nine digits at a time: limbs = limbs * 10^k + chunk, exact in doubles (below 2^53).
    let chunk = 0;
    let scale = 1;
    for (let k = 0; k < 9 && at < to; k++, at++) {
      const digit = (line[at] ?? 0) - ZERO;
      if (digit < 0 || digit > 9) break;
      chunk = chunk * 10 + digit;
      scale *= 10;
    }
    if (scale === 1) break;
    let carry = chunk;
    for (let k = 0; k < 8; k++) {
      const value = (limbs[k] ?? 0) * scale + carry;
      carry = Math.floor(value / 65536);
      limbs[k] = value - carry * 65536;
    }
    if (carry !== 0) return false; // above 2^128
    if (scale < 1e9) break;
  }
  if (at === start || at >= to || line[at] !== COMMA) return false;
  for (let word = 0; word < 4; word++) {
    out[outAt + word] = (limbs[7 - 2 * word] ?? 0) * 65536 + (limbs[6 - 2 * word] ?? 0);
  }
  cursor.at = at + 1;
  return true;
}

/** The organisation field in `line[from, to)`, unquoted. */
function organisation(line: Buffer, from: number, to: number): string {
  if (line[from] !== QUOTE) return line.toString('utf8', from, to);
  const inner = line.toString('utf8', from + 1, line[to - 1] === QUOTE ? to - 1 : to);
  return inner.includes('""') ? inner.replaceAll('""', '"') : inner;
}
