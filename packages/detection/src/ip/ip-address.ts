// Text to numbers for IPv4 and IPv6 addresses, without building strings or arrays: the parser reads
// char codes and writes the address into a caller's Uint32Array. It is strict: no zone ids
// (`fe80::1%eth0`), no leading zeros in IPv4 parts (octal in some parsers), no surrounding spaces.

/** What `parseIp` found: not an address, an IPv4 address in `out[0]`, or an IPv6 address in `out[0..3]`. */
export const NOT_AN_ADDRESS = 0;
export const IPV4 = 4;
export const IPV6 = 6;
export type AddressKind = typeof NOT_AN_ADDRESS | typeof IPV4 | typeof IPV6;

/** Longest text form: `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`. */
const MAX_LENGTH = 45;
const COLON = 58;
const DOT = 46;

/** The eight 16-bit groups of the IPv6 address being parsed; module-level so parsing allocates nothing. */
const groups = new Uint16Array(8);

/**
 * Parses `text` into `out` (length 4 or more). IPv4 addresses, and IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`, `::ffff:102:304`), give IPV4 with the address in `out[0]`; other IPv6 addresses
 * give IPV6 with the 128 bits in `out[0..3]`, most significant word first. Never throws.
 */
export function parseIp(text: string, out: Uint32Array): AddressKind {
  if (typeof text !== 'string' || text.length < 2 || text.length > MAX_LENGTH) return NOT_AN_ADDRESS;
  if (text.indexOf(':') < 0) {
    const v4 = parseIpv4(text, 0, text.length);
    if (v4 < 0) return NOT_AN_ADDRESS;
    out[0] = v4;
    return IPV4;
  }
  if (!parseIpv6(text)) return NOT_AN_ADDRESS;
  const g0 = groups[0] ?? 0;
  const g1 = groups[1] ?? 0;
  const g2 = groups[2] ?? 0;
  const g3 = groups[3] ?? 0;
  const g4 = groups[4] ?? 0;
  const g5 = groups[5] ?? 0;
  const g6 = groups[6] ?? 0;
  const g7 = groups[7] ?? 0;
  if ((g0 | g1 | g2 | g3 | g4) === 0 && g5 === 0xffff) {
    out[0] = ((g6 << 16) | g7) >>> 0;
    return IPV4;
  }
  out[0] = ((g0 << 16) | g1) >>> 0;
  out[1] = ((g2 << 16) | g3) >>> 0;
  out[2] = ((g4 << 16) | g5) >>> 0;
  out[3] = ((g6 << 16) | g7) >>> 0;
  return IPV6;
}

/** Dotted quad in `text[from, to)` as an unsigned 32-bit number, or -1. */
function parseIpv4(text: string, from: number, to: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = from; i <= to; i++) {
    const code = i === to ? DOT : text.charCodeAt(i);
    if (code === DOT) {
      if (digits === 0 || part > 255) return -1;
      value = value * 256 + part;
      parts += 1;
      part = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && part === 0) return -1; // a leading zero
      part = part * 10 + (code - 48);
      digits += 1;
      if (digits > 3) return -1;
    } else {
      return -1;
    }
  }
  return parts === 4 ? value : -1;
}

/** Fills `groups` from `text`, expanding `::` and a trailing dotted quad; false when malformed. */
function parseIpv6(text: string): boolean {
  const length = text.length;
  let count = 0;
  let gap = -1; // index in `groups` where `::` stands
  let i = 0;
  if (text.charCodeAt(0) === COLON) {
    if (text.charCodeAt(1) !== COLON) return false;
    gap = 0;
    i = 2;
    if (i === length) return fill(count, gap);
  }
  for (;;) {
    const start = i;
    let value = 0;
    while (i < length && i - start < 5) {
      const digit = hexDigit(text.charCodeAt(i));
      if (digit < 0) break;
      value = (value << 4) | digit;
      i += 1;
    }
    const digits = i - start;
    if (i < length && text.charCodeAt(i) === DOT) {
      // The last 32 bits written as a dotted quad: takes two groups and ends the address.
      if (count > 6) return false;
      const v4 = parseIpv4(text, start, length);
      if (v4 < 0) return false;
      groups[count++] = v4 >>> 16;
      groups[count++] = v4 & 0xffff;
      return fill(count, gap);
    }
    if (digits === 0 || digits > 4 || count === 8) return false;
    groups[count++] = value;
    if (i === length) return fill(count, gap);
    if (text.charCodeAt(i) !== COLON) return false;
    i += 1;
    if (text.charCodeAt(i) === COLON) {
      if (gap >= 0) return false; // a second `::`
      gap = count;
      i += 1;
      if (i === length) return fill(count, gap);
    } else if (i === length) {
      return false; // a single trailing colon
    }
  }
}

/** Moves the groups after `::` to the end and zeroes the gap; checks the group count. */
function fill(count: number, gap: number): boolean {
  if (gap < 0) return count === 8;
  if (count > 7) return false;
  const missing = 8 - count;
  for (let k = count - 1; k >= gap; k--) groups[k + missing] = groups[k] ?? 0;
  for (let k = gap; k < gap + missing; k++) groups[k] = 0;
  return true;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}
