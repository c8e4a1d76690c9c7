import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceText } from '@veracity/contracts/threat-evidence';
import { ipInList } from './account-ip-lists.js';
import { type Finding, finding } from './finding.js';
import { MAX_SCORE } from './policy.js';

/**
 * Network reasons: the account's deny list, hosting networks, referrers the account excluded, and pages
 * outside the domains the account's sensor may run on.
 */

const HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i;

export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  const host = HOST.exec(referrer)?.[1];
  return host === undefined ? null : host.toLowerCase().replace(/\.$/, '');
}

const excludedSets = new WeakMap<readonly string[], Set<string>>();

function excludedSet(domains: readonly string[]): Set<string> {
  let set = excludedSets.get(domains);
  if (set === undefined) {
    set = new Set(
      domains.map((domain) =>
        domain
          .trim()
          .toLowerCase()
          .replace(/^\*?\./, '')
          .replace(/\.$/, ''),
      ),
    );
    excludedSets.set(domains, set);
  }
  return set;
}

/** True when the host is one of the domains (an excluded one, a sensor domain) or one of its subdomains. */
export function isExcludedHost(host: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return false;
  const set = excludedSet(domains);
  let candidate = host;
  for (;;) {
    if (set.has(candidate)) return true;
    const dot = candidate.indexOf('.');
    if (dot < 0) return false;
    candidate = candidate.slice(dot + 1);
  }
}

export function isAllowListed(input: {
  rules: Pick<AssessmentInput['rules'], 'ipAllowList'>;
  request: { ip: string };
}): boolean {
  return ipInList(input.rules.ipAllowList, input.request.ip);
}

export function networkFindings(input: AssessmentInput): Finding[] {
  const found: Finding[] = [];
  const { request, enrichment } = input;
  if (ipInList(input.rules.ipDenyList, request.ip)) {
    found.push(finding('network:denylisted', { ip: evidenceText(request.ip) }));
  }
  if (enrichment.hosting) {
    const organisation = enrichment.organisation === null ? null : evidenceText(enrichment.organisation);
    found.push(
      finding('network:datacenter', {
        asn: enrichment.asn,
        organisation,
        class: enrichment.hostingKind ?? 'hosting',
      }),
    );
  }
  const host = referrerHost(request.referrer);
  if (host !== null && isExcludedHost(host, input.rules.excludedDomains)) {
    found.push(finding('network:excluded_domain', { host: evidenceText(host) }));
  }
  const foreign = foreignPageHost(input);
  if (foreign !== null) {
    const weight = input.rules.foreignDomainAction === 'exclude' ? MAX_SCORE : undefined;
    found.push(finding('network:foreign_domain', { host: evidenceText(foreign) }, weight));
  }
  return found;
}

/**
 * The host of a sensor hit's page when the account lists the domains its sensor may run on and the page
 * is on none of them (nor a subdomain of one); null otherwise, and for hits of other channels (a firewall
 * click's or an S2S hit's URL is not where a copied script runs).
 */
export function foreignPageHost(
  input: Pick<AssessmentInput, 'channel' | 'request' | 'rules'>,
): string | null {
  const domains = input.rules.sensorDomains ?? [];
  if (domains.length === 0 || input.channel !== 'sensor') return null;
  const host = referrerHost(input.request.landingUrl);
  if (host === null) return null;
  return isExcludedHost(host, domains) ? null : host;
}
