import { createHash } from 'node:crypto';
import { newSecret } from '../accounts/secrets.js';
import { createSecretBox, type SecretBox, SecretBoxError } from '../integrations/oauth/secret-box.js';
import { postbackSecret } from './postback-secret.js';

/**
 * The account's postback signing secrets (issue 40, docs/security-settings.md "Postback security").
 * Until its first rotation an account signs with its derived secret ({@link postbackSecret}: what
 * advertisers have used since issue 34). A rotation generates a random secret, kept sealed under the
 * instance secret (secret-box.ts), and keeps the one it replaced (the derived one, the first time)
 * sealed beside it until the overlap window ends: while it lasts, a `sig` under either is accepted.
 */

const BOX_PURPOSE = 'postback:signing-secret';

/** The stored secrets of an account (sealed), as the accounts store keeps them. */
export interface StoredSigningSecrets {
  secretSealed: string | null;
  previousSealed: string | null;
  previousExpiresAt: string | null;
}

/** Opens a sealed secret (the box is made only when a sealed secret is there to open). */
export type Opener = (sealed: string) => string;

export function signingSecretBox(instanceSecret: string): SecretBox {
  return createSecretBox(instanceSecret, BOX_PURPOSE);
}

/** A new random secret of 256 bits (base64url text, its UTF-8 bytes the HMAC key like the derived one's). */
export function newPostbackSigningSecret(): string {
  return newSecret(32);
}

/** A short, non-reversible name of a secret to tell two apart on screen: 12 hex digits of its SHA-256. */
export function secretFingerprint(secret: string): string {
  const hex = createHash('sha256').update(`veracity:postback-fingerprint:${secret}`).digest('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

/**
 * The account's current secret: the generated one when it has one, else the derived one. Undefined
 * when the stored one no longer opens (the instance secret changed): nothing signs until a rotation.
 */
export function currentSigningSecret(
  instanceSecret: string,
  relationshipId: number,
  stored: StoredSigningSecrets | undefined,
  open: Opener = (sealed) => signingSecretBox(instanceSecret).open(sealed),
): string | undefined {
  return stored?.secretSealed
    ? opened(open, stored.secretSealed)
    : postbackSecret(instanceSecret, relationshipId);
}

function opened(open: Opener, sealed: string): string | undefined {
  try {
    return open(sealed);
  } catch (error) {
    if (error instanceof SecretBoxError) return undefined;
    throw error;
  }
}

/** Whether the previous secret still signs at `now`. */
export function previousStillValid(stored: StoredSigningSecrets | undefined, now: Date): boolean {
  return (
    !!stored?.previousSealed &&
    stored.previousExpiresAt !== null &&
    new Date(stored.previousExpiresAt).getTime() > now.getTime()
  );
}

/**
 * Every secret a postback of the account may be signed with at `now`: the current one, and the
 * previous one during its overlap (those that still open).
 */
export function signingSecretsAt(
  instanceSecret: string,
  relationshipId: number,
  stored: StoredSigningSecrets | undefined,
  now: Date,
  open: Opener = (sealed) => signingSecretBox(instanceSecret).open(sealed),
): string[] {
  const secrets = [currentSigningSecret(instanceSecret, relationshipId, stored, open)];
  if (stored?.previousSealed && previousStillValid(stored, now))
    secrets.push(opened(open, stored.previousSealed));
  return secrets.filter((secret): secret is string => secret !== undefined);
}
