import type {
  TrafficSource,
  zTrafficSourceCreateBody,
  zTrafficSourceUpdateBody,
} from '@veracity/contracts/firewall';
import type { z } from 'zod';
import {
  findTrafficSource,
  insertTrafficSource,
  type TrafficSourceFields,
  updateTrafficSource,
} from '../../accounts/traffic-sources.repo.js';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { audit, auditActor } from '../account/audit.js';
import { assertOwnLabels, changedFields } from './firewall-checks.js';

/** POST /api/sensors/firewall/trafficsources. */
export async function createTrafficSource(
  services: Services,
  auth: AccountAuthContext,
  body: z.output<typeof zTrafficSourceCreateBody>,
  ip: string | null,
): Promise<TrafficSource> {
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    await assertOwnLabels(trx, relationshipId, body.labelIds);
    const source = await insertTrafficSource(trx, relationshipId, body);
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'traffic_source.created',
      detail: { id: source.id, name: source.name, active: source.active },
    });
    return source;
  });
}

/**
 * PUT and PATCH /api/sensors/firewall/trafficsources/{id}: traffic_source_edit covers every field,
 * the toggles included. Another account's id answers 404.
 */
export async function updateTrafficSourceFields(
  services: Services,
  auth: AccountAuthContext,
  id: number,
  body: z.output<typeof zTrafficSourceUpdateBody>,
  ip: string | null,
): Promise<TrafficSource> {
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    const current = await findTrafficSource(trx, relationshipId, id);
    if (!current) throw ApiError.notFound('No such traffic source');
    const next: Partial<TrafficSourceFields> = body;
    const changes = changedFields(current, next);
    await assertOwnLabels(trx, relationshipId, next.labelIds, current.labelIds);
    const updated = await updateTrafficSource(trx, relationshipId, id, next);
    if (!updated) throw ApiError.notFound('No such traffic source');
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'traffic_source.updated',
      detail: { id, ...changes },
    });
    return updated;
  });
}
