import { useQuery } from '@tanstack/react-query';
import {
  type PostbackOverlapHours,
  type PostbackSecurityUpdate,
  zPostbackSecurity,
  zRotatedPostbackSecret,
} from '@veracity/contracts/postback-security';
import { api } from '../../../lib/api-client';

export const postbackSecurityQueryKey = ['/security/postback'] as const;

/** GET /security/postback: the sources, the switch and which secret is in use (never the secret). */
export function usePostbackSecurity() {
  return useQuery({
    queryKey: postbackSecurityQueryKey,
    queryFn: () => api.get('/security/postback', { schema: zPostbackSecurity }),
  });
}

export function updatePostbackSecurity(body: PostbackSecurityUpdate) {
  return api.put('/security/postback', body, { schema: zPostbackSecurity });
}

/** POST /security/postback/rotate-secret: answers the new secret, this once. */
export function rotatePostbackSecret(overlapHours: PostbackOverlapHours) {
  return api.post('/security/postback/rotate-secret', { overlapHours }, { schema: zRotatedPostbackSecret });
}
