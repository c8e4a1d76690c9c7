import type { Role } from '@veracity/contracts/account';
import { type PermissionKey, zPermissionKey } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';

interface RoleValues {
  name: string;
  description: string;
  permissions: readonly PermissionKey[];
}

/** The id of a built-in role (one no relationship owns), undefined before it is created. */
export async function findBuiltInRoleId(db: Kysely<Database>, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('relationship_id', 'is', null)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

export async function updateBuiltInRole(db: Kysely<Database>, id: number, role: RoleValues): Promise<void> {
  await db
    .updateTable('roles')
    .set({ permissions: JSON.stringify(role.permissions), description: role.description })
    .where('id', '=', id)
    .execute();
}

export async function insertBuiltInRole(db: Kysely<Database>, role: RoleValues): Promise<number> {
  const inserted = await db
    .insertInto('roles')
    .values({
      relationship_id: null,
      name: role.name,
      description: role.description,
      permissions: JSON.stringify(role.permissions),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
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
