import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { exportFileName } from '@veracity/contracts/csv';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import {
  REPORT_RUNS_KEPT,
  zReport,
  zReportBody,
  zReportRecipients,
  zReportRun,
  zReportRuns,
  zReports,
} from '@veracity/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { actorOf } from '../account/audit.js';
import { queueRun, type ReportRunner, reportFile } from './report-runner.js';
import {
  findReport,
  findRun,
  lastRuns,
  listReports,
  listRuns,
  type ReportRecord,
  type ReportRunRecord,
  toRunDto,
} from './reports.repo.js';
import {
  changeReport,
  createReport,
  REPORT_NOT_FOUND,
  REPORT_PERMISSION,
  removeReport,
  reportDefinitionOf,
  reportRecipients,
} from './reports.service.js';

const zIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Reading the list needs the reports view (Max, or the `reports` flag); creating, changing, running and
 * downloading also the export permission (spec 02 §6). The demo account reads and changes nothing.
 */
const read: Access = { kind: 'account', view: 'reports' };
const change: Access = { kind: 'account', view: 'reports', permission: REPORT_PERMISSION, write: true };
const download: Access = { kind: 'account', view: 'reports', permission: REPORT_PERMISSION };

function toReportDto(
  { relationshipId: _relationship, ...report }: ReportRecord,
  lastRun: ReportRunRecord | undefined,
) {
  return { ...report, lastRun: lastRun ? toRunDto(lastRun) : null };
}

/** Full reports (issue 36; docs/api.md "Reports"): saved definitions, their runs and the runs' CSV files. */
export const reportsRoutes =
  (runner: ReportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock, dataDir } = runner.deps;

    app.get(
      '/reports',
      { config: { access: read }, schema: { response: { 200: zReports } } },
      async (request) => {
        const relationshipId = accountOf(request).relationship.id;
        const [reports, runs] = await Promise.all([
          listReports(db, relationshipId),
          lastRuns(db, relationshipId),
        ]);
        return { reports: reports.map((report) => toReportDto(report, runs.get(report.id))) };
      },
    );

    app.get(
      '/reports/recipients',
      { config: { access: read }, schema: { response: { 200: zReportRecipients } } },
      async (request) => ({ recipients: await reportRecipients(db, accountOf(request).relationship.id) }),
    );

    app.post(
      '/reports',
      { config: { access: change }, schema: { body: zReportBody, response: { 201: zReport } } },
      async (request, reply) => {
        const now = clock.now();
        const definition = await reportDefinitionOf(db, accountOf(request).relationship, request.body, now);
        const created = await createReport(db, actorOf(request), definition, now);
        return reply.code(HTTP_STATUS.CREATED).send(toReportDto(created, undefined));
      },
    );

    app.put(
      '/reports/:id',
      {
        config: { access: change },
        schema: { params: zIdParams, body: zReportBody, response: { 200: zReport } },
      },
      async (request) => {
        const relationship = accountOf(request).relationship;
        const now = clock.now();
        const definition = await reportDefinitionOf(db, relationship, request.body, now);
        const updated = await changeReport(db, actorOf(request), request.params.id, definition, now);
        const runs = await lastRuns(db, relationship.id);
        return toReportDto(updated, runs.get(updated.id));
      },
    );

    app.delete(
      '/reports/:id',
      { config: { access: change }, schema: { params: zIdParams } },
      async (request, reply) => {
        const runs = await removeReport(db, actorOf(request), request.params.id);
        const relationshipId = accountOf(request).relationship.id;
        for (const run of runs) await rm(reportFile(dataDir, relationshipId, run), { force: true });
        return reply.code(HTTP_STATUS.NO_CONTENT).send();
      },
    );

    app.post(
      '/reports/:id/runs',
      { config: { access: change }, schema: { params: zIdParams, response: { 202: zReportRun } } },
      async (request, reply) => {
        const relationship = accountOf(request).relationship;
        const report = await findReport(db, relationship.id, request.params.id);
        if (!report) throw ApiError.notFound(REPORT_NOT_FOUND);
        const [last] = await listRuns(db, relationship.id, report.id, 1);
        if (last && (last.status === 'queued' || last.status === 'running')) {
          throw ApiError.conflict('The report is already running');
        }
        const id = await queueRun(runner.deps, report, relationship.timezone, 'manual');
        const run = await findRun(db, relationship.id, id);
        if (!run) throw ApiError.notFound(REPORT_NOT_FOUND);
        runner.kick();
        return reply.code(HTTP_STATUS.ACCEPTED).send(toRunDto(run));
      },
    );

    app.get(
      '/reports/:id/runs',
      { config: { access: read }, schema: { params: zIdParams, response: { 200: zReportRuns } } },
      async (request) => {
        const relationshipId = accountOf(request).relationship.id;
        const report = await findReport(db, relationshipId, request.params.id);
        if (!report) throw ApiError.notFound(REPORT_NOT_FOUND);
        const runs = await listRuns(db, relationshipId, report.id, REPORT_RUNS_KEPT + 5);
        return { runs: runs.map(toRunDto) };
      },
    );

    app.get(
      '/reports/runs/:id/download',
      { config: { access: download }, schema: { params: zIdParams } },
      async (request, reply) => {
        const relationshipId = accountOf(request).relationship.id;
        const run = await findRun(db, relationshipId, request.params.id);
        if (!run) throw ApiError.notFound('Report run not found');
        if (run.status !== 'done') {
          throw ApiError.conflict('The report is not ready yet');
        }
        // Nothing to download: the dashboard shows "No content" (spec 02 §8), as the analytics export does.
        if (run.rows === 0) return reply.code(HTTP_STATUS.NO_CONTENT).send();
        const report = await findReport(db, relationshipId, run.reportId);
        const file = reportFile(dataDir, relationshipId, run.id);
        const size = await stat(file).then(
          (info) => info.size,
          () => undefined,
        );
        if (size === undefined) throw ApiError.notFound('The report file is no longer kept');
        const suffix = (report?.name ?? 'report').replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'report';
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-length', size)
          .header(
            'content-disposition',
            `attachment; filename="${exportFileName(new Date(run.finishedAt ?? run.queuedAt), suffix)}"`,
          )
          .send(createReadStream(file));
      },
    );
  };
