import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where an outbound call to an address a customer typed may go (postbacks to traffic sources now,
 * webhooks later). The address is judged AFTER resolution: the name is resolved here, once, every
 * address it resolves to must be a public unicast one, and the caller connects to the vetted address
 * only (outbound-request.ts), so a name that answers a public address to the check and a private one
 * to the connection (DNS rebinding) never reaches the private one.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all of its addresses (the system resolver by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export type OutboundRefusal =
  /** Not an absolute URL. */
  | 'invalid_url'
  /** A scheme other than http and https. */
  | 'scheme'
  /** A user name or password in the URL. */
  | 'userinfo'
  /** The name did not resolve. */
  | 'unresolvable'
  /** The address (or one the name resolves to) is not a public unicast address. */
  | 'private_address';

/** An outbound call this module will not make: the destination is not allowed (never retried). */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface DestinationPolicy {
  /**
   * Test-only (OUTBOUND_ALLOW_LOOPBACK, refused in production): loopback addresses (127.0.0.0/8, ::1)
   * are allowed, so tests and the demo can reach a receiver on this machine. Every other private range
   * stays refused.
   */
  allowLoopback: boolean;
  resolve?: Resolver;
}

export interface Destination {
  url: URL;
  /** The host name as connected to (without the brackets of an IPv6 literal). */
  hostname: string;
  /** The one vetted address the connection goes to. */
  address: string;
  family: 4 | 6;
}

/** 2000::/3: IPv6 global unicast. Everything outside it is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address may not be called, or undefined when it is a public unicast one. IPv4-mapped IPv6
 * (::ffff:a.b.c.d) is judged as the IPv4 address it carries; NAT64, 6to4 and Teredo, which also carry
 * an IPv4 address, are refused outright, as are the documentation and benchmarking ranges.
 */
export function addressProblem(address: string, allowLoopback: boolean): string | undefined {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return 'is not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'loopback' && allowLoopback) return undefined;
  if (parsed.kind() === 'ipv4') {
    if (parsed.toString() === '169.254.169.254') return 'is the cloud metadata address';
    return range === 'unicast' ? undefined : `is a ${rangeName(range)} address`;
  }
  if (range !== 'unicast') return `is a ${rangeName(range)} address`;
  if (!parsed.match(GLOBAL_UNICAST_V6)) return 'is not a global unicast IPv6 address';
  return undefined;
}

const RANGE_NAMES: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

function rangeName(range: string): string {
  return RANGE_NAMES[range] ?? `special-purpose (${range})`;
}

/**
 * Parses and vets a URL: http(s) only, no user info, and the host (an IP literal, or a name resolved
 * here) on a public unicast address. A name must resolve to allowed addresses only: one refused
 * address among several refuses the whole name. Throws OutboundRefusedError.
 */
export async function vetDestination(rawUrl: string | URL, policy: DestinationPolicy): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundRefusedError('invalid_url', 'not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(
      'scheme',
      `the scheme ${url.protocol} is not allowed (http or https only)`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefusedError('userinfo', 'a user name or password in the URL is not allowed');
  }
  // The WHATWG parser has already turned decimal, octal and hexadecimal IPv4 forms into dotted quads.
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) !== 0) {
    const problem = addressProblem(hostname, policy.allowLoopback);
    if (problem) throw new OutboundRefusedError('private_address', `${hostname} ${problem}`);
    return { url, hostname, address: hostname, family: isIP(hostname) === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.resolve ?? systemResolver)(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new OutboundRefusedError('unresolvable', `${hostname} did not resolve (${code})`);
  }
  if (addresses.length === 0) throw new OutboundRefusedError('unresolvable', `${hostname} has no address`);
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy.allowLoopback);
    if (problem) {
      throw new OutboundRefusedError(
        'private_address',
        `${hostname} resolves to ${address}, which ${problem}`,
      );
    }
  }
  const [first] = addresses as [ResolvedAddress, ...ResolvedAddress[]];
  return { url, hostname, address: first.address, family: first.family };
}
