import { MVAS_VERTICAL } from '@veracity/contracts/account';
import { findCarrier } from '@veracity/contracts/analytics/reference/carriers';
import { findCountry } from '@veracity/contracts/analytics/reference/countries';
import type { ErrorItem } from '@veracity/contracts/errors';
import type { OfferTargeting } from '@veracity/contracts/firewall';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { AuditChange } from '../account/audit.js';
import { listLabels } from '../account/labels.repo.js';

/**
 * The rules every firewall write shares: which permission each field needs beyond the route's own
 * (issue 34: the active toggle needs the pause right, the hidden toggle the edit right, security
 * settings campaign_edit_security, offer targeting offer_edit_targeting), and that every id a body
 * names (labels, offers, traffic sources) is the account's own.
 */

export type FirewallEntity = 'campaign' | 'offer' | 'trafficSource';

const FIELD_PERMISSIONS: Record<FirewallEntity, Partial<Record<string, PermissionKey>>> = {
  campaign: { active: 'campaign_pause', hidden: 'campaign_edit', security: 'campaign_edit_security' },
  offer: { active: 'offer_pause', hidden: 'offer_edit', targeting: 'offer_edit_targeting' },
  trafficSource: { active: 'traffic_source_edit', hidden: 'traffic_source_edit' },
};

/** The permission a field of an entity needs, or undefined when the route's permission is enough. */
export function fieldPermission(entity: FirewallEntity, field: string): PermissionKey | undefined {
  return FIELD_PERMISSIONS[entity][field];
}

/**
 * Refuses a change of fields the caller may not change: 403 listing each field with its message
 * (spec 01 §8, a 403 on a campaign PUT shows "Error occurred" with each message and field name).
 */
export function assertMayChange(
  auth: AccountAuthContext,
  entity: FirewallEntity,
  fields: readonly string[],
): void {
  const refused: ErrorItem[] = fields.flatMap((field) => {
    const permission = fieldPermission(entity, field);
    if (!permission || auth.permissions.has(permission)) return [];
    return [{ code: 'NOT_VALID', field, message: `You do not have permission to change ${field}` }];
  });
  if (refused.length > 0) throw new ApiError(403, refused);
}

type Comparable = string | number | boolean | null | object;

function same(a: Comparable | undefined, b: Comparable | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields of `next` that differ from `current`, old -> new for the audit log (lists and settings
 * as JSON text). Fields `next` leaves out are not changes.
 */
export function changedFields(current: object, next: object): Record<string, AuditChange> {
  const before = current as Record<string, Comparable | undefined>;
  const audited = (v: Comparable | undefined) =>
    v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
  const changes: Record<string, AuditChange> = {};
  for (const [field, value] of Object.entries(next) as [string, Comparable | undefined][]) {
    if (value === undefined || same(before[field], value)) continue;
    changes[field] = { from: audited(before[field]), to: audited(value) };
  }
  return changes;
}

/**
 * 400 naming `labelIds` when a label id is not one of the account's labels. Ids the item already
 * carries (`kept`) pass: a label deleted since stays on the item until it is saved without it.
 */
export async function assertOwnLabels(
  db: Kysely<Database>,
  relationshipId: number,
  labelIds: readonly number[] | undefined,
  kept: readonly number[] = [],
): Promise<void> {
  const added = (labelIds ?? []).filter((id) => !kept.includes(id));
  if (added.length === 0) return;
  const own = new Set((await listLabels(db, relationshipId)).map((label) => label.id));
  if (added.some((id) => !own.has(id))) {
    throw ApiError.fields([{ code: 'NOT_VALID', field: 'labelIds', message: 'No such label' }]);
  }
}

/**
 * 400 for targeting values that are not in the reference lists (countries, carriers), or carriers on
 * an account outside the MVAS vertical (carrier targeting is the MVAS vertical's).
 */
export function assertValidTargeting(auth: AccountAuthContext, targeting: Partial<OfferTargeting>): void {
  const items: ErrorItem[] = [];
  if (targeting.countries?.some((code) => !findCountry(code))) {
    items.push({ code: 'NOT_VALID', field: 'targeting.countries', message: 'Unknown country code' });
  }
  const carriers = targeting.carriers ?? [];
  if (carriers.length > 0 && auth.relationship.vertical !== MVAS_VERTICAL) {
    items.push({
      code: 'NOT_VALID',
      field: 'targeting.carriers',
      message: 'Carrier targeting is for accounts of the MVAS vertical',
    });
  } else if (carriers.some((id) => !findCarrier(id))) {
    items.push({ code: 'NOT_VALID', field: 'targeting.carriers', message: 'Unknown carrier' });
  }
  if (items.length > 0) throw ApiError.fields(items);
}
