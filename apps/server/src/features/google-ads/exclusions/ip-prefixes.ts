import { IPV4, IPV6, parseIp } from '@veracity/detection/ip/ip-address';

/**
 * IP addresses and CIDR ranges as the exclusion planner compares them: a version, the network address
 * as a bigint and the prefix length (32 / 128 for one address). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is
 * the IPv4 address it carries. Text goes out canonical: a single address without `/32` or `/128`, IPv6
 * in the RFC 5952 form, so the same range always has the same key.
 */
export interface IpPrefix {
  version: 4 | 6;
  network: bigint;
  length: number;
  /** IPv4: the network as a number (the planner's maps use it to spare bigint work); IPv6: 0. */
  v4: number;
  /** IPv6: the first 48 bits of the network as a number (the /48 of range keys); IPv4: 0. */
  top48: number;
}

const words = new Uint32Array(4);

export function bitsOf(version: 4 | 6): number {
  return version === 4 ? 32 : 128;
}

/** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/48`; host bits are cleared; null when malformed. */
export function parsePrefix(text: string): IpPrefix | null {
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const kind = parseIp(address, words);
  if (kind !== IPV4 && kind !== IPV6) return null;
  const version = kind === IPV4 ? 4 : 6;
  let length = bitsOf(version);
  if (slash >= 0) {
    const lengthText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(lengthText)) return null;
    const written = Number(lengthText);
    // A mapped address written with an IPv6 prefix length keeps its low 32 bits.
    const mapped = version === 4 && address.includes(':');
    if (written > (mapped ? 128 : length)) return null;
    length = mapped ? Math.max(0, written - 96) : written;
  }
  if (version === 4 && length === 32) {
    const v4 = words[0] ?? 0;
    return { version, network: BigInt(v4), length, v4, top48: 0 };
  }
  const value =
    version === 4
      ? BigInt(words[0] ?? 0)
      : (BigInt(words[0] ?? 0) << 96n) |
        (BigInt(words[1] ?? 0) << 64n) |
        (BigInt(words[2] ?? 0) << 32n) |
        BigInt(words[3] ?? 0);
  return truncate(version, value, length);
}

function truncate(version: 4 | 6, value: bigint, length: number): IpPrefix {
  const host = BigInt(bitsOf(version) - length);
  const network = (value >> host) << host;
  return {
    version,
    network,
    length,
    v4: version === 4 ? Number(network) : 0,
    top48: version === 6 ? Number(network >> 80n) : 0,
  };
}

/** The IPv4 network of `v4` at `length` bits, as a number. */
export function v4NetworkAt(v4: number, length: number): number {
  return length === 0 ? 0 : ((v4 >>> (32 - length)) << (32 - length)) >>> 0;
}

/** A map key of the network of `prefix` at `length` bits: a number for IPv4, a bigint for IPv6. */
export function networkKey(prefix: IpPrefix, length: number): number | bigint {
  if (prefix.version === 4) return v4NetworkAt(prefix.v4, length);
  // Up to /48 the first 48 bits say it all, as a number.
  if (length <= 48) return Math.floor(prefix.top48 / 2 ** (48 - length));
  return networkAt(prefix, length);
}

/** The prefix of `length` bits that holds `prefix` (length at most the prefix's own). */
export function prefixAt(prefix: IpPrefix, length: number): IpPrefix {
  return truncate(prefix.version, prefix.network, Math.min(length, prefix.length));
}

/** The network part of `prefix` at `length` bits, as a map key. */
export function networkAt(prefix: IpPrefix, length: number): bigint {
  const host = BigInt(bitsOf(prefix.version) - length);
  return (prefix.network >> host) << host;
}

export function isSingleAddress(prefix: IpPrefix): boolean {
  return prefix.length === bitsOf(prefix.version);
}

/** Whether `outer` holds all of `inner`. */
export function containsPrefix(outer: IpPrefix, inner: IpPrefix): boolean {
  return (
    outer.version === inner.version &&
    outer.length <= inner.length &&
    networkAt(inner, outer.length) === outer.network
  );
}

export function lastAddress(prefix: IpPrefix): bigint {
  return prefix.network + (1n << BigInt(bitsOf(prefix.version) - prefix.length)) - 1n;
}

export function formatPrefix(prefix: IpPrefix): string {
  const address = prefix.version === 4 ? formatIpv4(prefix.v4) : formatIpv6(prefix.network);
  return isSingleAddress(prefix) ? address : `${address}/${prefix.length}`;
}

function formatIpv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** RFC 5952: lower case, no leading zeros, the first longest run of two or more zero groups as `::`. */
function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (part: number[]) => part.map((group) => group.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/**
 * A set of ranges (the never-exclude list, the prefixes with legitimate traffic) merged into sorted
 * intervals per version, asked whether a prefix overlaps any of them.
 */
export class PrefixSet {
  // IPv4 as numbers (the per-observation path), IPv6 as bigints.
  private readonly v4Starts: number[] = [];
  private readonly v4Ends: number[] = [];
  private readonly v6Starts: bigint[] = [];
  private readonly v6Ends: bigint[] = [];

  constructor(prefixes: readonly IpPrefix[]) {
    const v4 = prefixes
      .filter((prefix) => prefix.version === 4)
      .map((prefix) => [prefix.v4, Number(lastAddress(prefix))] as const);
    const v6 = prefixes
      .filter((prefix) => prefix.version === 6)
      .map((prefix) => [prefix.network, lastAddress(prefix)] as const);
    mergeInto(v4, this.v4Starts, this.v4Ends, 1);
    mergeInto(v6, this.v6Starts, this.v6Ends, 1n);
  }

  get size(): number {
    return this.v4Starts.length + this.v6Starts.length;
  }

  /** Whether any address of `prefix` is in the set. */
  overlaps(prefix: IpPrefix): boolean {
    if (prefix.version === 4) {
      if (this.v4Starts.length === 0) return false;
      const size = 2 ** (32 - prefix.length);
      return overlapsAt(this.v4Starts, this.v4Ends, prefix.v4, prefix.v4 + size - 1);
    }
    if (this.v6Starts.length === 0) return false;
    return overlapsAt(this.v6Starts, this.v6Ends, prefix.network, lastAddress(prefix));
  }
}

function mergeInto<T extends number | bigint>(
  ranges: (readonly [T, T])[],
  starts: T[],
  ends: T[],
  one: T,
): void {
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [start, end] of ranges) {
    const last = ends.length - 1;
    const lastEnd = ends[last];
    // Adjacent intervals join too (`lastEnd + 1`).
    if (lastEnd !== undefined && start <= (lastEnd as bigint) + (one as bigint)) {
      if (end > lastEnd) ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
}

/** Whether [first, last] meets one of the sorted, disjoint intervals. */
function overlapsAt<T extends number | bigint>(starts: T[], ends: T[], first: T, last: T): boolean {
  // The first interval that ends at or after `first`.
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] as T) < first) low = middle + 1;
    else high = middle;
  }
  const start = starts[low];
  return start !== undefined && start <= last;
}
