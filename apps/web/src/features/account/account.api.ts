import { useQuery } from '@tanstack/react-query';
import {
  zAccountUser,
  zAccountUsers,
  zLabel,
  type zLabelBody,
  zLabels,
  zLoginAccessSettings,
  type zLoginAccessUpdate,
  zRoles,
  zSettings,
  type zSettingsUpdate,
} from '@veracity/contracts/account';
import { type ChangePasswordBody, zTokenResponse } from '@veracity/contracts/auth';
import { api, apiRequest } from '../../lib/api-client';
import { SESSION_PATHS } from '../session/session-paths';

/** Types of the request bodies, read from the contracts' schemas (web imports contracts only). */
export type SettingsUpdate = ReturnType<typeof zSettingsUpdate.parse>;
export type LabelBody = ReturnType<typeof zLabelBody.parse>;
export type LoginAccessSettings = ReturnType<typeof zLoginAccessSettings.parse>;
export type LoginAccessUpdate = ReturnType<typeof zLoginAccessUpdate.parse>;

export const settingsQueryKey = ['/me/settings'] as const;
export const accountUsersQueryKey = ['/account/users'] as const;
export const rolesQueryKey = ['/list-roles'] as const;
export const labelsQueryKey = ['/account/labels'] as const;
export const loginAccessQueryKey = ['/account/access-login-settings'] as const;

/** The two traffic IP lists: always legitimate (whitelist) and always invalid (blacklist). */

export const settingsQuery = {
  queryKey: settingsQueryKey,
  queryFn: () => api.get(SESSION_PATHS.settings, { schema: zSettings }),
};

export function useSettings() {
  return useQuery(settingsQuery);
}

export function updateSettings(body: SettingsUpdate) {
  return api.put(SESSION_PATHS.settings, body, { schema: zSettings });
}

/** POST /auth/password/change answers with the new session token. */
export function changePassword(body: ChangePasswordBody) {
  return api.post('/auth/password/change', body, { schema: zTokenResponse });
}

/** POST /auth/logout-everywhere ends every session of the person, this one included (204). */
export function logOutEverywhere() {
  return api.post('/auth/logout-everywhere');
}

export function useAccountUsers(enabled = true) {
  return useQuery({
    queryKey: accountUsersQueryKey,
    queryFn: () => api.get('/account/users', { schema: zAccountUsers }),
    enabled,
  });
}

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: rolesQueryKey,
    queryFn: () => api.get('/list-roles', { schema: zRoles }),
    enabled,
  });
}

export function inviteUser(body: { email: string; roleIds: number[] }) {
  return api.post('/account/invite', body, { schema: zAccountUser });
}

export function grantRoles(userId: number, roleIds: number[]) {
  return api.put(`/account/users/${userId}`, { roleIds }, { schema: zAccountUser });
}

/** Revokes the given roles, or every role (the user loses access) when roleIds is omitted. */
export function revokeRoles(userId: number, roleIds?: number[]) {
  return apiRequest(`/account/users/${userId}`, {
    method: 'DELETE',
    body: roleIds ? { roleIds } : {},
  });
}

export function useLabels() {
  return useQuery({
    queryKey: labelsQueryKey,
    queryFn: () => api.get('/account/labels', { schema: zLabels }),
  });
}

export function createLabel(body: LabelBody) {
  return api.post('/account/labels', body, { schema: zLabel });
}

export function updateLabel(id: number, body: LabelBody) {
  return api.put(`/account/labels/${id}`, body, { schema: zLabel });
}

export function deleteLabel(id: number) {
  return api.delete(`/account/labels/${id}`);
}

export function useLoginAccess(enabled = true) {
  return useQuery({
    queryKey: loginAccessQueryKey,
    queryFn: () => api.get('/account/access-login-settings', { schema: zLoginAccessSettings }),
    enabled,
  });
}

export function updateLoginAccess(body: LoginAccessUpdate) {
  return api.put('/account/access-login-settings', body, { schema: zLoginAccessSettings });
}
