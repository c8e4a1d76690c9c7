import {
  APPS_SEEN_DAYS,
  APPS_SEEN_MAX,
  type AppSecurity,
  type zAppSecurityUpdate,
} from '@veracity/contracts/app-security';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type AppLists,
  readAppLists,
  readAppSightings,
  replaceAppList,
} from '../../accounts/app-security.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit } from '../account/audit.js';

const DAY_MS = 86_400_000;

/** GET /api/security/apps: the allowed and blocked apps and the apps seen in recent traffic. */
export async function describeAppSecurity(
  db: Kysely<Database>,
  relationshipId: number,
  now: Date,
): Promise<AppSecurity> {
  const since = new Date(now.getTime() - (APPS_SEEN_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const [lists, seen] = await Promise.all([
    readAppLists(db, relationshipId),
    readAppSightings(db, relationshipId, since, APPS_SEEN_MAX),
  ]);
  return { ...lists, seen };
}

/**
 * PUT /api/security/apps: replaces both lists, with one audit entry naming the packages added to and
 * removed from each, in the change's transaction. Ingestion reads the lists through the account
 * directory, so hits follow within its cache time.
 */
export function replaceAppSecurity(
  db: Kysely<Database>,
  actor: AuditActor,
  update: z.output<typeof zAppSecurityUpdate>,
): Promise<AppLists> {
  return db.transaction().execute(async (trx) => {
    const before = await readAppLists(trx, actor.relationshipId);
    await replaceAppList(trx, actor.relationshipId, 'allowed', update.allowed);
    await replaceAppList(trx, actor.relationshipId, 'blocked', update.blocked);
    const after = await readAppLists(trx, actor.relationshipId);
    await audit(trx, {
      ...actor,
      action: 'app_security.replaced',
      detail: {
        allowed: after.allowed.length,
        blocked: after.blocked.length,
        ...difference('allowed', before.allowed, after.allowed),
        ...difference('blocked', before.blocked, after.blocked),
      },
    });
    return after;
  });
}

/** The packages added to and removed from a list, as comma-separated text (empty sides left out). */
function difference(
  list: 'allowed' | 'blocked',
  before: readonly string[],
  after: readonly string[],
): Record<string, string> {
  const added = after.filter((entry) => !before.includes(entry));
  const removed = before.filter((entry) => !after.includes(entry));
  return {
    ...(added.length > 0 ? { [`${list}Added`]: added.join(', ') } : {}),
    ...(removed.length > 0 ? { [`${list}Removed`]: removed.join(', ') } : {}),
  };
}
