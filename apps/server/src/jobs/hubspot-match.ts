import type { FastifyBaseLogger } from 'fastify';
import type { HubspotServices } from '../features/hubspot/hubspot.service.js';
import { matchHubspotLeads } from '../features/hubspot/hubspot-matching.js';
import type { Job } from './scheduler.js';

export const HUBSPOT_MATCH_JOB = 'hubspot.match';

/**
 * Every `seconds` (HUBSPOT_MATCH_SECONDS, default 300), the invalid and suspicious leads waiting for their HubSpot
 * contact: found ones flagged, the others tried again later (features/hubspot/hubspot-matching.ts).
 */
export function hubspotMatchJob(
  deps: { services: HubspotServices; log: FastifyBaseLogger },
  seconds: number,
): Job {
  return {
    name: HUBSPOT_MATCH_JOB,
    everyMs: seconds * 1000,
    async run() {
      const pass = await matchHubspotLeads(deps.services, deps.log);
      if (pass.flagged + pass.waiting + pass.expired + pass.failed > 0) {
        deps.log.info(pass, 'hubspot matching pass');
      }
    },
  };
}
