import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type Me, zMe, zPermissions, zRelationships } from '@veracity/contracts/account';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import { api } from '../../lib/api-client';
import { settingsQuery } from '../account/account.api';
import { SESSION_PATHS } from './session-paths';

export const meQueryKey = ['/me'] as const;
export const permissionsQueryKey = ['/me/permissions'] as const;
export const relationshipsQueryKey = ['/me/relationships'] as const;

/**
 * The signed-in user and, once an account is selected, that account's plan and visible views.
 * `refetchInterval` polls while it answers a number (a screen waiting for the sensor's first visit).
 */
const meQuery = { queryKey: meQueryKey, queryFn: () => api.get(SESSION_PATHS.me, { schema: zMe }) };
const permissionsQuery = {
  queryKey: permissionsQueryKey,
  queryFn: () => api.get(SESSION_PATHS.permissions, { schema: zPermissions }),
};

export function useMe(enabled = true, refetchInterval?: (me: Me | undefined) => number | false) {
  return useQuery({
    ...meQuery,
    enabled,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
  });
}

export function usePermissions(enabled = true) {
  return useQuery({ ...permissionsQuery, enabled });
}

export function useRelationships(enabled = true) {
  return useQuery({
    queryKey: relationshipsQueryKey,
    queryFn: () => api.get('/me/relationships', { schema: zRelationships }),
    enabled,
  });
}

/**
 * Asks for what every private screen needs first (the user, the permissions and, with an account
 * chosen, its settings) as the page starts, rather than after the route's code has loaded: the guard
 * and the screens then find them in the cache. A no-op without a stored session.
 */
export function prefetchSession(client: QueryClient, session: { token: boolean; account: boolean }): void {
  if (!session.token) return;
  void client.prefetchQuery(meQuery);
  void client.prefetchQuery(permissionsQuery);
  if (session.account) void client.prefetchQuery(settingsQuery);
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
