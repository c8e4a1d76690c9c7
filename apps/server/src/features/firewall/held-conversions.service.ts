import type { HeldConversions, ReleaseConversionsAnswer } from '@veracity/contracts/postbacks';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { reportConversion } from '../../postbacks/conversion-postback.js';
import { insertConversionRelease, releasesAmong } from '../../postbacks/conversion-releases.repo.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { verdictThreats } from '../../verdicts/verdict.js';
import { audit, auditActor } from '../account/audit.js';
import { conversionsByIds, pausedConversions, sourceClickIds } from './held-conversions.repo.js';

/**
 * Held conversions (issue 34): the firewall stores a conversion `paused` when its campaign does not
 * deliver its tier, and sends no postback. The account lists them and may release them: a release is
 * a row of `conversion_releases` (the event store's conversion rows are immutable, so the stored row
 * keeps its facts and status), written with the traffic source's postback and the audit entry in one
 * transaction. Analytics counts a released conversion by what its release came to.
 */

class ReleasedMeanwhile extends Error {}

/** GET /api/sensors/firewall/conversions: the conversions stored paused, newest first, with their releases. */
export async function listHeldConversions(
  services: Pick<Services, 'db'>,
  events: EventStore,
  relationshipId: number,
  page: { page: number; pageSize: number },
): Promise<HeldConversions> {
  const { conversions, total } = await pausedConversions(events, relationshipId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  const releases = await releasesAmong(
    services.db,
    relationshipId,
    conversions.map((conversion) => conversion.id),
  );
  return {
    conversions: conversions.map((conversion) => {
      const release = releases.get(conversion.id);
      return {
        id: conversion.id,
        clickId: conversion.hitId,
        ts: conversion.ts,
        name: conversion.name,
        value: conversion.value,
        currency: conversion.currency,
        riskLevel: conversion.riskLevel,
        threats: verdictThreats(conversion.threats),
        campaignId: conversion.campaignId,
        offerId: conversion.offerId,
        trafficSourceId: conversion.trafficSourceId,
        releasedAt: release?.releasedAt ?? null,
        releaseStatus: release?.status ?? null,
      };
    }),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/**
 * POST /api/sensors/firewall/conversions/release: each id must be a held (paused) conversion of the
 * account, else nothing is released (400 naming the ids). A conversion released before is answered as
 * it was, and nothing is queued twice.
 */
export async function releaseHeldConversions(
  services: Pick<Services, 'db' | 'clock'>,
  events: EventStore,
  auth: AccountAuthContext,
  ids: readonly string[],
  ip: string | null,
): Promise<ReleaseConversionsAnswer> {
  const relationshipId = auth.relationship.id;
  const wanted = [...new Set(ids)];
  const found = await conversionsByIds(events, relationshipId, wanted);
  const byId = new Map(found.map((conversion) => [conversion.id, conversion]));
  const refused = wanted.flatMap((id) => {
    const conversion = byId.get(id);
    if (!conversion)
      return [{ code: 'NOT_VALID' as const, field: 'ids', value: id, message: 'No such conversion' }];
    if (conversion.status !== 'paused') {
      return [
        { code: 'NOT_VALID' as const, field: 'ids', value: id, message: 'The conversion was not held' },
      ];
    }
    return [];
  });
  if (refused.length > 0) throw ApiError.fields(refused);
  const clickIds = await sourceClickIds(
    events,
    relationshipId,
    found.flatMap((conversion) => (conversion.hitId ? [conversion.hitId] : [])),
  );
  const released: ReleaseConversionsAnswer['released'] = [];
  for (const id of wanted) {
    const conversion = byId.get(id);
    if (!conversion) continue;
    const before = (await releasesAmong(services.db, relationshipId, [id])).get(id);
    if (before) {
      released.push({ id, status: before.status, alreadyReleased: true });
      continue;
    }
    const result = await services.db
      .transaction()
      .execute(async (trx) => {
        const reported = await reportConversion(
          { db: trx, clock: services.clock },
          {
            relationshipId,
            conversionId: id,
            name: conversion.name,
            value: conversion.value,
            click: {
              id: conversion.hitId ?? '',
              clickId: conversion.hitId ? (clickIds.get(conversion.hitId) ?? null) : null,
              campaignId: conversion.campaignId,
              offerId: conversion.offerId,
              trafficSourceId: conversion.trafficSourceId,
              subPublisher: conversion.subPublisher,
              country: conversion.country,
              vars: conversion.vars,
            },
          },
        );
        const status = reported ? ('reported' as const) : ('not_reported' as const);
        const inserted = await insertConversionRelease(trx, {
          relationshipId,
          conversionId: id,
          conversionTs: new Date(conversion.ts).toISOString(),
          releasedAt: services.clock.now().toISOString(),
          releasedBy: auth.user.id,
          status,
        });
        // Released meanwhile by another request: this one's postback is rolled back with it.
        if (!inserted) throw new ReleasedMeanwhile();
        await audit(trx, {
          ...auditActor(auth, ip),
          action: 'conversion.released',
          detail: { id, status, trafficSourceId: conversion.trafficSourceId },
        });
        return { id, status, alreadyReleased: false };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof ReleasedMeanwhile)) throw error;
        const release = (await releasesAmong(services.db, relationshipId, [id])).get(id);
        return { id, status: release?.status ?? 'not_reported', alreadyReleased: true };
      });
    released.push(result);
  }
  return { released };
}
