import { isIP } from 'node:net';

/**
 * IP addresses and CIDR ranges as the never-exclude list and the exclusions write them: IPv4 with a
 * prefix of 0-32, IPv6 of 0-128. The canonical form is the range's network address (host bits
 * cleared), then `/prefix` unless the range is a single address; IPv6 is written compressed.
 */
export interface Cidr {
  canonical: string;
  family: 4 | 6;
  prefix: number;
}

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}
function intToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

function ipv6ToBigInt(ip: string): bigint {
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = ipv4ToInt(v4[1]);
    text = `${text.slice(0, -v4[1].length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const parts = tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return parts.reduce((sum, part) => (sum << 16n) + BigInt(Number.parseInt(part || '0', 16)), 0n);
}

function bigIntToIpv6(value: bigint): string {
  const parts = Array.from({ length: 8 }, (_, index) =>
    Number((value >> BigInt((7 - index) * 16)) & 0xffffn),
  );
  // Compress the longest run of two or more zero hextets (RFC 5952).
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8; ) {
    if (parts[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && parts[end] === 0) end += 1;
    if (end - start > bestLength && end - start >= 2) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = parts.map((part) => part.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Parses an address or range; null when it is neither. */
export function parseCidr(input: string): Cidr | null {
  const [base = '', prefixText, ...rest] = input.trim().split('/');
  if (rest.length > 0) return null;
  const family = isIP(base);
  if (family !== 4 && family !== 6) return null;
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  if (family === 4) {
    const size = 2 ** (32 - prefix);
    const network = Math.floor(ipv4ToInt(base) / size) * size;
    const address = intToIpv4(network);
    return { canonical: prefix === 32 ? address : `${address}/${prefix}`, family, prefix };
  }
  const hostBits = BigInt(128 - prefix);
  const network = (ipv6ToBigInt(base) >> hostBits) << hostBits;
  const address = bigIntToIpv6(network);
  return { canonical: prefix === 128 ? address : `${address}/${prefix}`, family, prefix };
}

/**
 * Every range that holds an address, as its canonical form (the address itself, then /31, /30... up to
 * /0): what an exclusion entry's `cidr` equals when it covers the address. Empty for a non-address.
 */
export function rangesHolding(ip: string): string[] {
  const family = isIP(ip);
  if (family !== 4 && family !== 6) return [];
  const max = family === 4 ? 32 : 128;
  return Array.from({ length: max + 1 }, (_, index) => parseCidr(`${ip}/${max - index}`)?.canonical ?? '');
}
