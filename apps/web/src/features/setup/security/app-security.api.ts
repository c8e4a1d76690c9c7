import { useQuery } from '@tanstack/react-query';
import { type AppSecurityUpdate, zAppSecurity } from '@veracity/contracts/app-security';
import { api } from '../../../lib/api-client';

/** GET/PUT /api/security/apps: the allowed and blocked Android apps, and the apps seen in traffic. */
export const APP_SECURITY_PATH = '/security/apps';
export const appSecurityQueryKey = [APP_SECURITY_PATH] as const;

export function useAppSecurity() {
  return useQuery({
    queryKey: appSecurityQueryKey,
    queryFn: () => api.get(APP_SECURITY_PATH, { schema: zAppSecurity }),
  });
}

/** PUT replaces both lists. */
export function saveAppSecurity(body: AppSecurityUpdate) {
  return api.put(APP_SECURITY_PATH, body, { schema: zAppSecurity });
}
