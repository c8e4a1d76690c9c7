/**
 * An account's IP list (addresses and CIDR ranges, IPv4 and IPv6) compiled into sorted, merged
 * intervals and searched by bisection. Compiled lists are remembered per list object, so the server
 * handing the same cached rules to every assessment compiles each list once.
 */

interface Intervals<T extends number | bigint> {
  starts: T[];
  ends: T[];
}

export interface IpRangeList {
  v4: Intervals<number>;
  v6: Intervals<bigint>;
}

type ParsedIp = { version: 4; value: number } | { version: 6; value: bigint };

function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let address = text.toLowerCase();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.', lastColon)) {
    const v4 = parseIpv4(address.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    address = address.slice(0, lastColon + 1);
    if (!address.endsWith('::')) address = address.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const group = (part: string) => (part === '' ? [] : part.split(':'));
  const head = group(halves[0] ?? '');
  const rest = halves.length === 2 ? group(halves[1] ?? '') : [];
  const missing = 8 - tail.length - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const words: number[] = [];
  for (const part of [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(part)) return null;
    words.push(Number.parseInt(part, 16));
  }
  words.push(...tail);
  if (words.length !== 8) return null;
  let value = 0n;
  for (const word of words) value = (value << 16n) | BigInt(word);
  return value;
}

const V4_MAPPED_PREFIX = 0xffffn << 32n;

/** Parses an address; IPv4-mapped IPv6 (::ffff:a.b.c.d) is read as the IPv4 address it carries. */
export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    if (value === null) return null;
    if (value >> 32n === 0xffffn) return { version: 4, value: Number(value - V4_MAPPED_PREFIX) };
    return { version: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === null ? null : { version: 4, value };
}

function merge<T extends number | bigint>(ranges: [T, T][]): Intervals<T> {
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const starts: T[] = [];
  const ends: T[] = [];
  for (const [start, end] of ranges) {
    const last = ends.length - 1;
    const lastEnd = ends[last];
    if (lastEnd !== undefined && start <= lastEnd) {
      if (end > lastEnd) ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
  return { starts, ends };
}

/** Compiles entries like `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`; malformed entries are skipped. */
export function compileIpRanges(entries: readonly string[]): IpRangeList {
  const v4: [number, number][] = [];
  const v6: [bigint, bigint][] = [];
  for (const entry of entries) {
    const [address = '', prefixText] = entry.trim().split('/');
    const ip = parseIp(address);
    if (ip === null) continue;
    const bits = address.includes(':') ? 128 : 32;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) continue;
    if (ip.version === 4) {
      // A mapped address written in IPv6 form carries a 128-bit prefix: keep its low 32 bits.
      const v4Prefix = bits === 128 ? Math.max(0, prefix - 96) : prefix;
      const size = 2 ** (32 - v4Prefix);
      const start = Math.floor(ip.value / size) * size;
      v4.push([start, start + size - 1]);
    } else {
      const hostBits = BigInt(128 - prefix);
      const start = (ip.value >> hostBits) << hostBits;
      v6.push([start, start + (1n << hostBits) - 1n]);
    }
  }
  return { v4: merge(v4), v6: merge(v6) };
}

function within<T extends number | bigint>(intervals: Intervals<T>, value: T): boolean {
  let low = 0;
  let high = intervals.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = intervals.starts[middle];
    const end = intervals.ends[middle];
    if (start === undefined || end === undefined) return false;
    if (value < start) high = middle - 1;
    else if (value > end) low = middle + 1;
    else return true;
  }
  return false;
}

export function ipInRanges(ranges: IpRangeList, ip: string): boolean {
  if (ranges.v4.starts.length === 0 && ranges.v6.starts.length === 0) return false;
  const parsed = parseIp(ip);
  if (parsed === null) return false;
  return parsed.version === 4 ? within(ranges.v4, parsed.value) : within(ranges.v6, parsed.value);
}

const compiled = new WeakMap<readonly string[], IpRangeList>();

/** `ipInRanges` over a list compiled once per list object. */
export function ipInList(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return false;
  let ranges = compiled.get(entries);
  if (ranges === undefined) {
    ranges = compileIpRanges(entries);
    compiled.set(entries, ranges);
  }
  return ipInRanges(ranges, ip);
}
