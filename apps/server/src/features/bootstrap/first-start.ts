import { FEATURE_FLAGS } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import { hashPassword, newSecret } from '../../accounts/secrets.js';
import type { Database } from '../../storage/oltp/schema.js';
import { anyRelationshipExists } from '../account/relationships.repo.js';
import { addMember, adminRoleId, createRelationship } from '../account/relationships.service.js';
import { DEMO_USER_ROLE, syncBuiltInRoles } from '../account/roles.js';
import { builtInRoleId } from '../account/roles.repo.js';
import { insertUser } from '../users/users.repo.js';
import { DEMO_VERTICAL } from './demo-peers.js';

export const DEMO_EMAIL = 'demo@veracity.example';

/** Costs per click of the demo account (EUR), so that its home dashboard shows savings. */
export const DEMO_COST_PER_CLICK: Record<string, number> = {
  google: 0.85,
  facebook: 0.6,
  microsoft: 0.7,
  tiktok: 0.4,
  pinterest: 0.5,
  linkedin: 2.5,
  twitter: 0.45,
  reddit: 0.35,
  taboola: 0.3,
  outbrain: 0.3,
  criteo: 0.55,
  yandex: 0.25,
  tradedoubler: 0.4,
};
export const DEFAULT_ADMIN_EMAIL = 'admin@veracity.example';
/** The first start's non-self-service account: every feature flag, the firewall included. */
export const ENTERPRISE_COMPANY_NAME = 'Veracity Enterprise';

export interface SeededAccounts {
  admin: { email: string; password: string; generated: boolean };
  demo: { email: string; password: string };
  relationships: { pro: number; demo: number; enterprise: number };
}

/**
 * Runs at every start: keeps the built-in roles current and, on an empty database, creates the demo
 * account (plan demo, every feature, read-only) with its demo user (the read-only role), a pro account
 * whose admin is also the instance's support user, and "Veracity Enterprise" (plan custom, not
 * self-service, every feature flag of spec 01 §3 set, the firewall included) with the same admin. The
 * accounts are created in that order (ids ascending), Enterprise last. Only on an empty database: an
 * existing DATA_DIR keeps the accounts it has (docs/integrations/firewall.md, "Veracity Enterprise").
 * Returns the credentials when it created them, so they can be printed once.
 */
export async function prepareAccounts(
  db: Kysely<Database>,
  admin: { email: string | undefined; password: string | undefined },
  demoPasswordGiven?: string,
): Promise<SeededAccounts | undefined> {
  await syncBuiltInRoles(db);
  if (await anyRelationshipExists(db)) return undefined;

  const adminPassword = admin.password ?? newSecret(12);
  const demoPassword = demoPasswordGiven ?? newSecret(9);
  const adminEmail = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);
  const relationships = await db.transaction().execute(async (trx) => {
    const adminRole = await adminRoleId(trx);
    const demo = await createRelationship(trx, {
      companyName: 'Veracity Demo',
      planType: 'demo',
      // Its benchmark compares it with the accounts of this vertical (the peers of demo-peers.ts).
      vertical: DEMO_VERTICAL,
      accountFeatures: FEATURE_FLAGS.map((name) => ({ name, value: true })),
      sensorIntegrated: true,
      defaultCpc: DEMO_COST_PER_CLICK,
    });
    const pro = await createRelationship(trx, { companyName: 'Veracity', planType: 'pro' });
    const enterprise = await createRelationship(trx, {
      companyName: ENTERPRISE_COMPANY_NAME,
      planType: 'custom',
      accountFeatures: FEATURE_FLAGS.map((name) => ({ name, value: true })),
      sensorIntegrated: true,
      defaultCpc: DEMO_COST_PER_CLICK,
    });
    const adminId = await insertUser(trx, {
      email: adminEmail,
      firstName: 'Admin',
      passwordHash: adminHash,
      emailVerified: true,
      isSupport: true,
    });
    const demoId = await insertUser(trx, {
      email: DEMO_EMAIL,
      firstName: 'Demo',
      passwordHash: demoHash,
      emailVerified: true,
    });
    await addMember(trx, { userId: adminId, relationshipId: pro, roleIds: [adminRole], joined: true });
    await addMember(trx, { userId: adminId, relationshipId: demo, roleIds: [adminRole], joined: true });
    await addMember(trx, { userId: adminId, relationshipId: enterprise, roleIds: [adminRole], joined: true });
    const demoRole = await builtInRoleId(trx, DEMO_USER_ROLE);
    await addMember(trx, { userId: demoId, relationshipId: demo, roleIds: [demoRole], joined: true });
    return { pro, demo, enterprise };
  });
  return {
    admin: { email: adminEmail, password: adminPassword, generated: admin.password === undefined },
    demo: { email: DEMO_EMAIL, password: demoPassword },
    relationships,
  };
}
