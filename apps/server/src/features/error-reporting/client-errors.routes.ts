import {
  CLIENT_ERROR_BODY_LIMIT,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
  zClientErrorReport,
} from '@veracity/contracts/error-reports';
import { scrubReportPath, scrubReportText } from '@veracity/contracts/error-scrubbing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RequestRule, requestLimit } from '../../http/request-limits.js';
import type { SharedState } from '../../shared-state/shared-state.js';

/** Reports one address may send: a broken screen sends a few at once, a loop is cut off. */
export const CLIENT_ERROR_RATE: RequestRule = { limit: 60, windowMs: 10 * 60_000 };

/** The report as it goes into the log: scrubbed again, whatever the browser did. */
function scrubbed(report: ClientErrorReport, ownOrigin: string): ClientErrorReport {
  const text = (value: string | undefined) =>
    value === undefined ? undefined : scrubReportText(value, ownOrigin);
  return {
    kind: report.kind,
    ...(report.name === undefined ? {} : { name: text(report.name) }),
    message: scrubReportText(report.message, ownOrigin),
    ...(report.stack === undefined ? {} : { stack: text(report.stack) }),
    ...(report.componentStack === undefined ? {} : { componentStack: text(report.componentStack) }),
    path: scrubReportPath(report.path),
    ...(report.status === undefined ? {} : { status: report.status }),
    ...(report.requestId === undefined ? {} : { requestId: text(report.requestId) }),
    ...(report.release === undefined ? {} : { release: text(report.release) }),
  };
}

/**
 * POST /api/client-errors: where the dashboard reports its errors when no error-tracking service is
 * configured (spec 02 §8). Public, for the login page, so it is bounded: a rate per address checked
 * before the body is read, a small body, a strict schema. Each report is one log line with this
 * request's id: uncaught errors at error level, failed queries at warn.
 */
export const clientErrorsRoutes =
  (shared: SharedState | undefined, rate: RequestRule = CLIENT_ERROR_RATE): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = requestLimit(shared, 'clientErrors', rate, (request) => request.ip);
    app.post(
      CLIENT_ERRORS_PATH,
      {
        config: { access: { kind: 'public' } },
        bodyLimit: CLIENT_ERROR_BODY_LIMIT,
        schema: { body: zClientErrorReport },
        onRequest: limit,
      },
      async (request, reply) => {
        const ownOrigin = `${request.protocol}://${request.host}`;
        const report = scrubbed(request.body, ownOrigin);
        const failedCall = report.kind === 'query' || report.kind === 'mutation';
        const fields = { clientError: report, userAgent: request.headers['user-agent'] };
        if (failedCall) request.log.warn(fields, 'dashboard call failed');
        else request.log.error(fields, 'dashboard error');
        return reply.code(204).send();
      },
    );
  };
