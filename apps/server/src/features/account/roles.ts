import { PERMISSION_KEYS, type PermissionKey } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { findBuiltInRoleId, insertBuiltInRole, updateBuiltInRole } from './roles.repo.js';

interface BuiltInRole {
  name: string;
  description: string;
  permissions: readonly PermissionKey[];
}

const VIEW_ONLY: readonly PermissionKey[] = ['campaign_view', 'offer_view', 'traffic_source_view'];

/** The roles every account can grant (docs/api.md lists them); kept in sync at every start. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: 'Admin',
    description: 'Everything, including users, settings, IP lists and integrations.',
    permissions: PERMISSION_KEYS,
  },
  {
    name: 'Campaign manager',
    description: 'Creates and edits campaigns, offers and traffic sources; manages labels; exports reports.',
    permissions: [
      ...VIEW_ONLY,
      'campaign_create',
      'campaign_edit',
      'campaign_edit_security',
      'campaign_pause',
      'offer_create',
      'offer_edit',
      'offer_edit_targeting',
      'offer_pause',
      'traffic_source_create',
      'traffic_source_edit',
      'account_manage_labels',
      'log_export_reports',
    ],
  },
  {
    name: 'Analyst',
    description: 'Reads traffic, campaigns, offers and traffic sources; exports reports.',
    permissions: [...VIEW_ONLY, 'log_export_reports'],
  },
  {
    name: 'Viewer',
    description: 'Reads traffic, campaigns, offers and traffic sources.',
    permissions: VIEW_ONLY,
  },
];

/**
 * The read-only role (view permissions only) of the public demo user; with every change of a demo
 * refused (418) it sees the product without managing users, keys or IP lists.
 */
export const DEMO_USER_ROLE = 'Viewer';

/** Creates the built-in roles or brings their permissions up to date; returns their ids by name. */
export async function syncBuiltInRoles(db: Kysely<Database>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const role of BUILT_IN_ROLES) {
    const values = { name: role.name, description: role.description, permissions: role.permissions };
    const existing = await findBuiltInRoleId(db, role.name);
    if (existing !== undefined) await updateBuiltInRole(db, existing, values);
    ids.set(role.name, existing ?? (await insertBuiltInRole(db, values)));
  }
  return ids;
}
