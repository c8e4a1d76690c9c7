import { randomBytes } from 'node:crypto';
import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
} from '../kit/fake-service.js';

/**
 * A local TikTok: the advertiser authorization page (`/portal/auth`, a consent page with Allow and
 * Deny, or `approve=1`) redirecting with `auth_code`, and the Business API v1.3 calls Veracity makes
 * under `/open_api/v1.3/`: the token exchange and revocation, the advertisers of a token, pixels,
 * custom audiences (a website traffic audience's rule checked), ad groups and their excluded
 * audiences. Every answer is HTTP 200 with TikTok's envelope `{code, message, request_id, data}`;
 * request fields are checked (unknown or missing: 40002). Switches answer 40100 (too many requests)
 * and 40105 (the token is expired or revoked).
 */

export interface FakeTikTokOptions {
  port?: number;
  appId?: string;
  secret?: string;
}

export class TikTokAdsFakeState {
  advertisers: { advertiser_id: string; advertiser_name: string }[] = [];
  pixels: { pixel_id: string; pixel_code: string; pixel_name: string; advertiserId: string }[] = [];
  audiences: {
    audience_id: string;
    name: string;
    advertiserId: string;
    audience_type: string;
    rule_spec: unknown;
    cover_num: number;
  }[] = [];
  adGroups: {
    adgroup_id: string;
    adgroup_name: string;
    operation_status: string;
    advertiserId: string;
    excluded_audience_ids: string[];
  }[] = [];
  /** The next calls answer 40100 (too many requests). */
  rateLimitedCalls = 0;
  /** The next calls answer 40105 (access token expired or revoked), whatever token they carry. */
  expiredTokenCalls = 0;
  private next = 1_790_000_000_000_000;
  id(): string {
    this.next += 1;
    return String(this.next);
  }
}

export interface FakeTikTok {
  /** The Business API base before the version (TIKTOK_ADS_API_URL). */
  apiUrl: string;
  /** The advertiser authorization page (TIKTOK_OAUTH_AUTHORIZE_URL). */
  authorizeUrl: string;
  appId: string;
  secret: string;
  state: TikTokAdsFakeState;
  service: FakeService;
  /** Every token issued so far is refused from now on (40105). */
  expireTokens(): void;
  close(): Promise<void>;
}

type Params = Record<string, unknown>;
interface Shape {
  required: string[];
  optional?: string[];
}

const envelope = (code: number, message: string, data: unknown = {}): FakeReply => ({
  status: 200,
  body: { code, message, request_id: randomBytes(12).toString('hex'), data },
});
const ok = (data: unknown) => envelope(0, 'OK', data);
const invalid = (message: string) => envelope(40002, message);

/** GET fields come in the query (arrays and objects as JSON text); POST fields in a JSON body. */
function readParams(request: FakeRequest): Params | string {
  if (request.method === 'GET') {
    const params: Params = {};
    for (const [key, value] of request.query) {
      try {
        params[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
      } catch {
        return `${key}: Not a valid JSON.`;
      }
    }
    return params;
  }
  if (!(request.headers['content-type'] ?? '').includes('application/json'))
    return 'Content-Type must be application/json.';
  try {
    const body: unknown = JSON.parse(request.bodyText);
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Params)
      : 'Body must be a JSON object.';
  } catch {
    return 'Body must be a JSON object.';
  }
}

function checkShape(params: Params, shape: Shape): string | null {
  const known = new Set([...shape.required, ...(shape.optional ?? [])]);
  const unknown = Object.keys(params).find((key) => !known.has(key));
  if (unknown) return `${unknown}: Unknown field.`;
  const missing = shape.required.find((key) => params[key] === undefined || params[key] === '');
  return missing ? `${missing}: Missing data for required field.` : null;
}

function paged<T>(items: T[], params: Params, max: number): { items: T[]; page_info: object } | string {
  const page = Number(params.page ?? 1);
  const size = Number(params.page_size ?? 10);
  if (!(Number.isInteger(page) && page >= 1)) return 'page: Must be at least 1.';
  if (!(Number.isInteger(size) && size >= 1 && size <= max))
    return `page_size: Must be between 1 and ${max}.`;
  return {
    items: items.slice((page - 1) * size, page * size),
    page_info: {
      page,
      page_size: size,
      total_number: items.length,
      total_page: Math.ceil(items.length / size),
    },
  };
}

