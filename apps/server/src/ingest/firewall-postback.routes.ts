import {
  firewallPostbackPath,
  POSTBACK_STATUS_MAX,
  POSTBACK_TXID_MAX,
  zFirewallPostbackAnswer,
} from '@veracity/contracts/postbacks';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import type { AccountDirectory } from './account-directory.js';
import type { FirewallPostbacks } from './firewall-postbacks.js';
import type { IngestAdmission, IngestApp } from './ingest-admission.js';

/** The parameters of a postback this endpoint reads; any others are kept only for the signature. */
const zPostbackParams = z.object({
  k: z.string().min(1).max(128),
  clickid: z.string().min(1).max(128),
  payout: z.coerce.number().finite().min(0).max(1e12).optional(),
  status: z.string().trim().min(1).max(POSTBACK_STATUS_MAX).optional(),
  txid: z.string().min(1).max(POSTBACK_TXID_MAX).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter ISO 4217 code')
    .transform((value) => value.toUpperCase())
    .optional(),
  sig: z.string().max(256).optional(),
});

const MAX_PARAMS = 100;
const MAX_BODY_BYTES = 16 * 1024;

/** Every parameter of the request: the query string's, and on POST a form or JSON body's. */
function postbackParams(request: FastifyRequest): [string, string][] {
  const url = request.raw.url ?? '';
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const params: [string, string][] = [...new URLSearchParams(query)];
  const body = request.body;
  if (typeof body === 'string') {
    params.push(...new URLSearchParams(body));
  } else if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number') params.push([name, String(value)]);
      else throw ApiError.fields([{ code: 'NOT_VALID', field: name, value: 'must be a string or a number' }]);
    }
  } else if (body !== undefined && body !== null) {
    throw ApiError.badRequest('The body must be a form or a JSON object of parameters');
  }
  if (params.length > MAX_PARAMS) throw ApiError.badRequest(`At most ${MAX_PARAMS} parameters`);
  return params;
}

function parsedParams(params: readonly (readonly [string, string])[]): z.infer<typeof zPostbackParams> {
  const byName: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!(name in zPostbackParams.shape)) continue;
    // A tracker fills a macro it has no value for with nothing: an empty optional parameter is absent.
    if (value === '' && name !== 'k' && name !== 'clickid') continue;
    if (name in byName) {
      throw ApiError.fields([{ code: 'NOT_VALID', field: name, value: 'is given more than once' }]);
    }
    byName[name] = value;
  }
  const parsed = zPostbackParams.safeParse(byName);
  if (parsed.success) return parsed.data;
  throw ApiError.fields(
    parsed.error.issues.map((issue) => ({
      code: 'NOT_VALID',
      field: String(issue.path[0] ?? ''),
      value: issue.message,
    })),
  );
}

/**
 * `GET` and `POST <SENSOR_PATH>/pb`: an advertiser posts a conversion of a firewall click back
 * (`firewall-postbacks.ts` takes it). Parameters in the query string, or on POST in a form or JSON body.
 */
export function firewallPostbackRoutes(
  app: IngestApp,
  deps: {
    accounts: AccountDirectory;
    admission: IngestAdmission;
    postbacks: FirewallPostbacks;
    sensorPath: string;
  },
): void {
  const { accounts, admission, postbacks } = deps;
  const path = firewallPostbackPath(deps.sensorPath);
  const handler = async (request: FastifyRequest) => {
    const params = postbackParams(request);
    const query = parsedParams(params);
    const account = await admission.admitPostback(request.ip, await accounts.bySensorKey(query.k), query.k);
    const { k: _key, sig: _sig, ...fields } = query;
    return postbacks.take(account, { ...fields, params, sourceIp: request.ip }, request.log);
  };
  const schema = { response: { 200: zFirewallPostbackAnswer } };
  app.get(path, { schema }, handler);
  app.post(path, { schema, bodyLimit: MAX_BODY_BYTES }, handler);
}
