import type { PermissionKey } from '@veracity/contracts/plans';

/**
 * Who may create, change and delete alerts: the server's rule (apps/server alerts.service.ts; the spec
 * names no alert permission, docs/decisions.md). Everyone who can see the alerts screen may read it.
 */
export const ALERT_MANAGER_PERMISSION: PermissionKey = 'account_manage_settings';
