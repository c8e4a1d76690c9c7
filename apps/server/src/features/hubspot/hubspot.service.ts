import { HUBSPOT_LIST_LIMIT, type HubspotContact, type HubspotState } from '@veracity/contracts/hubspot';
import type { FastifyBaseLogger } from 'fastify';
import { timeRange } from '../../analytics/time-range.js';
import {
  countPending,
  deletePendingLeads,
  flaggedLeads,
  type HubspotLeadRow,
} from '../../crm/hubspot-leads.repo.js';
import { ApiError } from '../../http/api-error.js';
import { contactUrl, HubspotError } from '../../integrations/hubspot/hubspot-client.js';
import { beginOAuthRoundTrip, finishOAuthRoundTrip } from '../../integrations/oauth/oauth-states.repo.js';
import { OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import type { Services } from '../../services.js';
import { type AuditActor, audit } from '../account/audit.js';
import { mayStillLink } from '../account/linking-access.js';
import { deleteChannelRow, findChannelRow, saveChannelRow } from '../ad-channels/ad-channels.repo.js';

/**
 * HubSpot's linking and page (issue 35): consent, the portal and Veracity's two contact properties
 * kept in the integrations' settings row (provider `hubspot`), the flagged contacts of a range.
 */
export type HubspotServices = Pick<Services, 'db' | 'clock' | 'hubspot'>;

export const HUBSPOT_CALLBACK_PATH = '/api/integrations/hubspot/oauth/callback';
export const HUBSPOT_PAGE = '/integrations/hubspot';
export const HUBSPOT_RETURN_PARAM = 'hubspot';

interface PortalRecord {
  portalId: string;
  domain: string;
  propertiesReady: boolean;
  problem: string | null;
}

export async function loadPortal(
  services: HubspotServices,
  relationshipId: number,
): Promise<PortalRecord | null> {
  const row = await findChannelRow(services.db, relationshipId, 'hubspot');
  if (!row) return null;
  try {
    return JSON.parse(row.settings) as PortalRecord;
  } catch {
    return null;
  }
}

async function savePortal(services: HubspotServices, relationshipId: number, record: PortalRecord) {
  const at = services.clock.now().toISOString();
  await saveChannelRow(services.db, relationshipId, 'hubspot', {
    settings: JSON.stringify(record),
    lastSyncAt: at,
    at,
  });
}

function contactOf(appUrl: string, portalId: string, row: HubspotLeadRow): HubspotContact {
  let reasons: string[] = [];
  try {
    reasons = JSON.parse(row.reasons) as string[];
  } catch {
    reasons = [];
  }
  return {
    contactId: row.contact_id ?? '',
    url: contactUrl(appUrl, portalId, row.contact_id ?? ''),
    verdict: row.verdict,
    reasons,
    conversionName: row.conversion_name,
    matchedBy: row.matched_by ?? 'email',
    convertedAt: row.converted_at,
    flaggedAt: row.flagged_at ?? row.converted_at,
  };
}

export async function readHubspot(
  services: HubspotServices,
  relationship: { id: number; timezone: string },
  query: { from: string; to: string },
): Promise<HubspotState> {
  const range = timeRange(query.from, query.to, relationship.timezone);
  const [connection, portal, pending, rows] = await Promise.all([
    services.hubspot.tokens.status(relationship.id, 'hubspot'),
    loadPortal(services, relationship.id),
    countPending(services.db, relationship.id),
    flaggedLeads(
      services.db,
      relationship.id,
      { from: range.from.toISOString(), to: range.to.toISOString() },
      HUBSPOT_LIST_LIMIT,
    ),
  ]);
  const appUrl = services.hubspot.config?.appUrl ?? 'https://app.hubspot.com';
  return {
    configured: services.hubspot.client !== null,
    connection,
    portal: portal && connection !== 'none' ? { id: portal.portalId, domain: portal.domain } : null,
    propertiesReady: connection !== 'none' && (portal?.propertiesReady ?? false),
    pending,
    contacts: portal ? rows.map((row) => contactOf(appUrl, portal.portalId, row)) : [],
    problem: connection !== 'none' ? (portal?.problem ?? null) : null,
  };
}

export async function startHubspotConnect(
  services: HubspotServices,
  actor: AuditActor,
  returnPath: string,
  redirectUri: string,
): Promise<string> {
  const provider = services.hubspot.oauth;
  if (!provider) throw new ApiError(503, 'HubSpot is not configured on this server');
  const state = await beginOAuthRoundTrip(services.db, services.clock.now(), {
    relationshipId: actor.relationshipId,
    userId: actor.actorUserId,
    provider: 'hubspot',
    returnPath,
  });
  await audit(services.db, { ...actor, action: 'hubspot.connect_started', detail: {} });
  return provider.authorizeUrl({ state, redirectUri });
}

function withOutcome(path: string, outcome: string, reason?: string): string {
  const url = new URL(path, 'http://dashboard.invalid');
  url.searchParams.set(HUBSPOT_RETURN_PARAM, outcome);
  if (reason) url.searchParams.set('reason', reason);
  return `${url.pathname}${url.search}`;
}

/**
 * The callback: the round trip taken once, the person's right to link checked again, the code
 * exchanged and the grant kept, then the portal read and the two properties created.
 */
export async function finishHubspotConnect(
  services: HubspotServices,
  log: FastifyBaseLogger,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  redirectUri: string,
  ip: string | null,
): Promise<string> {
  const taken = await finishOAuthRoundTrip(services.db, services.clock.now(), 'hubspot', query.state);
  if (!taken) return withOutcome(HUBSPOT_PAGE, 'error', 'invalid_state');
  const back = (outcome: string, reason?: string) => withOutcome(taken.return_path, outcome, reason);
  if (query.error || !query.code) return back('error', 'access_denied');
  if (!(await mayStillLink(services.db, taken, 'hubspot'))) return back('error', 'access_denied');
  const provider = services.hubspot.oauth;
  if (!provider) return back('error', 'not_configured');
  try {
    const tokens = await provider.exchangeCode({ code: query.code, redirectUri });
    await services.hubspot.tokens.save({
      relationshipId: taken.relationship_id,
      provider: 'hubspot',
      tokens,
      connectedBy: taken.user_id,
    });
  } catch (error) {
    log.warn(
      { relationshipId: taken.relationship_id, error: (error as Error).name },
      'hubspot code exchange failed',
    );
    return back('error', 'exchange_failed');
  }
  const actor: AuditActor = { actorUserId: taken.user_id, relationshipId: taken.relationship_id, ip };
  await audit(services.db, { ...actor, action: 'hubspot.connected', detail: {} });
  await preparePortal(services, taken.relationship_id, log);
  return back('linked');
}

/**
 * Runs `work` with a valid access token; a token HubSpot refuses (401) is renewed once, and a refused
 * renewal turns the connection to "reconnect" (the token store) and throws OAuthReconnectError.
 */
export async function withHubspotToken<T>(
  services: HubspotServices,
  relationshipId: number,
  work: (token: string) => Promise<T>,
): Promise<T> {
  const tokens = services.hubspot.tokens;
  try {
    return await work(await tokens.accessToken(relationshipId, 'hubspot'));
  } catch (error) {
    if (!(error instanceof HubspotError && error.code === 'reconnect')) throw error;
    return work(await tokens.renewAccessToken(relationshipId, 'hubspot'));
  }
}

/**
 * Reads the portal of the grant and creates the two contact properties where missing; a refusal is
 * kept as the page's problem (the matching job tries again).
 */
export async function preparePortal(
  services: HubspotServices,
  relationshipId: number,
  log: FastifyBaseLogger,
): Promise<PortalRecord | null> {
  const client = services.hubspot.client;
  if (!client) return null;
  const record: PortalRecord = (await loadPortal(services, relationshipId)) ?? {
    portalId: '',
    domain: '',
    propertiesReady: false,
    problem: null,
  };
  try {
    await withHubspotToken(services, relationshipId, async (token) => {
      const portal = await client.portal(token);
      record.portalId = portal.id;
      record.domain = portal.domain;
      await client.ensureProperties(token);
    });
    record.propertiesReady = true;
    record.problem = null;
  } catch (error) {
    if (
      error instanceof OAuthReconnectError ||
      (error instanceof HubspotError && error.code === 'reconnect')
    ) {
      record.problem = 'HubSpot no longer accepts Veracity’s access: connect the portal again.';
    } else if (error instanceof HubspotError) {
      record.problem = error.message;
    } else {
      throw error;
    }
    log.warn({ relationshipId, error: (error as Error).name }, 'hubspot portal not prepared');
  }
  await savePortal(services, relationshipId, record);
  return record;
}

export async function disconnectHubspot(
  services: HubspotServices,
  actor: AuditActor,
  relationship: { id: number; timezone: string },
  query: { from: string; to: string },
): Promise<HubspotState> {
  await services.hubspot.tokens.revokeAndDelete(actor.relationshipId, 'hubspot');
  await deleteChannelRow(services.db, actor.relationshipId, 'hubspot');
  await deletePendingLeads(services.db, actor.relationshipId);
  await audit(services.db, { ...actor, action: 'hubspot.disconnected', detail: {} });
  return readHubspot(services, relationship, query);
}
