import { z } from 'zod';
import { isPostbackAddress, postbackAddressOf } from './firewall.js';

/**
 * The postback security screen (/setup/security/postback-security, view `postback`; issue 40): who
 * may post conversions back to the firewall's postback endpoint. The account-wide allowed postback
 * sources (beside each traffic source's own), "require signed postbacks", and the account's signing
 * secret, rotatable with an overlap window during which the previous secret still signs.
 */

/** The most account-wide allowed postback sources. */
export const POSTBACK_SOURCES_MAX = 500;

/** How long the previous secret keeps working after a rotation, in hours: none, 1 h, 24 h, 7 days. */
export const POSTBACK_OVERLAP_HOURS = [0, 1, 24, 168] as const;
export type PostbackOverlapHours = (typeof POSTBACK_OVERLAP_HOURS)[number];
export const POSTBACK_OVERLAP_DEFAULT_HOURS: PostbackOverlapHours = 24;

/**
 * What is wrong with one pasted source line (undefined when it is a valid source): an IPv4 or IPv6
 * address or range, a domain, or an http(s) URL whose host is one of those (spec 02 §5, "postback
 * traffic-source URL or IP").
 */
export function postbackSourceError(line: string): string | undefined {
  const value = line.trim();
  if (value === '') return 'Empty line';
  if (value.length > 2000) return 'Longer than 2000 characters';
  if (!isPostbackAddress(postbackAddressOf(value))) return 'Not an IP address, range, domain or URL';
  return undefined;
}

/**
 * The entries of a bulk paste, each with its line (1-based): one or more a line, separated by spaces,
 * commas or semicolons; blanks dropped.
 */
export function postbackSourceLines(text: string): { line: number; value: string }[] {
  return text.split(/\r?\n/).flatMap((row, index) =>
    row
      .split(/[\s,;]+/)
      .filter((value) => value !== '')
      .map((value) => ({ line: index + 1, value })),
  );
}

/** One stored source: the address a line stands for (a URL becomes its host). */
export const zPostbackSource = z
  .string()
  .max(2000)
  .transform(postbackAddressOf)
  .refine(isPostbackAddress, { message: 'Not an IP address, range, domain or URL' });

/**
 * The account's signing secret, never the secret itself: `derived` is the secret every account has
 * had since issue 34 (HKDF of the instance secret; no creation time), `generated` one a rotation
 * created. `previous` is the secret it replaced, still accepted until `expiresAt`.
 */
export const zPostbackSecretState = z.object({
  kind: z.enum(['derived', 'generated']),
  createdAt: z.string().nullable(),
  fingerprint: z.string(),
  previous: z.object({ fingerprint: z.string(), expiresAt: z.string() }).nullable(),
});
export type PostbackSecretState = z.infer<typeof zPostbackSecretState>;

/** GET /api/security/postback (and the answer of PUT). */
export const zPostbackSecurity = z.object({
  sources: z.array(z.string()),
  requireSigned: z.boolean(),
  secret: zPostbackSecretState,
  algorithm: z.literal('HMAC-SHA256'),
});
export type PostbackSecurity = z.infer<typeof zPostbackSecurity>;

/** PUT /api/security/postback: the whole list and the switch. */
export const zPostbackSecurityUpdate = z.object({
  sources: z
    .array(zPostbackSource)
    .max(POSTBACK_SOURCES_MAX)
    .transform((values) => [...new Set(values)]),
  requireSigned: z.boolean(),
});
export type PostbackSecurityUpdate = z.input<typeof zPostbackSecurityUpdate>;

/** POST /api/security/postback/rotate-secret. */
export const zRotatePostbackSecretBody = z.object({
  overlapHours: z.literal(POSTBACK_OVERLAP_HOURS).default(POSTBACK_OVERLAP_DEFAULT_HOURS),
});
export type RotatePostbackSecretBody = z.input<typeof zRotatePostbackSecretBody>;

/** The answer of a rotation: the new secret, shown this once, and the settings after it. */
export const zRotatedPostbackSecret = z.object({
  secret: z.string(),
  settings: zPostbackSecurity,
});
export type RotatedPostbackSecret = z.infer<typeof zRotatedPostbackSecret>;

/**
 * The text a postback signature (`sig`) covers: every parameter but `sig`, sorted by name then value,
 * each URL-encoded (encodeURIComponent) as name=value, joined with &. `sig` is the hex HMAC-SHA256
 * of it under the account's postback secret (the secret's UTF-8 text is the key).
 */
export function canonicalPostbackQuery(params: Iterable<readonly [string, string]>): string {
  const pairs = [...params].filter(([name]) => name !== 'sig');
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}
