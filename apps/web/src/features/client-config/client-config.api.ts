import { useQuery } from '@tanstack/react-query';
import { CLIENT_CONFIG_PATH, type ClientConfig, zClientConfig } from '@veracity/contracts/client-config';
import { api } from '../../lib/api-client';

/** Nothing outside configured: errors go to the server, no chat. What a failed read falls back to. */
export const NO_OUTSIDE_SERVICES: ClientConfig = {
  errorTracking: null,
  supportChat: null,
  billing: { provider: 'builtin' },
  tagManager: null,
  conversionTracking: null,
};

let loading: Promise<ClientConfig> | null = null;

/**
 * The installation's settings for the dashboard (GET /api/client-config), read once a page: the
 * error tracker's DSN and the support chat are given at run time, never baked into the build.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  loading ??= api.get(CLIENT_CONFIG_PATH, { schema: zClientConfig }).catch(() => {
    loading = null; // a later caller asks again
    return NO_OUTSIDE_SERVICES;
  });
  return loading;
}

/** Forgets the loaded settings (tests). */
export function forgetClientConfig(): void {
  loading = null;
}

export const clientConfigQueryKey = [CLIENT_CONFIG_PATH] as const;

export function useClientConfig(enabled = true) {
  return useQuery({
    queryKey: clientConfigQueryKey,
    queryFn: loadClientConfig,
    staleTime: Infinity,
    enabled,
  });
}
