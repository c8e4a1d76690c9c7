import { useQuery } from '@tanstack/react-query';
import {
  type DomainSecurityUpdate,
  zDomainSecurity,
  zSeenDomains,
} from '@veracity/contracts/domain-security';
import { api } from '../../../lib/api-client';

export const DOMAINS_PATH = '/security/domains';
export const SEEN_DOMAINS_PATH = '/security/domains/seen';
export const domainSecurityQueryKey = [DOMAINS_PATH] as const;
export const seenDomainsQueryKey = [SEEN_DOMAINS_PATH] as const;

/** The account's excluded referring domains, sensor domains and the foreign-domain switch. */
export function useDomainSecurity() {
  return useQuery({
    queryKey: domainSecurityQueryKey,
    queryFn: () => api.get(DOMAINS_PATH, { schema: zDomainSecurity }),
  });
}

/** The page and referring hosts of the account's hits of the last 30 days. */
export function useSeenDomains() {
  return useQuery({
    queryKey: seenDomainsQueryKey,
    queryFn: () => api.get(SEEN_DOMAINS_PATH, { schema: zSeenDomains }),
  });
}

/** PUT replaces both lists and the switch. */
export function saveDomainSecurity(body: DomainSecurityUpdate) {
  return api.put(DOMAINS_PATH, body, { schema: zDomainSecurity });
}
