import { timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { postbackAddressOf } from '@veracity/contracts/firewall';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import type { StoredPostbackSecurity } from '../accounts/postback-security.repo.js';
import type { SecretBox } from '../integrations/oauth/secret-box.js';
import { postbackSignature } from '../postbacks/postback-secret.js';
import { signingSecretBox, signingSecretsAt } from '../postbacks/postback-signing-secrets.js';

/**
 * Who may post a conversion back (issue 34), decided here and nowhere else; the postback security
 * screen (/setup/security/postback-security, issue 40) configures it through the account's
 * {@link StoredPostbackSecurity}. A postback is accepted when
 * - it carries `sig`, the HMAC-SHA256 (hex) of its canonical query (every parameter but `sig`, sorted,
 *   URL-encoded: canonicalPostbackQuery) under one of the account's signing secrets
 *   (postback-signing-secrets.ts: the current one, derived or generated, and the previous one during
 *   a rotation's overlap), compared in constant time; or
 * - it is unsigned, the account does not require signed postbacks, and its source address (the
 *   request's, as `trustProxy` reads it) is among the allowed postback addresses: the click's traffic
 *   source's `allowedPostbackAddresses` plus the account-wide sources (an IP, a range, or a domain
 *   whose addresses are resolved).
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
  #box: SecretBox | undefined;
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
    /** The click's traffic source's allowed addresses. */
    allowedAddresses: readonly string[];
    /** The account's postback security settings (none: no sources of its own, the derived secret). */
    account?: StoredPostbackSecurity | undefined;
    /** The time the overlap of a rotated secret is measured at. */
    now?: Date;
  }): Promise<PostbackAuthResult> {
    const sig = request.params.find(([name]) => name === 'sig')?.[1];
    if (sig !== undefined) {
      if (this.#instanceSecret === undefined) {
        return { accepted: false, message: 'Signed postbacks are not accepted by this server' };
      }
      const instanceSecret = this.#instanceSecret;
      const secrets = signingSecretsAt(
        instanceSecret,
        request.relationshipId,
        request.account,
        request.now ?? new Date(),
        (sealed) => {
          this.#box ??= signingSecretBox(instanceSecret);
          return this.#box.open(sealed);
        },
      );
      // Every secret is tried, so the time taken does not tell which one matched.
      let matched = false;
      for (const secret of secrets) {
        if (signatureMatches(postbackSignature(secret, request.params), sig)) matched = true;
      }
      if (matched) return { accepted: true, by: 'signature' };
      return { accepted: false, message: 'The postback signature (sig) does not match its parameters' };
    }
    if (request.account?.requireSigned) {
      return {
        accepted: false,
        message:
          'This account accepts signed postbacks only: sign the postback (sig) with its postback secret',
      };
    }
    const allowed = [...request.allowedAddresses, ...(request.account?.sources ?? [])];
    if (await this.#addressAllowed(request.sourceIp, allowed)) {
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