const isObject = (value: unknown): value is Params =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A website traffic audience's rule: pixels of the advertiser, 1–365 days, EVENT EQ filters; nothing else. */
function checkRule(spec: unknown, pixelIds: Set<string>): string | null {
  if (
    !isObject(spec) ||
    Object.keys(spec).some((key) => key !== 'inclusion_rule_set' && key !== 'exclusion_rule_set')
  )
    return 'rule_spec: Only inclusion_rule_set and exclusion_rule_set are allowed.';
  const set = spec.inclusion_rule_set;
  if (
    !isObject(set) ||
    !['OR', 'AND'].includes(String(set.operator)) ||
    !Array.isArray(set.rules) ||
    set.rules.length === 0
  )
    return 'rule_spec.inclusion_rule_set: operator (OR, AND) and rules are required.';
  for (const rule of set.rules as unknown[]) {
    if (
      !isObject(rule) ||
      checkShape(rule, { required: ['event_source_ids', 'retention_days', 'filter_set'] })
    )
      return 'rule_spec.inclusion_rule_set.rules: event_source_ids, retention_days and filter_set are required.';
    const sources = rule.event_source_ids;
    if (!Array.isArray(sources) || sources.length === 0 || !sources.every((id) => pixelIds.has(String(id))))
      return 'event_source_ids: Not a pixel of this advertiser.';
    const days = rule.retention_days;
    if (!(typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 365))
      return 'retention_days: Must be between 1 and 365.';
    const filterSet = rule.filter_set;
    const filters = isObject(filterSet) ? filterSet.filters : undefined;
    if (
      !isObject(filterSet) ||
      !['OR', 'AND'].includes(String(filterSet.operator)) ||
      !Array.isArray(filters)
    )
      return 'filter_set: operator (OR, AND) and filters are required.';
    for (const filter of filters as unknown[]) {
      if (!isObject(filter) || checkShape(filter, { required: ['field', 'operator', 'value'] }))
        return 'filter_set.filters: field, operator and value are required.';
      if (filter.field !== 'EVENT' || filter.operator !== 'EQ' || typeof filter.value !== 'string')
        return 'filter_set.filters: field must be EVENT, operator EQ, value an event name.';
    }
  }
  return null;
}

const AD_GROUP_FIELDS = ['adgroup_id', 'adgroup_name', 'operation_status', 'excluded_audience_ids'];

