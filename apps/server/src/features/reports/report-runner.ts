import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { isViewVisible } from '@veracity/contracts/plans';
import { REPORT_RUNS_KEPT, reportPeriod } from '@veracity/contracts/reports';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { runReport } from '../../analytics/run-analytics.js';
import type { Clock } from '../../jobs/clock.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import { findRelationship, warnUnusableTimeZone } from '../account/relationships.repo.js';
import { analyticsReader } from '../analytics/analytics.service.js';
import type { Mailer } from '../email/mailer.js';
import { reportReadyMail } from '../email/templates.js';
import {
  advanceSchedule,
  claimableRunIds,
  claimRun,
  dueReports,
  findClaimedRun,
  findReport,
  findRun,
  finishRun,
  insertRun,
  markRunMailed,
  pruneRuns,
  type ReportRecord,
  recordProgress,
} from './reports.repo.js';
import { nextRunAt, reportRecipients, todayIn } from './reports.service.js';

/** How long a run holds its report unless it renews (each chunk written renews it). */
export const REPORT_LEASE_MS = 5 * 60_000;

export interface ReportDeps {
  db: Kysely<Database>;
  events: EventStore;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** DATA_DIR: report files are kept under its `reports/` folder. */
  dataDir: string;
}

/** Where a run's CSV file is kept: DATA_DIR/reports/<relationship>/<run id>.csv. */
export function reportFile(dataDir: string, relationshipId: number, runId: number): string {
  return path.join(dataDir, 'reports', String(relationshipId), `${runId}.csv`);
}

/** Queues a run of a report over its period as of now (the account's today). */
export async function queueRun(
  deps: Pick<ReportDeps, 'db' | 'clock'>,
  report: ReportRecord,
  timeZone: string,
  trigger: 'manual' | 'schedule',
): Promise<number> {
  const now = deps.clock.now();
  const period = reportPeriod(report.range, todayIn(timeZone, now));
  return insertRun(deps.db, {
    reportId: report.id,
    relationshipId: report.relationshipId,
    trigger,
    ...period,
    now,
  });
}

/**
 * Queues a run of every report whose schedule is due and moves its schedule on. Of several processes,
 * the one that moves a schedule queues its run (compare-and-set on the due time).
 */
export async function queueDueReports(deps: Pick<ReportDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const report of await dueReports(deps.db, now)) {
    const relationship = await findRelationship(deps.db, report.relationshipId);
    if (!relationship || !report.nextRunAt) continue;
    const next = nextRunAt(report.schedule, relationship.timezone, now);
    if (!next || !(await advanceSchedule(deps.db, report.id, report.nextRunAt, next))) continue;
    // An account that is closed, or whose plan no longer has reports, skips its turn (the schedule
    // stays, should the plan come back).
    if (
      !relationship.active ||
      !isViewVisible('reports', relationship.planType, relationship.accountFeatures)
    ) {
      continue;
    }
    await queueRun(deps, report, relationship.timezone, 'schedule');
    queued += 1;
  }
  return queued;
}

/**
 * A report's CSV file being written: a write waits while the buffer is full, and fails once the file
 * has failed (disk full, ...) rather than waiting for a drain that will not come.
 */
class CsvFile {
  private failure: Error | undefined;
  private readonly stream: WriteStream;

  constructor(file: string) {
    this.stream = createWriteStream(file);
    this.stream.on('error', (error) => {
      this.failure = error;
    });
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    // `once` rejects when the stream fails while waiting.
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  /** Ends the file once everything written is on disk. */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await finished(this.stream);
  }

  abort(): void {
    this.stream.destroy();
  }
}

/**
 * Runs one claimed report run: its CSV streamed into a file beside its final name (renamed once
 * complete), progress recorded after each chunk, then its recipients mailed a link, and runs beyond the
 * newest {@link REPORT_RUNS_KEPT} of the report deleted with their files. A failure is recorded on the
 * run with its message; nothing of a failed file is kept.
 */
