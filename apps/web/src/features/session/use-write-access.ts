import type { PermissionKey } from '@veracity/contracts/plans';
import { ERROR_MESSAGES } from '../../lib/api-errors';
import { hasPermission, useMe, usePermissions } from './session.api';

/** Whether the signed-in user may make a change, and if not, the tooltip that says why. */
export interface WriteAccess {
  allowed: boolean;
  /** Null while the user or the permissions are loading. */
  reason: string | null;
}

/** The rights the screens check, in the words of the screens. */
export const PERMISSION_NAMES: Partial<Record<PermissionKey, string>> = {
  account_manage_users: 'Manage users',
  account_manage_labels: 'Manage labels',
  account_manage_settings: 'Manage account settings',
  account_manage_ip_whitelist: 'Manage IP lists',
  account_manage_integrations: 'Manage integrations',
  campaign_view: 'View campaigns',
  campaign_create: 'Create campaigns',
  campaign_edit: 'Edit campaigns',
  campaign_pause: 'Pause campaigns',
  campaign_edit_security: 'Edit campaign security',
  offer_view: 'View offers',
  offer_create: 'Create offers',
  offer_edit: 'Edit offers',
  offer_edit_targeting: 'Edit offer targeting',
  offer_pause: 'Pause offers',
  traffic_source_view: 'View traffic sources',
  traffic_source_create: 'Create traffic sources',
  traffic_source_edit: 'Edit traffic sources',
  log_export_reports: 'Export reports',
};

export function missingPermissionText(permission: PermissionKey): string {
  return `You need the “${PERMISSION_NAMES[permission] ?? permission}” permission (${permission}) to do this.`;
}

/** Pure rule behind useWriteAccess: demo accounts change nothing (spec 01 §6), then the permission. */
export function writeAccess(
  isDemo: boolean | undefined,
  permissions: readonly PermissionKey[] | undefined,
  permission?: PermissionKey,
): WriteAccess {
  if (isDemo === undefined) return { allowed: false, reason: null };
  if (isDemo) return { allowed: false, reason: ERROR_MESSAGES.demoAccount };
  if (!permission) return { allowed: true, reason: null };
  if (permissions === undefined) return { allowed: false, reason: null };
  return hasPermission(permissions, permission)
    ? { allowed: true, reason: null }
    : { allowed: false, reason: missingPermissionText(permission) };
}

export function useWriteAccess(permission?: PermissionKey): WriteAccess {
  const me = useMe();
  const permissions = usePermissions();
  return writeAccess(me.data?.isDemo, permissions.data, permission);
}

/** Form fields are locked once a refusal is known; while loading they stay editable. */
export function isLocked(access: WriteAccess): boolean {
  return !access.allowed && access.reason !== null;
}

/** Whether the user holds a permission needed to read a list; undefined while permissions load. */
export function useHoldsPermission(permission: PermissionKey): boolean | undefined {
  const permissions = usePermissions();
  return permissions.data ? hasPermission(permissions.data, permission) : undefined;
}
