import { useQuery } from '@tanstack/react-query';
import { zApiKeys, zCreatedApiKey } from '@veracity/contracts/account';
import { api, apiRequest } from '../../lib/api-client';

export const apiKeysQueryKey = ['/me/keys'] as const;

export function useApiKeys(enabled = true) {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: () => api.get('/me/keys', { schema: zApiKeys }),
    enabled,
  });
}

/** The answer carries the full key, which the server never returns again. */
export function createApiKey(name: string) {
  return api.post('/me/keys', { name }, { schema: zCreatedApiKey });
}

/** DELETE /me/keys names the key in its body (spec 01 §7: "delete body: key"). */
export function deleteApiKey(id: number) {
  return apiRequest('/me/keys', { method: 'DELETE', body: { key: id } });
}
