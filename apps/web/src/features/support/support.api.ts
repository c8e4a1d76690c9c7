import { useQuery } from '@tanstack/react-query';
import { zOutboxMessages, zSupportRelationships } from '@veracity/contracts/account';
import { zLoginAsResponse } from '@veracity/contracts/auth';
import { api } from '../../lib/api-client';

export function useSupportRelationships(search: string) {
  return useQuery({
    queryKey: ['/support/relationships', { search }],
    queryFn: () => api.get('/support/relationships', { query: { search }, schema: zSupportRelationships }),
    placeholderData: (previous) => previous,
  });
}

/** Creates the login-as link of a support session in an account (written to the audit log). */
export function createLoginAsLink(relationshipId: number, role: string) {
  return api.post('/support/login-as', { relationshipId, role }, { schema: zLoginAsResponse });
}

/** GET /support/outbox: the newest 100 mails, for the instance admin only (the server enforces it). */
export function useOutbox(to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/support/outbox', { to }],
    queryFn: () => api.get('/support/outbox', { query: to ? { to } : {}, schema: zOutboxMessages }),
    enabled,
    placeholderData: (previous) => previous,
  });
}
