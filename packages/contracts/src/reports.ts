import { z } from 'zod';
import { zDimensionId } from './analytics/dimensions.js';
import { MATCH_TYPES, REPORT_FILTER_TYPES, zReportFilterBy } from './analytics/filters.js';
import { METRICS, zMetricKey } from './analytics/metrics.js';
import { MAX_DIMENSIONS } from './analytics/query.js';

/**
 * Full reports (spec 01 §2 /intelligence/reports/list, spec 02 §3, issue 36): a saved analytics query
 * (dimensions, metrics, report filters) over a named relative period, run on demand or on a schedule,
 * its result kept as a CSV file to download and mailed as a link to the users chosen.
 */

/**
 * The named periods a report covers, recomputed from the account's today at each run (a daily report
 * of "Yesterday" covers a fresh day every time). The ids and labels of the dashboard's named ranges.
 */
export const REPORT_RANGES = [
  'yesterday',
  'today',
  'last7Days',
  'last14Days',
  'last30Days',
  'currentMonth',
] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  yesterday: 'Yesterday',
  today: 'Today',
  last7Days: 'Last 7 days',
  last14Days: 'Last 14 days',
  last30Days: 'Last 30 days',
  currentMonth: 'Current Month',
};
export const DEFAULT_REPORT_RANGE: ReportRange = 'last7Days';

/** `date` (YYYY-MM-DD) moved by `days`. */
function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The days a named period covers given the account's today (`YYYY-MM-DD`), both ends included. */
export function reportPeriod(range: ReportRange, today: string): { from: string; to: string } {
  const yesterday = addDays(today, -1);
  switch (range) {
    case 'yesterday':
      return { from: yesterday, to: yesterday };
    case 'today':
      return { from: today, to: today };
    case 'last7Days':
      return { from: addDays(today, -7), to: yesterday };
    case 'last14Days':
      return { from: addDays(today, -14), to: yesterday };
    case 'last30Days':
      return { from: addDays(today, -30), to: yesterday };
    case 'currentMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
  }
}

/** none: on demand only; daily: each day at midnight in the account's zone; weekly: each Monday then. */
export const REPORT_SCHEDULES = ['none', 'daily', 'weekly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];
export const REPORT_SCHEDULE_LABELS: Record<ReportSchedule, string> = {
  none: 'On demand only',
  daily: 'Daily',
  weekly: 'Weekly (Mondays)',
};

export const REPORT_NAME_MAX = 120;
export const REPORT_MAX_METRICS = 40;
export const REPORT_MAX_RECIPIENTS = 50;
/** Runs of a report kept for download; older runs and their files are deleted. */
export const REPORT_RUNS_KEPT = 10;

/** The metrics a report may carry: every metric but those spec 02 §3 leaves out of report exports. */
export const REPORT_METRICS = (Object.keys(METRICS) as (keyof typeof METRICS)[]).filter(
  (key) => !METRICS[key].excludedFromExport,
);

/** POST /api/reports and PUT /api/reports/{id}. */
export const zReportBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(REPORT_NAME_MAX, `Use at most ${REPORT_NAME_MAX} characters`),
  dimensions: z
    .array(zDimensionId)
    .min(1, 'Choose at least one dimension')
    .max(MAX_DIMENSIONS, `Choose at most ${MAX_DIMENSIONS} dimensions`)
    .refine((ids) => new Set(ids).size === ids.length, 'A dimension appears more than once'),
  metrics: z
    .array(zMetricKey)
    .min(1, 'Choose at least one metric')
    .max(REPORT_MAX_METRICS)
    .refine((keys) => new Set(keys).size === keys.length, 'A metric appears more than once')
    .refine(
      (keys) => keys.every((key) => !METRICS[key].excludedFromExport),
      'Labels, status, fraud severity and traffic veracity are not exported in reports',
    ),
  filterBy: zReportFilterBy.default({ filters: [], matchType: 'all' }),
  range: z.enum(REPORT_RANGES).default(DEFAULT_REPORT_RANGE),
  schedule: z.enum(REPORT_SCHEDULES).default('none'),
  /** Users of the account the finished report is mailed to (a link to the download). */
  recipients: z
    .array(z.number().int().positive())
    .max(REPORT_MAX_RECIPIENTS)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type ReportBody = z.input<typeof zReportBody>;
export type ReportDefinition = z.output<typeof zReportBody>;

export const REPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];
export const REPORT_RUN_STATUS_LABELS: Record<ReportRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Ready',
  failed: 'Failed',
};
export const REPORT_RUN_TRIGGERS = ['manual', 'schedule'] as const;

export const zReportRun = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  status: z.enum(REPORT_RUN_STATUSES),
  trigger: z.enum(REPORT_RUN_TRIGGERS),
  /** The period the run covers, `YYYY-MM-DD`, both ends included. */
  from: z.string(),
  to: z.string(),
  /** Rows written so far (the progress while running), all of them once done. */
  rows: z.number().int(),
  /** Size of the CSV file; 0 when the report had no rows. */
  bytes: z.number().int(),
  error: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof zReportRun>;

/** A saved `filterBy` as answered (validated when it was saved). */
const zSavedFilterBy = z.object({
  filters: z.array(
    z.object({
      column: z.string(),
      type: z.enum(REPORT_FILTER_TYPES),
      values: z.array(z.union([z.string(), z.number()])),
    }),
  ),
  matchType: z.enum(MATCH_TYPES),
});

export const zReport = z.object({
  id: z.number().int(),
  name: z.string(),
  dimensions: z.array(zDimensionId),
  metrics: z.array(zMetricKey),
  filterBy: zSavedFilterBy,
  range: z.enum(REPORT_RANGES),
  schedule: z.enum(REPORT_SCHEDULES),
  recipients: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the schedule runs it next; null for an on-demand report. */
  nextRunAt: z.string().nullable(),
  lastRun: zReportRun.nullable(),
});
export type Report = z.infer<typeof zReport>;

export const zReports = z.object({ reports: z.array(zReport) });
export type Reports = z.infer<typeof zReports>;

export const zReportRuns = z.object({ runs: z.array(zReportRun) });
export type ReportRuns = z.infer<typeof zReportRuns>;

/** GET /api/reports/recipients: the account's users who may receive (and download) reports. */
export const zReportRecipient = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ReportRecipient = z.infer<typeof zReportRecipient>;
export const zReportRecipients = z.object({ recipients: z.array(zReportRecipient) });
