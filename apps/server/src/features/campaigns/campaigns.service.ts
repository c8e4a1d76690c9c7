import {
  type Campaign,
  formatGoogleAccountId,
  type zCampaignCreateBody,
  type zCampaignUpdateBody,
} from '@veracity/contracts/campaigns';
import type { z } from 'zod';
import {
  type CampaignFields,
  findCampaign,
  insertCampaign,
  updateCampaign,
} from '../../accounts/campaigns.repo.js';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { audit, auditActor, changesOf } from '../account/audit.js';

/** Google account ids are stored the way they are shown: dashed 3-3-rest. */
function normalised<T extends { googleAccountId?: string | null }>(fields: T): T {
  return fields.googleAccountId
    ? { ...fields, googleAccountId: formatGoogleAccountId(fields.googleAccountId) }
    : fields;
}

export async function createS2sCampaign(
  services: Services,
  auth: AccountAuthContext,
  body: z.output<typeof zCampaignCreateBody>,
  ip: string | null,
): Promise<Campaign> {
  const fields: CampaignFields = normalised(body);
  // Creating a paused campaign is pausing it: it needs the pause right too.
  if (!fields.active && !auth.permissions.has('campaign_pause')) {
    throw ApiError.forbidden('You do not have permission to pause campaigns');
  }
  return services.db.transaction().execute(async (trx) => {
    const campaign = await insertCampaign(trx, auth.relationship.id, 's2s', fields);
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'campaign.created',
      detail: { id: campaign.id, name: campaign.name, active: campaign.active },
    });
    return campaign;
  });
}

/**
 * PUT /api/sensors/s2s/{id}: the route needs campaign_edit; changing `active` needs campaign_pause as
 * well. Another account's id answers 404, as one that does not exist.
 */
export async function updateS2sCampaign(
  services: Services,
  auth: AccountAuthContext,
  id: number,
  body: z.output<typeof zCampaignUpdateBody>,
  ip: string | null,
): Promise<Campaign> {
  return services.db.transaction().execute(async (trx) => {
    const current = await findCampaign(trx, auth.relationship.id, 's2s', id);
    if (!current) throw ApiError.notFound('No such campaign');
    if (
      body.active !== undefined &&
      body.active !== current.active &&
      !auth.permissions.has('campaign_pause')
    ) {
      throw ApiError.forbidden('You do not have permission to pause campaigns');
    }
    const fields = normalised(body);
    const updated = await updateCampaign(trx, auth.relationship.id, 's2s', id, fields);
    if (!updated) throw ApiError.notFound('No such campaign');
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'campaign.updated',
      detail: {
        id,
        ...changesOf(current, {
          name: fields.name,
          active: fields.active,
          hidden: fields.hidden,
          googleAccountId: fields.googleAccountId,
          googleCampaignId: fields.googleCampaignId,
          googleCampaignType: fields.googleCampaignType,
        }),
      },
    });
    return updated;
  });
}
