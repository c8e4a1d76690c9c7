import { queueDueReports, type ReportRunner } from '../features/reports/report-runner.js';
import type { Job } from './scheduler.js';

export const REPORT_RUNS_JOB = 'reports.run';

/**
 * Full reports as a job: every `seconds` (REPORTS_CHECK_SECONDS), a run queued for each report whose
 * daily or weekly schedule is due, then every waiting run written (on-demand runs start at once; this
 * also picks up those a stopped process left). The runs keep their own leases (features/reports).
 */
export function reportRunsJob(runner: ReportRunner, seconds: number): Job {
  return {
    name: REPORT_RUNS_JOB,
    everyMs: seconds * 1000,
    async run() {
      const queued = await queueDueReports(runner.deps);
      const ran = await runner.runPending();
      if (queued + ran > 0) runner.deps.log.info({ queued, ran }, 'report runs');
    },
  };
}
