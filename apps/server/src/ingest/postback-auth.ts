import { timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { postbackAddressOf } from '@veracity/contracts/firewall';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { postbackSecret, postbackSignature } from '../postbacks/postback-secret.js';

/**
 * Who may post a conversion back (issue 34), decided here and nowhere else, so that the later
 * postback security screen (/setup/security/postback-security) configures this module only. A postback
 * is accepted when
 * - its source address (the request's, as `trustProxy` reads it) is among the allowed postback
 *   addresses: the click's traffic source's `allowedPostbackAddresses` (an IP, a range, or a domain
 *   whose addresses are resolved), plus the account-wide list the caller passes (empty today); or
 * - it carries `sig`, the HMAC-SHA256 (hex) of its canonical query (every parameter but `sig`, sorted,
 *   URL-encoded: {@link canonicalPostbackQuery}) under the account's postback secret
 *   ({@link postbackSecret}), compared in constant time.
 */

function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** The address as one form: an IPv4-mapped IPv6 address is its IPv4 address. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const value = ipaddr.parse(address);
  return value.kind() === 'ipv6' && (value as ipaddr.IPv6).isIPv4MappedAddress()
    ? (value as ipaddr.IPv6).toIPv4Address()
    : value;
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, entry: string): boolean {
  try {
    if (entry.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(entry);
      return address.kind() === range.kind() && address.match([range, bits] as never);
    }
    const single = parsed(entry);
    return (
      single !== undefined && single.kind() === address.kind() && single.toString() === address.toString()
    );
  } catch {
    return false;
  }
}

export type PostbackResolver = (domain: string) => Promise<string[]>;

const systemResolver: PostbackResolver = async (domain) =>
  (await lookup(domain, { all: true })).map((entry) => entry.address);

export type PostbackAuthResult =
  | { accepted: true; by: 'address' | 'signature' }
  | { accepted: false; message: string };

export class PostbackAuth {
  readonly #instanceSecret: string | undefined;
  readonly #resolve: PostbackResolver;
  /** Domains of allowed addresses, resolved at most once a minute each. */
  readonly #resolved = new LRUCache<string, Promise<string[]>>({ max: 10_000, ttl: 60_000 });

  constructor(instanceSecret: string | undefined, resolve: PostbackResolver = systemResolver) {
    this.#instanceSecret = instanceSecret;
    this.#resolve = resolve;
  }

  /** Whether the postback may be taken (see the module's comment); the 403 message when not. */
  async check(request: {
    relationshipId: number;
    sourceIp: string;
    params: readonly (readonly [string, string])[];
    /** The click's traffic source's allowed addresses, and the account's (empty today). */
    allowedAddresses: readonly string[];
  }): Promise<PostbackAuthResult> {
    const sig = request.params.find(([name]) => name === 'sig')?.[1];
    if (sig !== undefined) {
      if (this.#instanceSecret === undefined) {
        return { accepted: false, message: 'Signed postbacks are not accepted by this server' };
      }
      const expected = postbackSignature(
        postbackSecret(this.#instanceSecret, request.relationshipId),
        request.params,
      );
      if (signatureMatches(expected, sig)) return { accepted: true, by: 'signature' };
      return { accepted: false, message: 'The postback signature (sig) does not match its parameters' };
    }
    if (await this.#addressAllowed(request.sourceIp, request.allowedAddresses)) {
      return { accepted: true, by: 'address' };
    }
    return {
      accepted: false,
      message: `Postbacks from ${request.sourceIp} are not allowed: send them from an allowed postback address of the traffic source, or sign them (sig)`,
    };
  }

  async #addressAllowed(sourceIp: string, entries: readonly string[]): Promise<boolean> {
    const address = parsed(sourceIp);
    if (!address || entries.length === 0) return false;
    const domains: string[] = [];
    for (const raw of entries) {
      const entry = postbackAddressOf(raw);
      if (ipaddr.isValid(entry.split('/')[0] ?? '')) {
        if (inRange(address, entry)) return true;
      } else {
        domains.push(entry.toLowerCase());
      }
    }
    for (const domain of domains) {
      const addresses = await this.#addressesOf(domain);
      if (addresses.some((resolved) => inRange(address, resolved))) return true;
    }
    return false;
  }

  #addressesOf(domain: string): Promise<string[]> {
    let pending = this.#resolved.get(domain);
    if (!pending) {
      pending = this.#resolve(domain).catch(() => []);
      this.#resolved.set(domain, pending);
    }
    return pending;
  }
}