async function execute(deps: ReportDeps, runId: number, owner: string): Promise<void> {
  const { db, clock } = deps;
  const lease = () => new Date(clock.now().getTime() + REPORT_LEASE_MS);
  const run = await findClaimedRun(db, runId);
  if (!run) return;
  const report = await findReport(db, run.relationshipId, run.reportId);
  const relationship = await findRelationship(db, run.relationshipId);
  const file = reportFile(deps.dataDir, run.relationshipId, runId);
  const partial = `${file}.part`;
  let rows = 0;
  let bytes = 0;
  try {
    if (!report || !relationship) throw new Error('The report or its account no longer exists');
    warnUnusableTimeZone(relationship, deps.log);
    await mkdir(path.dirname(file), { recursive: true });
    const csv = new CsvFile(partial);
    try {
      rows = await runReport(
        deps.events,
        {
          dimensions: report.dimensions,
          metrics: report.metrics,
          filters: report.filterBy.filters,
          matchType: report.filterBy.matchType,
          from: run.from,
          to: run.to,
        },
        analyticsReader(db, relationship),
        {
          async write(text) {
            bytes += Buffer.byteLength(text);
            await csv.write(text);
          },
          async progress(written) {
            if (!(await recordProgress(db, runId, owner, written, lease()))) {
              throw new Error('The run was taken over by another process');
            }
          },
        },
      );
      await csv.close();
    } catch (error) {
      csv.abort();
      throw error;
    }
    if (rows > 0) await rename(partial, file);
    else await rm(partial, { force: true });
  } catch (error) {
    // The failure is the run's to record; a leftover that cannot be removed does not stop that.
    await rm(partial, { force: true }).catch((cleanup: unknown) =>
      deps.log.warn({ err: cleanup, reportRunId: runId }, 'report file not removed'),
    );
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error({ err: error, reportRunId: runId }, 'report run failed');
    await finishRun(db, runId, owner, { status: 'failed', rows, bytes: 0, error: message, now: clock.now() });
    return;
  }
  if (!(await finishRun(db, runId, owner, { status: 'done', rows, bytes, error: null, now: clock.now() }))) {
    // The report was deleted while it ran (or another process took the run over): nothing keeps the file.
    if (!(await findClaimedRun(db, runId))) await rm(file, { force: true });
    return;
  }
  await mailRecipients(deps, report, relationship.companyName, runId);
  for (const old of await pruneRuns(db, report.id, REPORT_RUNS_KEPT)) {
    await rm(reportFile(deps.dataDir, report.relationshipId, old), { force: true });
  }
}

/** Mails the report's chosen users who may still download it a link to the run's download. */
async function mailRecipients(
  deps: ReportDeps,
  report: ReportRecord,
  companyName: string,
  runId: number,
): Promise<void> {
  if (report.recipients.length === 0) return;
  const run = await findRun(deps.db, report.relationshipId, runId);
  if (!run) return;
  const chosen = new Set(report.recipients);
  const recipients = (await reportRecipients(deps.db, report.relationshipId)).filter((user) =>
    chosen.has(user.id),
  );
  const link = `${deps.publicUrl}/intelligence/reports/list?run=${runId}`;
  for (const recipient of recipients) {
    await deps.mailer.send(
      reportReadyMail(recipient.email, {
        firstName: recipient.name,
        companyName,
        reportName: report.name,
        from: run.from,
        to: run.to,
        rows: run.rows,
        link,
      }),
    );
  }
  await markRunMailed(deps.db, runId, deps.clock.now());
}

/**
 * Runs every run waiting for a process (queued, or abandoned by a process that died), one after the
 * other, each claimed first so that two processes never write the same run.
 */
export async function runPendingReports(deps: ReportDeps, owner: string): Promise<number> {
  let ran = 0;
  for (const id of await claimableRunIds(deps.db, deps.clock.now())) {
    const now = deps.clock.now();
    if (!(await claimRun(deps.db, id, owner, now, new Date(now.getTime() + REPORT_LEASE_MS)))) continue;
    await execute(deps, id, owner);
    ran += 1;
  }
  return ran;
}

/**
 * The process's report worker: a run asked for on demand starts at once (`kick`), in the background;
 * the job (`jobs/report-runs.ts`) calls `runPending` on its period for scheduled and left-over runs.
 * One pass at a time in a process; `drain` waits for the pass going on (the app's close).
 */
export class ReportRunner {
  private pass: Promise<number> | undefined;
  private again = false;

  constructor(
    readonly deps: ReportDeps,
    private readonly owner: string,
  ) {}

  /** Runs what is waiting; a call during a pass makes the pass look again when it ends. */
  runPending(): Promise<number> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = (async () => {
      let ran = 0;
      do {
        this.again = false;
        ran += await runPendingReports(this.deps, this.owner);
      } while (this.again);
      return ran;
    })().finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  /** Starts a pass in the background (errors are logged). */
  kick(): void {
    this.runPending().catch((error: unknown) => this.deps.log.error({ err: error }, 'report runs failed'));
  }

  async drain(): Promise<void> {
    while (this.pass) await this.pass.catch(() => undefined);
  }
}
