import { useQuery } from '@tanstack/react-query';
import { zSupportRelationships } from '@veracity/contracts/account';
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
