import type { Config } from '../config.js';
import type { AlertDeps } from '../features/alerts/alert-evaluator.js';
import { alertEvaluationJob } from './alert-evaluation.js';
import type { Clock } from './clock.js';
import { JobScheduler } from './scheduler.js';

/**
 * The server's one scheduler with every job of the product registered. main.ts starts it; a test
 * app gets it unstarted and ticks it with an injected clock. ALERTS_CHECK_SECONDS=0 leaves alert
 * evaluation out of this process (another server runs it).
 */
export function createJobScheduler(
  config: Pick<Config, 'alertsCheckSeconds'>,
  alertDeps: AlertDeps,
  clock?: Clock,
): JobScheduler {
  const scheduler = new JobScheduler(alertDeps.db, alertDeps.log, clock ? { clock } : {});
  if (config.alertsCheckSeconds > 0) scheduler.add(alertEvaluationJob(alertDeps, config.alertsCheckSeconds));
  return scheduler;
}
