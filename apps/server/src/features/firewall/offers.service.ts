import {
  EMPTY_TARGETING,
  type Offer,
  type zOfferCreateBody,
  type zOfferUpdateBody,
} from '@veracity/contracts/firewall';
import type { z } from 'zod';
import { findOffer, insertOffer, type OfferFields, updateOffer } from '../../accounts/offers.repo.js';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { audit, auditActor } from '../account/audit.js';
import { assertMayChange, assertOwnLabels, assertValidTargeting, changedFields } from './firewall-checks.js';

/**
 * POST /api/sensors/firewall/offers. Creating a paused offer needs offer_pause, creating one with
 * targeting offer_edit_targeting, as changing them would.
 */
export async function createOffer(
  services: Services,
  auth: AccountAuthContext,
  body: z.output<typeof zOfferCreateBody>,
  ip: string | null,
): Promise<Offer> {
  const fields: OfferFields = { ...body, targeting: { ...EMPTY_TARGETING, ...body.targeting } };
  const unlike = changedFields(
    { active: true, targeting: EMPTY_TARGETING },
    { active: fields.active, targeting: fields.targeting },
  );
  assertMayChange(auth, 'offer', Object.keys(unlike));
  assertValidTargeting(auth, fields.targeting);
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    await assertOwnLabels(trx, relationshipId, fields.labelIds);
    const offer = await insertOffer(trx, relationshipId, fields);
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'offer.created',
      detail: { id: offer.id, name: offer.name, active: offer.active },
    });
    return offer;
  });
}

/**
 * PUT and PATCH /api/sensors/firewall/offers/{id}: the fields given replace the stored ones
 * (targeting list by list). Each changed field needs its permission; another account's id answers 404.
 */
export async function updateOfferFields(
  services: Services,
  auth: AccountAuthContext,
  id: number,
  body: z.output<typeof zOfferUpdateBody>,
  ip: string | null,
): Promise<Offer> {
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    const current = await findOffer(trx, relationshipId, id);
    if (!current) throw ApiError.notFound('No such offer');
    const { targeting, ...rest } = body;
    const next: Partial<OfferFields> = {
      ...rest,
      ...(targeting === undefined ? {} : { targeting: { ...current.targeting, ...targeting } }),
    };
    const changes = changedFields(current, next);
    assertMayChange(auth, 'offer', Object.keys(changes));
    if (next.targeting) assertValidTargeting(auth, next.targeting);
    await assertOwnLabels(trx, relationshipId, next.labelIds, current.labelIds);
    const updated = await updateOffer(trx, relationshipId, id, next);
    if (!updated) throw ApiError.notFound('No such offer');
    await audit(trx, { ...auditActor(auth, ip), action: 'offer.updated', detail: { id, ...changes } });
    return updated;
  });
}
