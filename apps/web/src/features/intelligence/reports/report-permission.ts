import type { PermissionKey } from '@veracity/contracts/plans';

/**
 * Creating, running and downloading full reports takes the export permission (spec 02 §6), as the
 * server's rule does (apps/server reports.service.ts). Everyone who sees the reports screen reads it.
 */
export const REPORT_PERMISSION: PermissionKey = 'log_export_reports';
