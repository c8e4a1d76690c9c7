import {
  type PerformanceEmailDeps,
  sendPerformanceEmails,
} from '../features/email/performance-email.service.js';
import type { Job } from './scheduler.js';

export const PERFORMANCE_EMAIL_JOB = 'performance.email';

/**
 * The weekly performance mail as a job: every `seconds` (PERFORMANCE_EMAIL_CHECK_SECONDS), the accounts
 * whose local Monday morning it is mail their users about the week that ended, once per account, user
 * and week (features/email/performance-email.service.ts keeps the marks).
 */
export function performanceEmailJob(deps: PerformanceEmailDeps, seconds: number): Job {
  return {
    name: PERFORMANCE_EMAIL_JOB,
    everyMs: seconds * 1000,
    async run({ now }) {
      const result = await sendPerformanceEmails(deps, now);
      if (result.mailed > 0) deps.log.info(result, 'performance mails queued');
    },
  };
}
