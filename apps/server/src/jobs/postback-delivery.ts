import { deliverDuePostbacks, type PostbackDeliveryDeps } from '../postbacks/postback-delivery.service.js';
import type { Job } from './scheduler.js';

export const POSTBACK_DELIVERY_JOB = 'postbacks.deliver';

/**
 * Postback delivery as a job: every `seconds` (POSTBACK_DELIVERY_SECONDS), one pass over the queued
 * postbacks that are due (postbacks/postback-delivery.service.ts). The queue is stored, so
 * whichever server runs the job next picks up what a stopped one left.
 */
export function postbackDeliveryJob(deps: PostbackDeliveryDeps, seconds: number): Job {
  return {
    name: POSTBACK_DELIVERY_JOB,
    everyMs: seconds * 1000,
    async run() {
      await deliverDuePostbacks(deps);
    },
  };
}
