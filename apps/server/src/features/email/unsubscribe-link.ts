import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from '../users/users.repo.js';

/**
 * The signed unsubscribe link of the performance mails (issue 39): `token` is the HMAC-SHA256 of the
 * normalised address under a key derived from the instance secret (`SECRET_KEY` or DATA_DIR's
 * secret.key) by HKDF, so nothing is stored, a restart keeps every link valid, and nobody can stop
 * another person's mail by posting their address.
 */

/** The HKDF salt and info of the key (public by design: the instance secret is the secret). */
const KEY_SALT = 'veracity/unsubscribe/v1';
const KEY_INFO = 'veracity:unsubscribe';
/** 256 bits of HMAC in base64url. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class UnsubscribeLinks {
  readonly #key: Buffer;

  constructor(
    instanceSecret: string,
    private readonly publicUrl: string,
  ) {
    this.#key = Buffer.from(hkdfSync('sha256', instanceSecret, KEY_SALT, KEY_INFO, 32));
  }

  /** The token of an address (the same for any spelling of it that normalises the same). */
  token(email: string): string {
    return createHmac('sha256', this.#key).update(normaliseEmail(email)).digest('base64url');
  }

  /** Whether `token` is the address's, compared in constant time. */
  verify(email: string, token: string): boolean {
    if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return false;
    return timingSafeEqual(Buffer.from(this.token(email)), Buffer.from(token));
  }

  /** The dashboard's unsubscribe screen for an address, signed. */
  url(email: string): string {
    const query = new URLSearchParams({ email: normaliseEmail(email), token: this.token(email) });
    return `${this.publicUrl}/performance/unsubscribe?${query.toString()}`;
  }

  /** The API endpoint a mail client posts to for one-click unsubscribe (RFC 8058). */
  oneClickUrl(email: string): string {
    const query = new URLSearchParams({ email: normaliseEmail(email), token: this.token(email) });
    return `${this.publicUrl}/api/performance/unsubscribe/one-click?${query.toString()}`;
  }
}
