import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (OAuth refresh and access tokens first): AES-256-GCM under a key derived from
 * the instance secret (config.secretKey) by HKDF-SHA256, one key per purpose, so a key of one use never
 * opens another's values. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url parts): the version
 * names the key derivation, so a later rotation adds `v2` and still opens `v1` until values are
 * re-sealed. The purpose is also bound as additional data: a value moved to another column fails.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;
/** Fixed HKDF salt of version 1 (public by design: the instance secret is the secret). */
const SALT_V1 = 'veracity/secret-box/v1';

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

function deriveKey(instanceSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', instanceSecret, SALT_V1, `veracity:${purpose}`, KEY_BYTES));
}

/** A box for one purpose (e.g. `oauth:google_ads:refresh`) under the instance secret. */
export function createSecretBox(instanceSecret: string, purpose: string): SecretBox {
  if (instanceSecret.length < 32) throw new SecretBoxError('the instance secret is too short');
  const key = deriveKey(instanceSecret, purpose);
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    open(sealed) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError('not a sealed value of a known version');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aad);
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('the sealed value does not open with this secret and purpose');
      }
    },
  };
}
