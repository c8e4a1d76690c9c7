import type { DomainSecurity, zDomainSecurityUpdate } from '@veracity/contracts/domain-security';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  readDomainList,
  readForeignDomainAction,
  replaceDomainList,
  writeForeignDomainAction,
} from '../../accounts/domain-security.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit, changesOf } from '../account/audit.js';

/** The account's domain security settings (GET /api/security/domains). */
export async function domainSecurity(db: Kysely<Database>, relationshipId: number): Promise<DomainSecurity> {
  const [excludedReferrers, sensorDomains, foreignDomainAction] = await Promise.all([
    readDomainList(db, relationshipId, 'excluded_referrer'),
    readDomainList(db, relationshipId, 'sensor'),
    readForeignDomainAction(db, relationshipId),
  ]);
  return { excludedReferrers, sensorDomains, foreignDomainAction };
}

const added = (before: readonly string[], after: readonly string[]) =>
  after.filter((value) => !before.includes(value));

/**
 * Replaces both lists and the switch, with one audit entry naming the domains added to and removed from
 * each list and the switch's change. The route announces the change to the collector
 * (`services.accountChanges`).
 */
export async function updateDomainSecurity(
  db: Kysely<Database>,
  actor: AuditActor,
  update: z.output<typeof zDomainSecurityUpdate>,
): Promise<DomainSecurity> {
  const { relationshipId } = actor;
  const excluded = [...new Set(update.excludedReferrers)];
  const sensor = [...new Set(update.sensorDomains)];
  await db.transaction().execute(async (trx) => {
    const before = await domainSecurity(trx, relationshipId);
    const excludedBefore = before.excludedReferrers.map((entry) => entry.value);
    const sensorBefore = before.sensorDomains.map((entry) => entry.value);
    await replaceDomainList(trx, relationshipId, 'excluded_referrer', excluded);
    await replaceDomainList(trx, relationshipId, 'sensor', sensor);
    await writeForeignDomainAction(trx, relationshipId, update.foreignDomainAction);
    await audit(trx, {
      actorUserId: actor.actorUserId,
      relationshipId,
      action: 'domain_security.updated',
      detail: {
        excludedReferrers: excluded.length,
        excludedAdded: added(excludedBefore, excluded).join(', ') || null,
        excludedRemoved: added(excluded, excludedBefore).join(', ') || null,
        sensorDomains: sensor.length,
        sensorAdded: added(sensorBefore, sensor).join(', ') || null,
        sensorRemoved: added(sensor, sensorBefore).join(', ') || null,
        ...changesOf(
          { foreignDomainAction: before.foreignDomainAction },
          { foreignDomainAction: update.foreignDomainAction },
        ),
      },
      ip: actor.ip,
    });
  });
  return domainSecurity(db, relationshipId);
}
