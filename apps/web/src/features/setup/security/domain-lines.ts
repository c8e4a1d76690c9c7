import { DOMAIN_ENTRY_MESSAGE, DOMAIN_LIST_MAX, normaliseDomain } from '@veracity/contracts/domain-security';

/** A line of a pasted list that is no domain: its number (from 1), what it holds and why. */
export interface DomainLineError {
  line: number;
  text: string;
  message: string;
}

export interface ParsedDomainLines {
  /** The normalised domains, each once, in the order pasted. */
  domains: string[];
  errors: DomainLineError[];
}

export const TOO_MANY_DOMAINS = `Use at most ${DOMAIN_LIST_MAX} domains`;

/**
 * Reads a pasted list: one domain a line (commas and spaces also separate), blank lines skipped,
 * `*.` and case dropped, repeats kept once; every line that is no domain is reported with its number.
 */
export function parseDomainLines(text: string): ParsedDomainLines {
  const domains: string[] = [];
  const errors: DomainLineError[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    for (const item of line.split(/[\s,;]+/)) {
      if (item === '') continue;
      const domain = normaliseDomain(item);
      if (domain === null) errors.push({ line: index + 1, text: item, message: DOMAIN_ENTRY_MESSAGE });
      else if (!domains.includes(domain)) domains.push(domain);
    }
  });
  if (domains.length > DOMAIN_LIST_MAX) errors.push({ line: 0, text: '', message: TOO_MANY_DOMAINS });
  return { domains, errors };
}

/** True when the host is the domain or one of its subdomains (what each entry covers). */
export function coveredBy(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
