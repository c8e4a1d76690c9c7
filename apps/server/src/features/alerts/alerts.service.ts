import {
  type AlertBody,
  type AlertField,
  type AlertFrequency,
  type AlertType,
  validateAlert,
} from '@veracity/contracts/alerts';
import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId, isFilterAllowed } from '@veracity/contracts/analytics/filters';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { Kysely } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit, changesOf } from '../account/audit.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import { accessOf } from '../analytics/analytics.service.js';
import type { AlertWindow } from './alert-windows.js';
import {
  type AlertRecord,
  type AlertRule,
  deleteAlert,
  findAlert,
  insertAlert,
  updateAlert,
} from './alerts.repo.js';

/**
 * Who manages an account's alerts and receives their emails: its users holding the account settings
 * permission (the spec names no alert permission; docs/decisions.md).
 */
export const ALERT_MANAGER_PERMISSION: PermissionKey = 'account_manage_settings';

/**
 * The alert payload as a rule, or a 400 with the spec's messages (spec 02 §5) per field. A dimension
 * must be one the account may filter on; integer dimensions (campaign, offer, ...) take whole numbers.
 */
export function alertRuleOf(relationship: RelationshipRecord, body: AlertBody): AlertRule {
  const errors = validateAlert({
    name: body.name,
    type: body.type as AlertType,
    threshold: body.threshold,
    minEvents: body.minEvents,
    frequency: body.frequency as AlertFrequency,
  });
  const fields = Object.entries(errors) as [AlertField, string][];
  if (fields.length > 0) {
    throw ApiError.fields(fields.map(([field, message]) => ({ code: 'NOT_VALID', field, message })));
  }
  const access = accessOf(relationship);
  const dimensions = body.dimensions ?? [];
  const values: Record<string, (string | number)[]> = {};
  for (const dimension of dimensions) {
    const filter = dimension in FILTERS ? FILTERS[dimension as FilterId] : undefined;
    if (!filter || filter.kind === 'date' || DIMENSIONS[dimension].source !== 'column') {
      throw ApiError.fields([
        {
          code: 'NOT_VALID',
          field: 'dimensions',
          message: `An alert cannot watch ${DIMENSIONS[dimension].label}`,
        },
      ]);
    }
    if (!isFilterAllowed(dimension as FilterId, access)) {
      throw ApiError.forbidden(`The ${DIMENSIONS[dimension].label} dimension is not available on your plan`);
    }
    const given = body.values?.[dimension] ?? [];
    const typed: (string | number)[] = filter.valueType === 'integer' ? given.map(Number) : given.map(String);
    if (typed.some((value) => typeof value === 'number' && !Number.isSafeInteger(value))) {
      throw ApiError.fields([
        { code: 'NOT_VALID', field: `values.${dimension}`, message: 'Use only numeric values' },
      ]);
    }
    values[dimension] = [...new Set(typed)];
  }
  return {
    name: body.name.trim(),
    type: body.type as AlertType,
    dimensions: dimensions as DimensionId[],
    values,
    threshold: Number(body.threshold),
    minEvents: Number(body.minEvents),
    frequency: body.frequency as AlertFrequency,
  };
}

/** The dashboard's analytics view of an alert's slice over a window (what its email links to). */
export function analyticsLinkOf(
  publicUrl: string,
  alert: Pick<AlertRecord, 'dimensions' | 'values'>,
  timeZone: string,
  window: AlertWindow,
): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  // The window's last instant is inside it: its day is the range's last day.
  const last = new Date(window.end.getTime() - 1);
  const params = new URLSearchParams({
    dimensions: (alert.dimensions.length > 0 ? alert.dimensions : ['trafficType']).join(','),
    from: day.format(window.start),
    to: day.format(last),
  });
  if (alert.dimensions.length > 0) {
    const filters = alert.dimensions.map((dimension) => ({
      column: FILTERS[dimension as FilterId].column,
      type: 'equals',
      values: alert.values[dimension] ?? [],
    }));
    params.set('filters', JSON.stringify(filters));
  }
  params.set('threats', '0');
  return `${publicUrl}/intelligence/analytics?${params.toString()}`;
}

/** What an audit entry says of a rule: its small fields, dimensions and values as JSON. */
function auditedRule(rule: AlertRule) {
  return {
    name: rule.name,
    type: rule.type,
    dimensions: JSON.stringify(rule.dimensions),
    values: JSON.stringify(rule.values),
    threshold: rule.threshold,
    minEvents: rule.minEvents,
    frequency: rule.frequency,
  };
}

const NOT_FOUND = 'Alert not found';

/** POST /api/alerts: a new alert of the account, with its audit entry. */
export function createAlert(db: Kysely<Database>, actor: AuditActor, rule: AlertRule): Promise<AlertRecord> {
  return db.transaction().execute(async (trx) => {
    const id = await insertAlert(trx, actor.relationshipId, actor.actorUserId, rule, new Date());
    const created = await findAlert(trx, actor.relationshipId, id);
    if (!created) throw ApiError.notFound(NOT_FOUND);
    await audit(trx, { ...actor, action: 'alert.created', detail: { id, ...auditedRule(rule) } });
    return created;
  });
}

/** PUT /api/alerts/{id}: replaces the rule (404 for a deleted alert or another account's). */
export function changeAlert(
  db: Kysely<Database>,
  actor: AuditActor,
  id: number,
  rule: AlertRule,
): Promise<AlertRecord> {
  return db.transaction().execute(async (trx) => {
    const before = await findAlert(trx, actor.relationshipId, id);
    if (!before || !(await updateAlert(trx, actor.relationshipId, id, rule, new Date()))) {
      throw ApiError.notFound(NOT_FOUND);
    }
    const updated = await findAlert(trx, actor.relationshipId, id);
    if (!updated) throw ApiError.notFound(NOT_FOUND);
    await audit(trx, {
      ...actor,
      action: 'alert.updated',
      detail: { id, ...changesOf(auditedRule(before), auditedRule(rule)) },
    });
    return updated;
  });
}

/** PATCH /api/alerts/{id}: deletes the alert (its firings stay in the history). */
export async function removeAlert(db: Kysely<Database>, actor: AuditActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const alert = await findAlert(trx, actor.relationshipId, id);
    if (!alert || !(await deleteAlert(trx, actor.relationshipId, id, new Date()))) {
      throw ApiError.notFound(NOT_FOUND);
    }
    await audit(trx, { ...actor, action: 'alert.deleted', detail: { id, name: alert.name } });
  });
}
