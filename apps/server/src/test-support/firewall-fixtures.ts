import type { PermissionKey } from '@veracity/contracts/plans';
import { hashPassword } from '../accounts/secrets.js';
import { addMember } from '../features/account/relationships.service.js';
import { insertUser } from '../features/users/users.repo.js';
import { accountToken, createTenant, PASSWORD, type Tenant, uniqueEmail } from './fixtures.js';
import type { TestApp } from './test-app.js';

/** An account that has the firewall: flag driven (custom plan) with sensor_firewall set. */
export function createFirewallTenant(
  t: TestApp,
  options: { company?: string; vertical?: string } = {},
): Promise<Tenant> {
  return createTenant(t, {
    plan: 'custom',
    company: options.company ?? 'Firewall Co',
    features: [{ name: 'sensor_firewall', value: true }],
  }).then(async (tenant) => {
    if (options.vertical) {
      await t.stores.accounts.db
        .updateTable('relationships')
        .set({ vertical: options.vertical })
        .where('id', '=', tenant.relationshipId)
        .execute();
    }
    return tenant;
  });
}

/** A token of a new member of the account holding exactly these permissions (an account role of its own). */
export async function memberWith(
  t: TestApp,
  relationshipId: number,
  permissions: readonly PermissionKey[],
): Promise<string> {
  const db = t.stores.accounts.db;
  const role = await db
    .insertInto('roles')
    .values({
      relationship_id: relationshipId,
      name: `Only ${permissions.join(' ')} ${Math.random().toString(36).slice(2, 8)}`,
      description: 'test role',
      permissions: JSON.stringify(permissions),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = uniqueEmail('member');
  const userId = await insertUser(db, {
    email,
    firstName: 'Member',
    passwordHash: await hashPassword(PASSWORD),
    emailVerified: true,
  });
  await addMember(db, { userId, relationshipId, roleIds: [role.id], joined: true });
  return accountToken(t, { relationshipId, userId, email });
}
