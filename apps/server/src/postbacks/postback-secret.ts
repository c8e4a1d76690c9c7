import { createHmac, hkdfSync } from 'node:crypto';
import { canonicalPostbackQuery } from '@veracity/contracts/postback-security';

/** The text a postback signature covers (one rule, shared with the dashboard's signing help). */
export { canonicalPostbackQuery };

/**
 * The account's postback signing secret and the signature of a postback (issue 34): the advertiser's
 * endpoint checks it (ingest/postback-auth.ts), the dashboard shows the secret to the account's admins.
 */

/** The HKDF salt and info prefix of postback secrets (public by design: the instance secret is the secret). */
const SECRET_SALT = 'veracity/postback-secret/v1';
const SECRET_BYTES = 32;

/**
 * The account's postback secret: derived from the instance secret (`SECRET_KEY` or DATA_DIR's
 * secret.key) by HKDF-SHA256, one per account, so nothing is stored and a restart keeps it. The
 * advertiser signs with this text (its UTF-8 bytes are the HMAC key).
 */
export function postbackSecret(instanceSecret: string, relationshipId: number): string {
  return Buffer.from(
    hkdfSync('sha256', instanceSecret, SECRET_SALT, `veracity:postback:${relationshipId}`, SECRET_BYTES),
  ).toString('base64url');
}

/** The signature of a postback's parameters (what `sig` must be): hex HMAC-SHA256. */
export function postbackSignature(secret: string, params: Iterable<readonly [string, string]>): string {
  return createHmac('sha256', secret).update(canonicalPostbackQuery(params)).digest('hex');
}
