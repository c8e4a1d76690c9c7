import { HTTP_STATUS } from '@veracity/contracts/errors';
import {
  type FirewallClickQuery,
  firewallClickPath,
  firewallVerdictPath,
  zFirewallClickQuery,
  zFirewallTagVerdict,
  zFirewallVerdictQuery,
} from '@veracity/contracts/firewall';
import { CUSTOM_VAR_NAMES, type CustomVarName } from '@veracity/contracts/s2s';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import type { AccountDirectory } from './account-directory.js';
import { type ClickOutcome, type FirewallClicks, UnknownClickTargetError } from './firewall-clicks.js';
import { NEUTRAL_PAGE, tagVerdictOf } from './firewall-decision.js';
import { header, type IngestAdmission, type IngestApp } from './ingest-admission.js';
import { visitorFacts } from './sensor-events.routes.js';

const zCampaignParams = z.object({ campaignId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The custom variables a click link carried, empty ones left out. */
function varsOf(query: FirewallClickQuery): Partial<Record<CustomVarName, string>> {
  const vars: Partial<Record<CustomVarName, string>> = {};
  for (const name of CUSTOM_VAR_NAMES) {
    const value = query[name];
    if (value) vars[name] = value;
  }
  return vars;
}

/**
 * A destination as a Location header may carry it: parsed and serialised again (characters beyond
 * ASCII percent-encoded, tabs and line breaks gone), http(s) only; null (the neutral page) otherwise.
 */
function location(destination: string | null): string | null {
  if (destination === null) return null;
  try {
    const url = new URL(destination);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The click link as the visitor requested it: the hit's URL. */
function requestedUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`.slice(0, 8192);
}

/** The status and a short text of a refused click: a visitor's browser shows it, so plain text. */
function refusal(error: FastifyError | Error): {
  status: number;
  text: string;
  headers: Record<string, string>;
} {
  if (error instanceof UnknownClickTargetError)
    return { status: HTTP_STATUS.NOT_FOUND, text: error.message, headers: {} };
  if (error instanceof ApiError) {
    const text = typeof error.body === 'string' ? error.body : 'Invalid request';
    return { status: error.statusCode, text, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => issue.instancePath.replace(/^\//, '') || 'query');
    return {
      status: HTTP_STATUS.BAD_REQUEST,
      text: `Invalid link: ${[...new Set(fields)].join(', ')}`,
      headers: {},
    };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, text: 'Invalid link', headers: {} };
  return { status: HTTP_STATUS.SERVICE_UNAVAILABLE, text: 'Temporarily unavailable', headers: {} };
}

function plainPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, text, headers } = refusal(error);
  if (status >= 500) request.log.error({ err: error }, 'firewall click not answered');
  return reply
    .code(status)
    .headers(headers)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(text);
}

/**
 * The firewall's public endpoints (issue 34, docs/integrations/firewall.md "Click link"): the click
 * link, `GET <SENSOR_PATH>/fc/:campaignId`, which assesses the click, stores it and redirects the
 * visitor (302) to the offer or the safe page (or shows the neutral page); and the JS tag's verdict,
 * `GET <SENSOR_PATH>/fw`, the same decision answered as JSON to any origin (CORS, no cookies).
 */
export function firewallClickRoutes(
  app: IngestApp,
  deps: {
    clicks: FirewallClicks;
    accounts: AccountDirectory;
    admission: IngestAdmission;
    sensorPath: string;
  },
): void {
  const { clicks, accounts, admission } = deps;

  app.get(
    `${firewallClickPath(deps.sensorPath)}/:campaignId`,
    { schema: { params: zCampaignParams, querystring: zFirewallClickQuery }, errorHandler: plainPage },
    async (request, reply) => {
      const query = request.query;
      const ip = request.ip;
      const account = await admission.admitClick(ip, await accounts.bySensorKey(query.k), query.k);
      const target = await clicks.target(account, request.params.campaignId, query.offer);
      const outcome = await clicks.click(target, {
        url: requestedUrl(request),
        referrer: header(request, 'referer')?.slice(0, 4096) || null,
        request: visitorFacts(request, ip),
        sourceClickId: query.clickid || null,
        subPublisher: query.sub || null,
        vars: varsOf(query),
      });
      reply.header('cache-control', 'no-store');
      const to = location(outcome.destination);
      if (to !== null) return reply.redirect(to, 302);
      return reply.type('text/html; charset=utf-8').send(NEUTRAL_PAGE);
    },
  );

  app.get(
    firewallVerdictPath(deps.sensorPath),
    { schema: { querystring: zFirewallVerdictQuery, response: { 200: zFirewallTagVerdict } } },
    async (request, reply) => {
      const query = request.query;
      const ip = request.ip;
      const account = await admission.admitClick(ip, await accounts.bySensorKey(query.k), query.k);
      const target = await clicks.target(account, query.c, undefined).catch((error: unknown) => {
        throw error instanceof UnknownClickTargetError ? ApiError.notFound(error.message) : error;
      });
      const outcome: ClickOutcome = await clicks.click(target, {
        url: query.u,
        referrer: query.r || null,
        request: visitorFacts(request, ip),
        sourceClickId: null,
        subPublisher: null,
        vars: {},
      });
      const status = outcome.status ?? (outcome.delivered ? 'delivered' : 'blocked');
      return reply
        .header('cache-control', 'no-store')
        .send(tagVerdictOf(status, location(outcome.destination), query.u));
    },
  );
}
