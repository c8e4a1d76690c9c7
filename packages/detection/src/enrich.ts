import type { Enrichment, RequestFacts } from '@veracity/contracts/detection';
import type { IpIntelligence } from './ip/ip-intelligence.js';
import { parseUserAgentCached } from './user-agent.js';

/**
 * The enrichment of a request: what IP intelligence knows about the address and the dashboard's
 * browser, OS and device names for the user agent (parsed once per distinct agent, cached).
 * Carrier is left null: the shipped data names organisations, not mobile carriers.
 */
export function enrich(
  request: Pick<RequestFacts, 'ip' | 'userAgent'>,
  ipIntelligence: IpIntelligence,
): Enrichment {
  const ip = ipIntelligence.lookup(request.ip);
  const agent = parseUserAgentCached(request.userAgent);
  return {
    country: ip.country,
    asn: ip.asn,
    organisation: ip.organisation,
    hosting: ip.hosting,
    hostingKind: ip.hostingKind ?? null,
    isp: ip.hosting ? null : ip.organisation,
    carrier: null,
    browser: agent.browser,
    browserVersion: agent.browserVersion,
    os: agent.os,
    osVersion: agent.osVersion,
    device: agent.device,
  };
}
