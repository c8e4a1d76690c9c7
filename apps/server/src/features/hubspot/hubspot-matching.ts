import type { FastifyBaseLogger } from 'fastify';
import { matchDeadline } from '../../crm/hubspot-leads.js';
import {
  dueLeads,
  type HubspotLeadRow,
  markExpired,
  markFlagged,
  markRetry,
} from '../../crm/hubspot-leads.repo.js';
import { HubspotError } from '../../integrations/hubspot/hubspot-client.js';
import { OAuthNotConnectedError, OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import { verdictThreats } from '../../verdicts/verdict.js';
import { type HubspotServices, loadPortal, preparePortal, withHubspotToken } from './hubspot.service.js';

/** Leads looked at in one pass (HubSpot's search allows about 4 a second: a pass stays short). */
export const MATCH_BATCH = 200;
/** Waits between tries of a lead whose contact is not in HubSpot yet: 2, 4, 8 … minutes, at most 2 h. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 60_000, 2 * 3_600_000);

/** A portal that cannot be reached now (reconnect, outage, limits): its leads wait this long. */
export const BLOCKED_WAIT_MS = 15 * 60_000;

export interface MatchPass {
  flagged: number;
  waiting: number;
  expired: number;
  failed: number;
}

/**
 * One pass of the HubSpot matching (the job `hubspot.match`): each due lead's contact looked for by its
 * `hubspotutk`, else by its email; found, the verdict and reasons are written on it and the lead is
 * `flagged`; not found yet, tried again later until HUBSPOT_MATCH_WINDOW_HOURS, then `expired`. A
 * portal whose grant is refused waits (its leads too) until the user connects again; one account's
 * failure does not stop the others.
 */
export async function matchHubspotLeads(
  services: HubspotServices,
  log: FastifyBaseLogger,
): Promise<MatchPass> {
  const pass: MatchPass = { flagged: 0, waiting: 0, expired: 0, failed: 0 };
  const client = services.hubspot.client;
  if (!client) return pass;
  const now = services.clock.now();
  const leads = await dueLeads(services.db, now.toISOString(), MATCH_BATCH);
  const blocked = new Set<number>();
  const prepared = new Set<number>();
  for (const lead of leads) {
    if (now.getTime() >= matchDeadline(lead.created_at)) {
      await markExpired(services.db, lead.id);
      pass.expired += 1;
      continue;
    }
    // Out of the way of other accounts' leads until the portal can be reached again.
    const postpone = () =>
      markRetry(services.db, lead.id, {
        attempts: lead.attempts,
        nextTryAt: new Date(now.getTime() + BLOCKED_WAIT_MS).toISOString(),
      });
    if (blocked.has(lead.relationship_id)) {
      await postpone();
      continue;
    }
    try {
      if (!prepared.has(lead.relationship_id)) {
        const known = await loadPortal(services, lead.relationship_id);
        const portal = known?.propertiesReady
          ? known
          : await preparePortal(services, lead.relationship_id, log);
        prepared.add(lead.relationship_id);
        if (!portal?.propertiesReady) {
          blocked.add(lead.relationship_id);
          await postpone();
          continue;
        }
      }
      const found = await withHubspotToken(services, lead.relationship_id, async (token) => {
        const contact = await findContact(services, token, lead);
        return contact && (await client.flag(token, contact.id, lead.verdict, reasonsText(lead.reasons)))
          ? contact
          : null;
      });
      if (found) {
        await markFlagged(services.db, lead.id, {
          contactId: found.id,
          matchedBy: found.by,
          at: services.clock.now().toISOString(),
        });
        pass.flagged += 1;
      } else {
        await retryLater(services, lead, now);
        pass.waiting += 1;
      }
    } catch (error) {
      if (
        error instanceof OAuthNotConnectedError ||
        error instanceof OAuthReconnectError ||
        (error instanceof HubspotError && error.code !== 'refused')
      ) {
        // The portal cannot be reached now: its leads wait (or for a new connection).
        blocked.add(lead.relationship_id);
        await postpone();
      } else if (error instanceof HubspotError) {
        await retryLater(services, lead, now);
      } else {
        throw error;
      }
      pass.failed += 1;
      log.warn(
        {
          relationshipId: lead.relationship_id,
          error: (error as Error).name,
          code: (error as HubspotError).code,
        },
        'hubspot lead not matched',
      );
    }
  }
  return pass;
}

async function findContact(
  services: HubspotServices,
  token: string,
  lead: HubspotLeadRow,
): Promise<{ id: string; by: 'hubspotutk' | 'email' } | null> {
  const client = services.hubspot.client;
  if (!client) return null;
  if (lead.utk) {
    const id = await client.contactByUtk(token, lead.utk);
    if (id) return { id, by: 'hubspotutk' };
  }
  if (lead.email_sealed) {
    const id = await client.contactByEmail(token, services.hubspot.emails.open(lead.email_sealed));
    if (id) return { id, by: 'email' };
  }
  return null;
}

async function retryLater(services: HubspotServices, lead: HubspotLeadRow, now: Date) {
  const attempts = lead.attempts + 1;
  await markRetry(services.db, lead.id, {
    attempts,
    nextTryAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
  });
}

/** The reasons as the dashboard words them, for the contact's property. */
function reasonsText(json: string): string {
  try {
    return verdictThreats(JSON.parse(json) as string[])
      .map((threat) => threat.label)
      .join('; ');
  } catch {
    return '';
  }
}
