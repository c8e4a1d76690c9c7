import { z } from 'zod';
import { DOMAIN_PATTERN } from './firewall.js';

/**
 * The domain security screen (/setup/security/domain-security, view `domain_exclusions`): the referring
 * domains whose traffic the account excludes (`network:excluded_domain`), the domains its sensor may run
 * on (`network:foreign_domain` elsewhere) and what a hit on a foreign domain becomes. A domain always
 * covers its subdomains; a leading `*.` is accepted and dropped, so `*.shop.example` and `shop.example`
 * are the same entry (docs/security-settings.md).
 */

export const DOMAIN_LISTS = ['excluded_referrer', 'sensor'] as const;
export type DomainList = (typeof DOMAIN_LISTS)[number];

/** What a hit on a page outside the sensor domains becomes: suspicious (flag) or invalid (exclude). */
export const FOREIGN_DOMAIN_ACTIONS = ['flag', 'exclude'] as const;
export const zForeignDomainAction = z.enum(FOREIGN_DOMAIN_ACTIONS);
export type ForeignDomainAction = z.infer<typeof zForeignDomainAction>;

/** At most this many entries a list. */
export const DOMAIN_LIST_MAX = 1000;
/** The seen-domains list covers this many days and lists at most this many hosts a kind. */
export const SEEN_DOMAINS_DAYS = 30;
export const SEEN_DOMAINS_LIMIT = 100;

export const DOMAIN_ENTRY_MESSAGE = 'Enter a domain such as shop.example.com or *.shop.example.com';

/**
 * The entry a typed domain stands for: trimmed, lower-case, without a leading `*.` or a trailing dot;
 * null when it is no domain of the spec 02 §5 pattern (labels, a suffix of 2 to 11 letters).
 */
export function normaliseDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  return DOMAIN_PATTERN.test(domain) ? domain : null;
}

/** A domain as typed; parses to its normalised entry, refused (400) when it is none. */
export const zDomainEntry = z
  .string()
  .max(260)
  .transform((value, context) => {
    const domain = normaliseDomain(value);
    if (domain === null) {
      context.addIssue({ code: 'custom', message: DOMAIN_ENTRY_MESSAGE });
      return z.NEVER;
    }
    return domain;
  });

const zSavedDomain = z.object({ value: z.string(), createdAt: z.string() });
export type SavedDomain = z.infer<typeof zSavedDomain>;

/** GET /api/security/domains. */
export const zDomainSecurity = z.object({
  excludedReferrers: z.array(zSavedDomain),
  sensorDomains: z.array(zSavedDomain),
  foreignDomainAction: zForeignDomainAction,
});
export type DomainSecurity = z.infer<typeof zDomainSecurity>;

/** PUT /api/security/domains: both lists replaced as sent (duplicates kept once) and the switch. */
export const zDomainSecurityUpdate = z.object({
  excludedReferrers: z.array(zDomainEntry).max(DOMAIN_LIST_MAX),
  sensorDomains: z.array(zDomainEntry).max(DOMAIN_LIST_MAX),
  foreignDomainAction: zForeignDomainAction,
});
export type DomainSecurityUpdate = z.input<typeof zDomainSecurityUpdate>;

const zSeenHost = z.object({ host: z.string(), hits: z.number().int().min(0) });
export type SeenHost = z.infer<typeof zSeenHost>;

/** GET /api/security/domains/seen: page and referring hosts of the last 30 days, most hits first. */
export const zSeenDomains = z.object({
  days: z.number().int(),
  pages: z.array(zSeenHost),
  referrers: z.array(zSeenHost),
});
export type SeenDomains = z.infer<typeof zSeenDomains>;