export async function startFakeTikTok(options: FakeTikTokOptions = {}): Promise<FakeTikTok> {
  const appId = options.appId ?? '7300000000000000001';
  const secret = options.secret ?? 'fake-tiktok-app-secret';
  const service = createFakeService({ name: 'TikTok (local fake)' });
  const state = new TikTokAdsFakeState();
  const codes = new Set<string>();
  const tokens = new Set<string>();
  const v = '/open_api/v1.3';

  function authorizePage(request: FakeRequest): FakeReply {
    const query = request.query;
    if (query.get('app_id') !== appId) return { status: 400, body: 'The app_id is invalid.' };
    if (!query.get('redirect_uri') || !query.get('state'))
      return { status: 400, body: 'redirect_uri and state are required.' };
    const target = new URL(query.get('redirect_uri') ?? '');
    const decision = query.get('approve') === '1' ? 'allow' : query.get('decision');
    if (decision === 'allow') {
      const code = randomBytes(20).toString('hex');
      codes.add(code);
      target.searchParams.set('auth_code', code);
    } else if (decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
    } else {
      const link = (value: string) =>
        `/portal/auth?${new URLSearchParams({ ...Object.fromEntries(query), decision: value })}`;
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TikTok for Business: authorize</title></head>
<body><main><h1>TikTok for Business (local fake)</h1><p>The app asks to manage your ad accounts' audiences and ad groups.</p>
<p><a id="allow" role="button" href="${link('allow')}">Confirm</a>
<a id="deny" role="button" href="${link('deny')}">Cancel</a></p></main></body></html>`;
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
    }
    target.searchParams.set('state', query.get('state') ?? '');
    return { status: 302, headers: { location: target.toString() } };
  }
  service.route('portal:auth', 'GET', '/portal/auth', authorizePage);

  /** A Business API route: the envelope, the token, the switches, the request's shape, then the handler. */
  function api(
    name: string,
    method: 'GET' | 'POST',
    path: string,
    shape: Shape,
    handle: (params: Params) => FakeReply,
    options: { token: boolean } = { token: true },
  ) {
    service.route(name, method, `${v}${path}`, (request) => {
      if (options.token) {
        const token = request.headers['access-token'] ?? '';
        if (!token) return envelope(40104, 'Access token is empty.');
        if (!tokens.has(token) || state.expiredTokenCalls > 0) {
          state.expiredTokenCalls = Math.max(0, state.expiredTokenCalls - 1);
          return envelope(40105, 'Access token is incorrect or has been revoked.');
        }
      }
      if (state.rateLimitedCalls > 0) {
        state.rateLimitedCalls -= 1;
        return envelope(40100, 'Too many requests. Please retry in some time.');
      }
      const params = readParams(request);
      if (typeof params === 'string') return invalid(params);
      const refused = checkShape(params, shape);
      return refused ? invalid(refused) : handle(params);
    });
  }

  const app = (params: Params) => params.app_id === appId && params.secret === secret;

  api(
    'oauth2:access_token',
    'POST',
    '/oauth2/access_token/',
    { required: ['app_id', 'secret', 'auth_code'] },
    (params) => {
      if (!app(params)) return invalid('app_id or secret is invalid.');
      if (!codes.delete(String(params.auth_code))) return envelope(40131, 'Authorization code is expired.');
      const token = randomBytes(20).toString('hex');
      tokens.add(token);
      return ok({
        access_token: token,
        advertiser_ids: state.advertisers.map((advertiser) => advertiser.advertiser_id),
        scope: [4, 5, 6],
      });
    },
    { token: false },
  );

  api(
    'oauth2:revoke_token',
    'POST',
    '/oauth2/revoke_token/',
    { required: ['app_id', 'secret', 'access_token'] },
    (params) => {
      if (!app(params)) return invalid('app_id or secret is invalid.');
      tokens.delete(String(params.access_token));
      return ok({});
    },
  );

  api(
    'oauth2:advertiser:get',
    'GET',
    '/oauth2/advertiser/get/',
    { required: ['app_id', 'secret'] },
    (params) => (app(params) ? ok({ list: state.advertisers }) : invalid('app_id or secret is invalid.')),
  );

  api(
    'pixel:list',
    'GET',
    '/pixel/list/',
    { required: ['advertiser_id'], optional: ['page', 'page_size'] },
    (params) => {
      const pixels = state.pixels
        .filter((pixel) => pixel.advertiserId === params.advertiser_id)
        .map(({ pixel_id, pixel_code, pixel_name }) => ({ pixel_id, pixel_code, pixel_name }));
      const page = paged(pixels, params, 20);
      return typeof page === 'string' ? invalid(page) : ok({ pixels: page.items, page_info: page.page_info });
    },
  );

  const audienceOut = (audience: TikTokAdsFakeState['audiences'][number]) => ({
    audience_id: audience.audience_id,
    name: audience.name,
    audience_type: audience.audience_type,
    cover_num: audience.cover_num,
    is_valid: true,
  });

  api(
    'dmp:custom_audience:list',
    'GET',
    '/dmp/custom_audience/list/',
    { required: ['advertiser_id'], optional: ['page', 'page_size'] },
    (params) => {
      const own = state.audiences.filter((audience) => audience.advertiserId === params.advertiser_id);
      const page = paged(own.map(audienceOut), params, 100);
      return typeof page === 'string' ? invalid(page) : ok({ list: page.items, page_info: page.page_info });
    },
  );

  api(
    'dmp:custom_audience:get',
    'GET',
    '/dmp/custom_audience/get/',
    { required: ['advertiser_id', 'custom_audience_ids'], optional: ['history_size'] },
    (params) => {
      const ids = params.custom_audience_ids;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100)
        return invalid('custom_audience_ids: Length must be between 1 and 100.');
      const found = ids.map((id) =>
        state.audiences.find(
          (item) => item.audience_id === String(id) && item.advertiserId === params.advertiser_id,
        ),
      );
      if (found.some((audience) => !audience)) return envelope(40002, 'Custom audience does not exist.');
      return ok({
        list: found.map((audience) => ({
          audience_details: audience && audienceOut(audience),
          audience_history: [],
        })),
      });
    },
  );

  api(
    'dmp:custom_audience:rule:create',
    'POST',
    '/dmp/custom_audience/rule/create/',
    {
      required: ['advertiser_id', 'custom_audience_name', 'audience_type', 'rule_spec'],
      optional: ['audience_sub_type', 'is_auto_refresh', 'retention_in_days'],
    },
    (params) => {
      const advertiserId = String(params.advertiser_id);
      const name = String(params.custom_audience_name);
      if (name.length > 128) return invalid('custom_audience_name: Length must be at most 128.');
      if (params.audience_type !== 'PIXEL')
        return invalid('audience_type: This fake builds PIXEL audiences only.');
      const pixelIds = new Set(
        state.pixels.filter((p) => p.advertiserId === advertiserId).map((p) => p.pixel_id),
      );
      const refused = checkRule(params.rule_spec, pixelIds);
      if (refused) return invalid(refused);
      const audience_id = state.id();
      state.audiences.push({
        audience_id,
        name,
        advertiserId,
        audience_type: 'PIXEL',
        rule_spec: params.rule_spec,
        cover_num: 0,
      });
      return ok({ custom_audience_id: audience_id });
    },
  );

  api(
    'adgroup:get',
    'GET',
    '/adgroup/get/',
    { required: ['advertiser_id'], optional: ['fields', 'page', 'page_size', 'filtering'] },
    (params) => {
      const fields = params.fields ?? AD_GROUP_FIELDS;
      if (!Array.isArray(fields) || fields.some((field) => !AD_GROUP_FIELDS.includes(String(field))))
        return invalid(`fields: Must be a list of ${AD_GROUP_FIELDS.join(', ')}.`);
      const own = state.adGroups
        .filter((adGroup) => adGroup.advertiserId === params.advertiser_id)
        .map((adGroup) =>
          Object.fromEntries(fields.map((field) => [field, adGroup[field as keyof typeof adGroup]])),
        );
      const page = paged(own, params, 1000);
      return typeof page === 'string' ? invalid(page) : ok({ list: page.items, page_info: page.page_info });
    },
  );

  api(
    'adgroup:update',
    'POST',
    '/adgroup/update/',
    { required: ['advertiser_id', 'adgroup_id'], optional: ['excluded_audience_ids', 'adgroup_name'] },
    (params) => {
      const adGroup = state.adGroups.find(
        (item) => item.adgroup_id === params.adgroup_id && item.advertiserId === params.advertiser_id,
      );
      if (!adGroup) return invalid('adgroup_id: Ad group does not exist.');
      const excluded = params.excluded_audience_ids;
      if (excluded !== undefined) {
        const known = new Set(
          state.audiences.filter((a) => a.advertiserId === adGroup.advertiserId).map((a) => a.audience_id),
        );
        if (!Array.isArray(excluded) || !excluded.every((id) => typeof id === 'string' && known.has(id)))
          return invalid('excluded_audience_ids: Must be audiences of this advertiser.');
        adGroup.excluded_audience_ids = excluded as string[];
      }
      if (typeof params.adgroup_name === 'string') adGroup.adgroup_name = params.adgroup_name;
      return ok({ adgroup_id: adGroup.adgroup_id });
    },
  );

  service.route('fake:state', 'GET', '/__fake/state', () => ({ status: 200, body: state }));

  const url = await service.listen(options.port);
  return {
    apiUrl: `${url}/open_api`,
    authorizeUrl: `${url}/portal/auth`,
    appId,
    secret,
    state,
    service,
    expireTokens: () => tokens.clear(),
    close: () => service.close(),
  };
}
