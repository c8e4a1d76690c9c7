import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceText } from '@veracity/contracts/threat-evidence';
import { ipInList } from './account-ip-lists.js';
import { type Finding, finding } from './finding.js';

/** Network reasons: the account's deny list, hosting networks, and referrers the account excluded. */

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

/** True when the host is an excluded domain or one of its subdomains. */
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
  return found;
}
