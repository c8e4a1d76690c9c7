import type { Role } from '@veracity/contracts/account';
import { PERMISSION_KEYS, type PermissionKey, zPermissionKey } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

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
    const permissions = JSON.stringify(role.permissions);
    const existing = await db
      .selectFrom('roles')
      .select('id')
      .where('relationship_id', 'is', null)
      .where('name', '=', role.name)
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('roles')
        .set({ permissions, description: role.description })
        .where('id', '=', existing.id)
        .execute();
      ids.set(role.name, existing.id);
    } else {
      const inserted = await db
        .insertInto('roles')
        .values({
          relationship_id: null,
          name: role.name,
          description: role.description,
          permissions,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(role.name, inserted.id);
    }
  }
  return ids;
}

export async function builtInRoleId(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('relationship_id', 'is', null)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The roles a relationship can grant: the built-in ones and its own. */
export async function rolesOf(db: Kysely<Database>, relationshipId: number): Promise<Role[]> {
  const rows = await db
    .selectFrom('roles')
    .selectAll()
    .where((eb) => eb.or([eb('relationship_id', 'is', null), eb('relationship_id', '=', relationshipId)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: parsePermissions(row.permissions),
    builtIn: row.relationship_id === null,
  }));
}

function parsePermissions(text: string): PermissionKey[] {
  try {
    const values: unknown = JSON.parse(text);
    if (!Array.isArray(values)) return [];
    return values.flatMap((value) => {
      const parsed = zPermissionKey.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}
