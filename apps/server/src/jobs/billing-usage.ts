import { checkPlanUsage, type UsageNoticeDeps } from '../features/billing/usage-notices.service.js';
import type { Job } from './scheduler.js';

export const BILLING_USAGE_JOB = 'billing.usage';

/**
 * The plan usage check as a job: every `seconds` (BILLING_USAGE_CHECK_SECONDS), each active account on
 * a plan of the catalogue whose visits this month reached 80% or 100% of its plan's gets one mail to
 * its admins per threshold and month (features/billing/usage-notices.service.ts keeps the notices).
 */
export function billingUsageJob(deps: UsageNoticeDeps, seconds: number): Job {
  return {
    name: BILLING_USAGE_JOB,
    everyMs: seconds * 1000,
    async run({ now }) {
      const result = await checkPlanUsage(deps, now);
      if (result.mailed > 0) deps.log.info(result, 'plan usage checked');
    },
  };
}
