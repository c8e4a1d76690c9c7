import { useQuery } from '@tanstack/react-query';
import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import {
  type Report,
  type ReportBody,
  zReport,
  zReportRecipients,
  zReportRun,
  zReportRuns,
  zReports,
} from '@veracity/contracts/reports';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import { ApiError, api, apiUrl } from '../../../lib/api-client';
import { readSessionToken } from '../../../lib/session-token';
import { type CsvDownload, dispositionFileName } from '../analytics/analytics.api';

/** The full reports calls (docs/api.md "Full reports"), keyed by endpoint. */

export const reportsQueryKey = ['/reports'] as const;
export const reportRecipientsQueryKey = ['/reports/recipients'] as const;
export const reportRunsQueryKey = (id: number) => [`/reports/${id}/runs`] as const;

/** How often the list asks again while a run is queued or running (its progress). */
export const RUN_POLL_MS = 2000;

/** Whether a report's last run is still being written. */
export function isRunning(report: Pick<Report, 'lastRun'>): boolean {
  return report.lastRun?.status === 'queued' || report.lastRun?.status === 'running';
}

export function useReports() {
  return useQuery({
    queryKey: reportsQueryKey,
    queryFn: () => api.get('/reports', { schema: zReports }),
    select: (answer) => answer.reports,
    // Polled while a run goes on, so its progress and end show without reloading.
    refetchInterval: (query) =>
      query.state.data?.reports.some((report) => isRunning(report)) ? RUN_POLL_MS : false,
  });
}

export function useReportRecipients(enabled = true) {
  return useQuery({
    queryKey: reportRecipientsQueryKey,
    queryFn: () => api.get('/reports/recipients', { schema: zReportRecipients }),
    select: (answer) => answer.recipients,
    enabled,
  });
}

export function useReportRuns(id: number | null) {
  return useQuery({
    queryKey: reportRunsQueryKey(id ?? 0),
    queryFn: () => api.get(`/reports/${id}/runs`, { schema: zReportRuns }),
    select: (answer) => answer.runs,
    enabled: id !== null,
  });
}

export function createReport(body: ReportBody) {
  return api.post('/reports', body, { schema: zReport });
}

export function updateReport(id: number, body: ReportBody) {
  return api.put(`/reports/${id}`, body, { schema: zReport });
}

export function deleteReport(id: number) {
  return api.delete(`/reports/${id}`);
}

export function runReportNow(id: number) {
  return api.post(`/reports/${id}/runs`, undefined, { schema: zReportRun });
}

/**
 * GET /api/reports/runs/{id}/download: the run's CSV as a file named by the server, or `empty` on 204
 * (the page says "No content"). Failures throw ApiError like every other call.
 */
export async function downloadReportRun(runId: number): Promise<CsvDownload> {
  const url = apiUrl(`/reports/runs/${runId}/download`);
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (cause) {
    const timeout = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({ failure: timeout ? 'timeout' : 'network', status: null, method: 'GET', url, cause });
  }
  if (response.status === 204) return { kind: 'empty' };
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a text answer stays text
    }
    throw new ApiError({
      failure: 'http',
      status: response.status,
      body: parsed,
      requestId: response.headers.get(REQUEST_ID_HEADER),
      method: 'GET',
      url,
    });
  }
  const fileName = dispositionFileName(response.headers.get('content-disposition')) ?? 'report.csv';
  return { kind: 'file', fileName, blob: await response.blob() };
}
