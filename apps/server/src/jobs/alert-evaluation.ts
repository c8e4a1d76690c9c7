import { type AlertDeps, runDueAlerts } from '../features/alerts/alert-evaluator.js';
import type { Job } from './scheduler.js';

export const ALERT_EVALUATION_JOB = 'alerts.evaluate';

/**
 * Alert evaluation as a job: every `seconds` (ALERTS_CHECK_SECONDS), one pass over the due alerts.
 * The alerts keep their own progress and leases (features/alerts): the pass evaluates every window
 * completed since an alert's last, and several passes at once would share the alerts between them.
 */
export function alertEvaluationJob(deps: AlertDeps, seconds: number): Job {
  return {
    name: ALERT_EVALUATION_JOB,
    everyMs: seconds * 1000,
    async run({ now, owner }) {
      const result = await runDueAlerts(deps, now, owner);
      if (result.evaluated > 0) deps.log.info(result, 'alerts evaluated');
    },
  };
}
