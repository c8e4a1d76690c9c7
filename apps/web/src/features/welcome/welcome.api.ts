import { useQuery } from '@tanstack/react-query';
import { type Health, zHealth } from '@veracity/contracts/health';
import { api, isApiError } from '../../lib/api-client';

/**
 * GET /api/health answers 200 when every store is up and 503 with the same body otherwise; both are
 * a readable status for the welcome page.
 */
export async function fetchHealth(): Promise<Health> {
  try {
    return await api.get('/health', { schema: zHealth });
  } catch (error) {
    if (isApiError(error) && error.status === 503) {
      const degraded = zHealth.safeParse(error.body);
      if (degraded.success) return degraded.data;
    }
    throw error;
  }
}

export function useHealth() {
  return useQuery({ queryKey: ['/health', {}], queryFn: fetchHealth, refetchInterval: 30_000, retry: false });
}
