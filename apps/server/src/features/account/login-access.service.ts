import type { zLoginAccessSettings, zLoginAccessUpdate } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { audit, changesOf } from './audit.js';
import { readIpList, replaceIpList } from './ip-lists.repo.js';
import { setLoginIpCheck } from './relationships.repo.js';

type LoginAccessSettings = z.infer<typeof zLoginAccessSettings>;

/** The account's login IP allow-list and whether logins are checked against it (spec 01 §7, access). */
export async function loginAccessSettings(
  db: Kysely<Database>,
  relationshipId: number,
  enabled: boolean,
): Promise<LoginAccessSettings> {
  return { enabled, entries: await readIpList(db, relationshipId, 'login_allow') };
}

export async function updateLoginAccess(
  db: Kysely<Database>,
  auth: AccountAuthContext,
  update: z.infer<typeof zLoginAccessUpdate>,
  ip: string,
): Promise<LoginAccessSettings> {
  const { enabled, entries } = update;
  // An empty allow-list would send every login of the account to the admins for approval.
  if (enabled && entries.length === 0) throw ApiError.fields([{ code: 'REQUIRED', field: 'entries' }]);
  const before = { enabled: auth.relationship.loginIpCheck };
  await db.transaction().execute(async (trx) => {
    await replaceIpList(trx, auth.relationship.id, 'login_allow', entries);
    await setLoginIpCheck(trx, auth.relationship.id, enabled);
    await audit(trx, {
      actorUserId: auth.user.id,
      relationshipId: auth.relationship.id,
      action: 'login_access.updated',
      detail: { enabled, entries: entries.length, ...changesOf(before, { enabled }) },
      ip,
    });
  });
  return loginAccessSettings(db, auth.relationship.id, enabled);
}
