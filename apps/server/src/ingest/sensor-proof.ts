import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SensorProofState } from '@veracity/contracts/detection';

/**
 * Proof that a page view came from the script we served (issue 38): `s.js` carries a token, signed
 * with a key derived from the instance secret, and the sensor sends it back with its page view. A page
 * view without a valid token is stored as always, with `sensor:no_proof` (docs/detection.md).
 *
 * The rule that keeps a cached script valid: tokens rotate every `PROOF_ROTATION_MS` (the script's
 * `max-age`) and live `PROOF_LIFE_MS` = 3 × max-age. A script is served with the token of the period it
 * was served in, so its token is at most one period old when it leaves the server; a shared cache (a
 * CDN, a first-party proxy) and then the browser may each keep it for `max-age` more. One period plus
 * two caches is the token's life. Raising `max-age` raises both with it.
 */

/** How long browsers and shared caches may keep `s.js` (its `cache-control: max-age`), in seconds. */
export const SENSOR_SCRIPT_MAX_AGE_S = 3600;
export const PROOF_ROTATION_MS = SENSOR_SCRIPT_MAX_AGE_S * 1000;
export const PROOF_LIFE_MS = 3 * PROOF_ROTATION_MS;
/** A token dated this far ahead of our clock is accepted (servers of one instance disagree a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The HKDF salt and info of the signing key (public by design: the instance secret is the secret). */
const KEY_SALT = 'veracity/sensor-proof/v1';
const KEY_INFO = 'veracity:sensor-proof';
/** `v1.<period>.<signature>`: the period number since the epoch, 128 bits of HMAC-SHA256 in base64url. */
const TOKEN = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
const SIGNATURE_CHARS = 22;

export class SensorProofs {
  readonly #key: Buffer;

  constructor(instanceSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', instanceSecret, KEY_SALT, KEY_INFO, 32));
  }

  #signature(period: number): string {
    return createHmac('sha256', this.#key)
      .update(`v1.${period}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }

  /** The period a time falls in; the script served during it carries its token. */
  period(now: number): number {
    return Math.floor(now / PROOF_ROTATION_MS);
  }

  /** The token of the script served at `now`. */
  issue(now: number): string {
    const period = this.period(now);
    return `v1.${period}.${this.#signature(period)}`;
  }

  /** What a page view's `proof` is worth at `now`: valid, or why not. */
  check(sent: unknown, now: number): SensorProofState {
    if (sent === undefined || sent === null || sent === '') return 'missing';
    if (typeof sent !== 'string') return 'malformed';
    const match = TOKEN.exec(sent);
    if (match === null) return 'malformed';
    const period = Number(match[1]);
    const given = Buffer.from(match[2] ?? '');
    if (!timingSafeEqual(Buffer.from(this.#signature(period)), given)) return 'forged';
    const issuedAt = period * PROOF_ROTATION_MS;
    if (issuedAt > now + CLOCK_SKEW_MS) return 'forged';
    return now - issuedAt >= PROOF_LIFE_MS ? 'expired' : 'valid';
  }
}
