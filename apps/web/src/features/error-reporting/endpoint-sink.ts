import { CLIENT_ERRORS_PATH } from '@veracity/contracts/error-reports';
import { apiUrl } from '../../lib/api-url';
import { toClientErrorReport } from './error-report';
import type { ReportSink } from './report-error';

export type PostReport = (body: string) => Promise<unknown>;

/** Posts without the session token: the endpoint needs none, and a report carries no secret. */
const postReport: PostReport = (body) =>
  fetch(apiUrl(CLIENT_ERRORS_PATH), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);

/** Reports to the server (POST /api/client-errors), which logs them: when no tracker is configured. */
export function createEndpointSink(
  page: { origin: string; pathname: string } = window.location,
  post: PostReport = postReport,
): ReportSink {
  return {
    send(error, context) {
      const report = toClientErrorReport(error, context, { origin: page.origin, pathname: page.pathname });
      void post(JSON.stringify(report)).catch(() => undefined);
    },
  };
}
