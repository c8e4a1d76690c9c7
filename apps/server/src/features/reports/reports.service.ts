import { METRICS, type MetricKey, metricsAllowed } from '@veracity/contracts/analytics/metrics';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { ReportDefinition, ReportRecipient, ReportSchedule } from '@veracity/contracts/reports';
import type { Kysely } from 'kysely';
import { checkDimensions, planFilters } from '../../analytics/plan.js';
import { timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit } from '../account/audit.js';
import { membersWithPermission, type RelationshipRecord } from '../account/relationships.repo.js';
import { accessOf } from '../analytics/analytics.service.js';
import {
  deleteReport,
  findReport,
  insertReport,
  type ReportDefinitionRow,
  type ReportRecord,
  updateReport,
} from './reports.repo.js';

/** Creating, running and downloading reports, and receiving them, take the export permission (spec 02 §6). */
export const REPORT_PERMISSION: PermissionKey = 'log_export_reports';

export const REPORT_NOT_FOUND = 'Report not found';

/** Today's date in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/**
 * When a schedule runs next after `now`: the next midnight of the account's zone (daily), or the next
 * Monday's (weekly), so that "Yesterday" or "Last 7 days" is complete when it runs. Null for none.
 */
export function nextRunAt(schedule: ReportSchedule, timeZone: string, now: Date): string | null {
  if (schedule === 'none') return null;
  const today = todayIn(timeZone, now);
  // 0 is Sunday: days from today to the next Monday, 1 to 7.
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const days = schedule === 'daily' ? 1 : (8 - weekday) % 7 || 7;
  const day = addDays(today, days);
  return timeRange(day, day, timeZone).from.toISOString();
}

/** The account's users a report may be mailed to: its members holding the export permission. */
export async function reportRecipients(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<ReportRecipient[]> {
  const members = await membersWithPermission(db, relationshipId, REPORT_PERMISSION);
  return members.map((member) => ({ id: member.id, name: member.firstName, email: member.email }));
}

/**
 * A report as the account may save it, or the error a person can act on: dimensions and filters its
 * plan opens (403, as analytics answers them: the Traffic group needs the firewall, a column once and
 * no Google filters were checked by the schema), metrics it has (400 otherwise), recipients among
 * its users who may download reports (400).
 */
export async function reportDefinitionOf(
  db: Kysely<Database>,
  relationship: RelationshipRecord,
  body: ReportDefinition,
  now: Date,
): Promise<ReportDefinitionRow> {
  const access = accessOf(relationship);
  checkDimensions(access, body.dimensions);
  planFilters(access, body.filterBy.filters);
  const allowed = new Set<MetricKey>(metricsAllowed(access));
  const hidden = body.metrics.filter((metric) => !allowed.has(metric));
  if (hidden.length > 0) {
    const labels = hidden.map((metric) => METRICS[metric].label).join(', ');
    throw ApiError.fields([
      { code: 'NOT_VALID', field: 'metrics', message: `Not available on your plan: ${labels}` },
    ]);
  }
  if (body.recipients.length > 0) {
    const known = new Set((await reportRecipients(db, relationship.id)).map((user) => user.id));
    if (body.recipients.some((id) => !known.has(id))) {
      throw ApiError.fields([
        {
          code: 'NOT_VALID',
          field: 'recipients',
          message: 'Recipients must be users of this account who may export reports',
        },
      ]);
    }
  }
  return {
    name: body.name,
    dimensions: body.dimensions,
    metrics: body.metrics,
    filterBy: body.filterBy,
    range: body.range,
    schedule: body.schedule,
    recipients: body.recipients,
    nextRunAt: nextRunAt(body.schedule, relationship.timezone, now),
  };
}

function audited(definition: ReportDefinitionRow) {
  return {
    name: definition.name,
    dimensions: JSON.stringify(definition.dimensions),
    metrics: JSON.stringify(definition.metrics),
    filterBy: JSON.stringify(definition.filterBy),
    range: definition.range,
    schedule: definition.schedule,
    recipients: JSON.stringify(definition.recipients),
  };
}

/** POST /api/reports. */
export function createReport(
  db: Kysely<Database>,
  actor: AuditActor,
  definition: ReportDefinitionRow,
  now: Date,
): Promise<ReportRecord> {
  return db.transaction().execute(async (trx) => {
    const id = await insertReport(trx, actor.relationshipId, actor.actorUserId, definition, now);
    const created = await findReport(trx, actor.relationshipId, id);
    if (!created) throw ApiError.notFound(REPORT_NOT_FOUND);
    await audit(trx, { ...actor, action: 'report.created', detail: { id, ...audited(definition) } });
    return created;
  });
}

/** PUT /api/reports/{id}: replaces the definition (404 for another account's report). */
export function changeReport(
  db: Kysely<Database>,
  actor: AuditActor,
  id: number,
  definition: ReportDefinitionRow,
  now: Date,
): Promise<ReportRecord> {
  return db.transaction().execute(async (trx) => {
    if (!(await updateReport(trx, actor.relationshipId, id, definition, now))) {
      throw ApiError.notFound(REPORT_NOT_FOUND);
    }
    const updated = await findReport(trx, actor.relationshipId, id);
    if (!updated) throw ApiError.notFound(REPORT_NOT_FOUND);
    await audit(trx, { ...actor, action: 'report.updated', detail: { id, ...audited(definition) } });
    return updated;
  });
}

/** DELETE /api/reports/{id}: the report and its runs; returns the runs' ids, whose files go next. */
export function removeReport(db: Kysely<Database>, actor: AuditActor, id: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const report = await findReport(trx, actor.relationshipId, id);
    if (!report) throw ApiError.notFound(REPORT_NOT_FOUND);
    const runs = await deleteReport(trx, actor.relationshipId, id);
    await audit(trx, { ...actor, action: 'report.deleted', detail: { id, name: report.name } });
    return runs;
  });
}
