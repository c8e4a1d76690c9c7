import { useQuery } from '@tanstack/react-query';
import { type Me, zMe, zPermissions, zRelationships } from '@veracity/contracts/account';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import { api } from '../../lib/api-client';

export const meQueryKey = ['/me'] as const;
export const permissionsQueryKey = ['/me/permissions'] as const;
export const relationshipsQueryKey = ['/me/relationships'] as const;

/**
 * The signed-in user and, once an account is selected, that account's plan and visible views.
 * `refetchInterval` polls while it answers a number (a screen waiting for the sensor's first visit).
 */
export function useMe(enabled = true, refetchInterval?: (me: Me | undefined) => number | false) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api.get('/me', { schema: zMe }),
    enabled,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
  });
}

export function usePermissions(enabled = true) {
  return useQuery({
    queryKey: permissionsQueryKey,
    queryFn: () => api.get('/me/permissions', { schema: zPermissions }),
    enabled,
  });
}

export function useRelationships(enabled = true) {
  return useQuery({
    queryKey: relationshipsQueryKey,
    queryFn: () => api.get('/me/relationships', { schema: zRelationships }),
    enabled,
  });
}

export function canView(me: Me | undefined, view: ViewId): boolean {
  return me?.visibleViews.includes(view) ?? false;
}

export function hasPermission(
  permissions: readonly PermissionKey[] | undefined,
  key: PermissionKey,
): boolean {
  return permissions?.includes(key) ?? false;
}
