import type { Alert, AlertFiring, AlertFrequency, AlertType } from '@veracity/contracts/alerts';
import { ALERT_HISTORY_LIMIT } from '@veracity/contracts/alerts';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { Kysely, Selectable } from 'kysely';
import type { AlertsTable, Database } from '../../storage/oltp/schema.js';

/** An alert as the server works with it: the contract's fields plus what the scheduler keeps. */
export interface AlertRecord extends Alert {
  relationshipId: number;
}

/** The alert's rule as stored (threshold in hundredths of a percent). */
export interface AlertRule {
  name: string;
  type: AlertType;
  dimensions: DimensionId[];
  values: Record<string, (string | number)[]>;
  threshold: number;
  minEvents: number;
  frequency: AlertFrequency;
}

const toBasisPoints = (percent: number) => Math.round(percent * 100);

export function toAlertRecord(row: Selectable<AlertsTable>): AlertRecord {
  return {
    id: row.id,
    relationshipId: row.relationship_id,
    name: row.name,
    type: row.type as AlertType,
    dimensions: JSON.parse(row.dimensions) as DimensionId[],
    values: JSON.parse(row.dimension_values) as Record<string, (string | number)[]>,
    threshold: row.threshold_bp / 100,
    minEvents: row.min_events,
    frequency: row.frequency as AlertFrequency,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastEvaluatedAt: row.last_window_end,
  };
}

/** The public shape: the contract's fields only. */
export function toAlertDto({ relationshipId: _relationship, ...alert }: AlertRecord): Alert {
  return alert;
}

function ruleColumns(rule: AlertRule) {
  return {
    name: rule.name,
    type: rule.type,
    dimensions: JSON.stringify(rule.dimensions),
    dimension_values: JSON.stringify(rule.values),
    threshold_bp: toBasisPoints(rule.threshold),
    min_events: rule.minEvents,
    frequency: rule.frequency,
  };
}

export async function listAlerts(db: Kysely<Database>, relationshipId: number): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alerts')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toAlertRecord);
}

export async function findAlert(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<AlertRecord | undefined> {
  const row = await db
    .selectFrom('alerts')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toAlertRecord(row) : undefined;
}

export async function insertAlert(
  db: Kysely<Database>,
  relationshipId: number,
  /** The user who created it; null for an alert the server added itself (the demo history's). */
  createdBy: number | null,
  rule: AlertRule,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('alerts')
    .values({
      relationship_id: relationshipId,
      ...ruleColumns(rule),
      created_by: createdBy,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the rule; true when the alert exists in the relationship. */
export async function updateAlert(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  rule: AlertRule,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ ...ruleColumns(rule), updated_at: now.toISOString() })
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the alert (kept as deleted, so its firings stay in the history); true when it existed. */
export async function deleteAlert(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ deleted_at: now.toISOString() })
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The account's latest firings, newest first. */
export async function listFirings(db: Kysely<Database>, relationshipId: number): Promise<AlertFiring[]> {
  const rows = await db
    .selectFrom('alert_firings')
    .innerJoin('alerts', 'alerts.id', 'alert_firings.alert_id')
    .select([
      'alert_firings.id',
      'alert_firings.alert_id',
      'alerts.name',
      'alerts.type',
      'alert_firings.window_start',
      'alert_firings.window_end',
      'alert_firings.events',
      'alert_firings.invalid_events',
      'alert_firings.threshold_bp',
      'alert_firings.fired_at',
      'alert_firings.recipients',
    ])
    .where('alert_firings.relationship_id', '=', relationshipId)
    .orderBy('alert_firings.fired_at', 'desc')
    .orderBy('alert_firings.id', 'desc')
    .limit(ALERT_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alert_id,
    alertName: row.name,
    type: row.type as AlertType,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    events: row.events,
    invalidEvents: row.invalid_events,
    invalidPercent: invalidPercent(row.invalid_events, row.events),
    threshold: row.threshold_bp / 100,
    firedAt: row.fired_at,
    recipients: row.recipients,
  }));
}

/** The invalid share in percent, 2 decimals. */
export function invalidPercent(invalid: number, events: number): number {
  return events === 0 ? 0 : Math.round((invalid / events) * 10_000) / 100;
}

// The scheduler's side.

/** Alerts that evaluate (not deleted, not deactivated), across accounts. */
export async function listActiveAlerts(db: Kysely<Database>): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alerts')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('frequency', '!=', 'deactivated')
    .orderBy('id')
    .execute();
  return rows.map(toAlertRecord);
}

/**
 * Takes the alert's lease until `until` unless another owner holds a live one: one statement, so two
 * processes cannot both take it. True when this owner holds it.
 */
export async function claimAlert(
  db: Kysely<Database>,
  id: number,
  owner: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ lease_owner: owner, lease_until: until.toISOString() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('lease_until', 'is', null),
        eb('lease_until', '<=', now.toISOString()),
        eb('lease_owner', '=', owner),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records the end of the window evaluated and lets the lease go. */
export async function finishAlertRun(
  db: Kysely<Database>,
  id: number,
  owner: string,
  lastWindowEnd: Date | undefined,
): Promise<void> {
  await db
    .updateTable('alerts')
    .set({
      lease_owner: null,
      lease_until: null,
      ...(lastWindowEnd ? { last_window_end: lastWindowEnd.toISOString() } : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export interface NewFiring {
  alertId: number;
  relationshipId: number;
  windowStart: Date;
  windowEnd: Date;
  events: number;
  invalidEvents: number;
  thresholdBp: number;
  firedAt: Date;
}

/** Records a firing once per alert and window; the firing's id, or undefined when it was already there. */
export async function insertFiring(db: Kysely<Database>, firing: NewFiring): Promise<number | undefined> {
  const row = await db
    .insertInto('alert_firings')
    .values({
      alert_id: firing.alertId,
      relationship_id: firing.relationshipId,
      window_start: firing.windowStart.toISOString(),
      window_end: firing.windowEnd.toISOString(),
      events: firing.events,
      invalid_events: firing.invalidEvents,
      threshold_bp: firing.thresholdBp,
      fired_at: firing.firedAt.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['alert_id', 'window_end']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Firings whose email has not gone out yet (a process stopped between recording and sending). */
export async function unnotifiedFirings(db: Kysely<Database>, alertId: number) {
  return db
    .selectFrom('alert_firings')
    .selectAll()
    .where('alert_id', '=', alertId)
    .where('notified_at', 'is', null)
    .orderBy('window_end')
    .execute();
}

export async function markFiringNotified(
  db: Kysely<Database>,
  firingId: number,
  recipients: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('alert_firings')
    .set({ notified_at: now.toISOString(), recipients })
    .where('id', '=', firingId)
    .execute();
}
