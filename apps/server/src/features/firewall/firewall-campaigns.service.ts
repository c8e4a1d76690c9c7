import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import {
  DEFAULT_SECURITY_SETTINGS,
  type FirewallCampaign,
  type zFirewallCampaignCreateBody,
  type zFirewallCampaignUpdateBody,
} from '@veracity/contracts/firewall';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type FirewallCampaignFields,
  findFirewallCampaign,
  insertFirewallCampaign,
  updateFirewallCampaign,
} from '../../accounts/firewall-campaigns.repo.js';
import { findOffer } from '../../accounts/offers.repo.js';
import { findTrafficSource } from '../../accounts/traffic-sources.repo.js';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
import { audit, auditActor } from '../account/audit.js';
import { assertMayChange, assertOwnLabels, changedFields } from './firewall-checks.js';

type CreateBody = z.output<typeof zFirewallCampaignCreateBody>;
type UpdateBody = z.output<typeof zFirewallCampaignUpdateBody>;

/** 400 naming the field when an offer or traffic source id is not one of the account's. */
async function assertOwnReferences(
  db: Kysely<Database>,
  relationshipId: number,
  fields: { offerId?: number | null; trafficSourceId?: number | null },
): Promise<void> {
  if (fields.offerId != null && !(await findOffer(db, relationshipId, fields.offerId))) {
    throw ApiError.fields([{ code: 'NOT_VALID', field: 'offerId', message: 'No such offer' }]);
  }
  if (
    fields.trafficSourceId != null &&
    !(await findTrafficSource(db, relationshipId, fields.trafficSourceId))
  ) {
    throw ApiError.fields([
      { code: 'NOT_VALID', field: 'trafficSourceId', message: 'No such traffic source' },
    ]);
  }
}

const dashed = (id: string | null | undefined) => (id ? formatGoogleAccountId(id) : id);

/**
 * POST /api/sensors/firewall. Creating a paused campaign needs campaign_pause, creating one with
 * other than the default security settings campaign_edit_security, as changing them would.
 */
export async function createFirewallCampaign(
  services: Services,
  auth: AccountAuthContext,
  body: CreateBody,
  ip: string | null,
): Promise<FirewallCampaign> {
  const fields: FirewallCampaignFields = {
    ...body,
    googleAccountId: dashed(body.googleAccountId) ?? null,
    security: { ...DEFAULT_SECURITY_SETTINGS, ...body.security },
  };
  const unlike = changedFields(
    { active: true, security: DEFAULT_SECURITY_SETTINGS },
    { active: fields.active, security: fields.security },
  );
  assertMayChange(auth, 'campaign', Object.keys(unlike));
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    await assertOwnReferences(trx, relationshipId, fields);
    await assertOwnLabels(trx, relationshipId, fields.labelIds);
    const campaign = await insertFirewallCampaign(trx, relationshipId, fields);
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'firewall_campaign.created',
      detail: { id: campaign.id, name: campaign.name, active: campaign.active },
    });
    return campaign;
  });
}

/**
 * PUT and PATCH /api/sensors/firewall/{id}: the fields given replace the stored ones (security
 * settings field by field). Each changed field needs its permission (firewall-checks.ts); another
 * account's id, or an S2S campaign's, answers 404 as one that does not exist.
 */
export async function updateFirewallCampaignFields(
  services: Services,
  auth: AccountAuthContext,
  id: number,
  body: UpdateBody,
  ip: string | null,
): Promise<FirewallCampaign> {
  const relationshipId = auth.relationship.id;
  return services.db.transaction().execute(async (trx) => {
    const current = await findFirewallCampaign(trx, relationshipId, id);
    if (!current) throw ApiError.notFound('No such campaign');
    const { security, googleAccountId, ...rest } = body;
    const next: Partial<FirewallCampaignFields> = {
      ...rest,
      ...(googleAccountId === undefined ? {} : { googleAccountId: dashed(googleAccountId) }),
      ...(security === undefined ? {} : { security: { ...current.security, ...security } }),
    };
    const changes = changedFields(current, next);
    assertMayChange(auth, 'campaign', Object.keys(changes));
    await assertOwnReferences(trx, relationshipId, next);
    await assertOwnLabels(trx, relationshipId, next.labelIds, current.labelIds);
    const updated = await updateFirewallCampaign(trx, relationshipId, id, next);
    if (!updated) throw ApiError.notFound('No such campaign');
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'firewall_campaign.updated',
      detail: { id, ...changes },
    });
    return updated;
  });
}
