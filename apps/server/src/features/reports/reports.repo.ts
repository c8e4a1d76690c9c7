import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { ReportFilterBy } from '@veracity/contracts/analytics/filters';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import type { Report, ReportRange, ReportRun, ReportSchedule } from '@veracity/contracts/reports';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReportRunsTable, ReportsTable } from '../../storage/oltp/schema.js';

/** A saved report as the server works with it: the contract's fields and its account. */
export interface ReportRecord extends Omit<Report, 'lastRun'> {
  relationshipId: number;
}

/** What a report's owner chooses (validated by the service). */
export interface ReportDefinitionRow {
  name: string;
  dimensions: DimensionId[];
  metrics: MetricKey[];
  filterBy: ReportFilterBy;
  range: ReportRange;
  schedule: ReportSchedule;
  recipients: number[];
  nextRunAt: string | null;
}

export interface ReportRunRecord extends ReportRun {
  relationshipId: number;
}

function toReportRecord(row: Selectable<ReportsTable>): ReportRecord {
  return {
    id: row.id,
    relationshipId: row.relationship_id,
    name: row.name,
    dimensions: JSON.parse(row.dimensions) as DimensionId[],
    metrics: JSON.parse(row.metrics) as MetricKey[],
    filterBy: JSON.parse(row.filter_by) as ReportFilterBy,
    range: row.period as ReportRange,
    schedule: row.schedule,
    recipients: JSON.parse(row.recipients) as number[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    nextRunAt: row.next_run_at,
  };
}

function toRunRecord(row: Selectable<ReportRunsTable>): ReportRunRecord {
  return {
    id: row.id,
    reportId: row.report_id,
    relationshipId: row.relationship_id,
    status: row.status,
    trigger: row.trigger,
    from: row.period_from,
    to: row.period_to,
    rows: Number(row.row_count),
    bytes: Number(row.byte_count),
    error: row.error,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The public shape of a run. */
export function toRunDto({ relationshipId: _relationship, ...run }: ReportRunRecord): ReportRun {
  return run;
}

function definitionColumns(definition: ReportDefinitionRow) {
  return {
    name: definition.name,
    dimensions: JSON.stringify(definition.dimensions),
    metrics: JSON.stringify(definition.metrics),
    filter_by: JSON.stringify(definition.filterBy),
    recipients: JSON.stringify(definition.recipients),
    period: definition.range,
    schedule: definition.schedule,
    next_run_at: definition.nextRunAt,
  };
}

export async function listReports(db: Kysely<Database>, relationshipId: number): Promise<ReportRecord[]> {
  const rows = await db
    .selectFrom('reports')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return rows.map(toReportRecord);
}

export async function findReport(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<ReportRecord | undefined> {
  const row = await db
    .selectFrom('reports')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toReportRecord(row) : undefined;
}

export async function insertReport(
  db: Kysely<Database>,
  relationshipId: number,
  createdBy: number,
  definition: ReportDefinitionRow,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({
      relationship_id: relationshipId,
      ...definitionColumns(definition),
      created_by: createdBy,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReport(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  definition: ReportDefinitionRow,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ ...definitionColumns(definition), updated_at: now.toISOString() })
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the report and its runs; returns the runs' ids (their files are the caller's to delete). */
export async function deleteReport(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<number[]> {
  const runs = await db.selectFrom('report_runs').select('id').where('report_id', '=', id).execute();
  await db.deleteFrom('report_runs').where('report_id', '=', id).execute();
  const result = await db
    .deleteFrom('reports')
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? runs.map((run) => run.id) : [];
}

/** Reports whose schedule is due at `now`, oldest due first. */
export async function dueReports(db: Kysely<Database>, now: Date): Promise<ReportRecord[]> {
  const rows = await db
    .selectFrom('reports')
    .selectAll()
    .where('schedule', '!=', 'none')
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now.toISOString())
    .orderBy('next_run_at')
    .execute();
  return rows.map(toReportRecord);
}

/** Moves a schedule on, only if no one else did (compare-and-set on the time it was due). */
export async function advanceSchedule(
  db: Kysely<Database>,
  id: number,
  due: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ next_run_at: next })
    .where('id', '=', id)
    .where('next_run_at', '=', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertRun(
  db: Kysely<Database>,
  run: {
    reportId: number;
    relationshipId: number;
    trigger: 'manual' | 'schedule';
    from: string;
    to: string;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('report_runs')
    .values({
      report_id: run.reportId,
      relationship_id: run.relationshipId,
      status: 'queued',
      trigger: run.trigger,
      period_from: run.from,
      period_to: run.to,
      queued_at: run.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A run by id, whatever its account (the worker that claimed it). */
export async function findClaimedRun(db: Kysely<Database>, id: number): Promise<ReportRunRecord | undefined> {
  const row = await db.selectFrom('report_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRunRecord(row) : undefined;
}

export async function findRun(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<ReportRunRecord | undefined> {
  const row = await db
    .selectFrom('report_runs')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRunRecord(row) : undefined;
}

/** A report's runs, newest first. */
export async function listRuns(
  db: Kysely<Database>,
  relationshipId: number,
  reportId: number,
  limit: number,
): Promise<ReportRunRecord[]> {
  const rows = await db
    .selectFrom('report_runs')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('report_id', '=', reportId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRunRecord);
}

/** The newest run of each of the account's reports, by report id. */
export async function lastRuns(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<number, ReportRunRecord>> {
  const rows = await db
    .selectFrom('report_runs')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('report_runs')
        .select((inner) => inner.fn.max('id').as('id'))
        .where('relationship_id', '=', relationshipId)
        .groupBy('report_id'),
    )
    .execute();
  return new Map(rows.map((row) => [row.report_id, toRunRecord(row)]));
}

/** Runs waiting for a process: queued ones, and running ones whose holder stopped renewing. */
export async function claimableRunIds(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('report_runs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now.toISOString())]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a claimable run for `owner` until `leaseUntil`; false when another process has it. */
export async function claimRun(
  db: Kysely<Database>,
  id: number,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('report_runs')
    .set({
      status: 'running',
      lease_owner: owner,
      lease_until: leaseUntil.toISOString(),
      started_at: now.toISOString(),
      row_count: 0,
      byte_count: 0,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the rows written so far and renews the lease; false when the run is no longer this owner's. */
export async function recordProgress(
  db: Kysely<Database>,
  id: number,
  owner: string,
  rows: number,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('report_runs')
    .set({ row_count: rows, lease_until: leaseUntil.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function finishRun(
  db: Kysely<Database>,
  id: number,
  owner: string,
  outcome: { status: 'done' | 'failed'; rows: number; bytes: number; error: string | null; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('report_runs')
    .set({
      status: outcome.status,
      row_count: outcome.rows,
      byte_count: outcome.bytes,
      error: outcome.error,
      finished_at: outcome.now.toISOString(),
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markRunMailed(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('report_runs').set({ mailed_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Finished runs of a report beyond the newest `kept`: deleted here, their ids returned (for their files). */
export async function pruneRuns(db: Kysely<Database>, reportId: number, kept: number): Promise<number[]> {
  const rows = await db
    .selectFrom('report_runs')
    .select('id')
    .where('report_id', '=', reportId)
    .where('status', 'in', ['done', 'failed'])
    .orderBy('id', 'desc')
    .offset(kept)
    .limit(1000)
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('report_runs').where('id', 'in', ids).execute();
  return ids;
}
