import { DOMAIN_ENTRY_MESSAGE, DOMAIN_LIST_MAX, normaliseDomain } from '@veracity/contracts/domain-security';
import { type ListEntryRule, type ListLineError, parseListLines } from './list-lines';

export interface ParsedDomainLines {
  /** The normalised domains, each once, in the order pasted. */
  domains: string[];
  errors: ListLineError[];
}

export const TOO_MANY_DOMAINS = `Use at most ${DOMAIN_LIST_MAX} domains`;

const DOMAIN_RULE: ListEntryRule = {
  read: (piece) => {
    const domain = normaliseDomain(piece);
    return domain === null ? { problem: DOMAIN_ENTRY_MESSAGE } : { entry: domain };
  },
  separators: /[\s,;]+/,
  max: DOMAIN_LIST_MAX,
  tooMany: TOO_MANY_DOMAINS,
};

/** Reads a pasted list of domains: `*.` and case dropped, repeats kept once, every bad piece reported. */
export function parseDomainLines(text: string): ParsedDomainLines {
  const { entries, errors } = parseListLines(text, DOMAIN_RULE);
  return { domains: entries, errors };
}

/** True when the host is the domain or one of its subdomains (what each entry covers). */
export function coveredBy(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
