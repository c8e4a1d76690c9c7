import { randomBytes } from 'node:crypto';
import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
} from '../kit/fake-service.js';

/**
 * A local Meta: Facebook Login's dialog (a consent page with Allow and Deny, or `approve=1`), the
 * Graph API's token exchanges (`/oauth/access_token` with `code`, then `grant_type=fb_exchange_token`
 * for a long-lived token), `DELETE /me/permissions`, and the Marketing API calls Veracity makes: ad
 * accounts, pixels, custom audiences (a website audience's rule checked), ad sets and their targeting.
 * Errors answer as Graph does: `{error: {message, type, code, error_subcode, fbtrace_id}}`; switches
 * answer #2663 (custom audience terms not accepted) and #17 (user request limit, with the
 * X-Business-Use-Case-Usage header).
 */

export interface FakeMetaOptions {
  port?: number;
  version?: string;
  appId?: string;
  appSecret?: string;
}

interface AdSet {
  id: string;
  name: string;
  effective_status: string;
  accountId: string;
  targeting: Record<string, unknown>;
}

export class MetaAdsFakeState {
  adAccounts: { id: string; name: string; currency: string }[] = [];
  pixels: { id: string; name: string; accountId: string }[] = [];
  audiences: {
    id: string;
    name: string;
    accountId: string;
    rule: unknown;
    approximate_count_lower_bound: number;
  }[] = [];
  adSets: AdSet[] = [];
  /** Accounts whose owner has not accepted the custom audience terms: creating answers #2663. */
  termsNotAccepted = new Set<string>();
  /** The next calls answer #17 (user request limit reached). */
  rateLimitedCalls = 0;
  private next = 23_850_000_000;
  id(): string {
    this.next += 1;
    return String(this.next);
  }
}

export interface FakeMeta {
  /** The Graph API base without the version (META_GRAPH_URL). */
  graphUrl: string;
  /** Facebook Login's dialog base (META_OAUTH_DIALOG_URL). */
  dialogUrl: string;
  version: string;
  appId: string;
  appSecret: string;
  state: MetaAdsFakeState;
  service: FakeService;
  /** Every token issued so far is refused from now on (#190). */
  expireTokens(): void;
  close(): Promise<void>;
}

function graphError(status: number, code: number, message: string, subcode?: number): FakeReply {
  return {
    status,
    body: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'FacebookApiException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

/** Graph takes parameters in the query or a form or JSON body. */
function params(request: FakeRequest): URLSearchParams {
  const merged = new URLSearchParams(request.query);
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json') && request.bodyText) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(request.bodyText) as Record<string, unknown>)) {
        merged.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
    } catch {
      // left to the route's checks
    }
  } else if (request.bodyText) {
    for (const [key, value] of new URLSearchParams(request.bodyText)) merged.set(key, value);
  }
  return merged;
}

export async function startFakeMeta(options: FakeMetaOptions = {}): Promise<FakeMeta> {
  const version = options.version ?? 'v26.0';
  const appId = options.appId ?? '1234567890123456';
  const appSecret = options.appSecret ?? 'fake-meta-app-secret';
  const service = createFakeService({ name: 'Meta (local fake)' });
  const state = new MetaAdsFakeState();
  const codes = new Map<string, string>();
  const tokens = new Map<string, { longLived: boolean }>();
  const v = `/${version}`;

  const issue = (longLived: boolean) => {
    const token = `EAAB${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { longLived });
    return token;
  };

  function approve(query: URLSearchParams): FakeReply {
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    codes.set(code, query.get('redirect_uri') ?? '');
    const target = new URL(query.get('redirect_uri') ?? '');
    target.searchParams.set('code', code);
    target.searchParams.set('state', query.get('state') ?? '');
    return { status: 302, headers: { location: target.toString() } };
  }

  function checkDialog(query: URLSearchParams): FakeReply | null {
    if (query.get('client_id') !== appId) return { status: 400, body: 'Invalid App ID' };
    if (!query.get('redirect_uri') || query.get('response_type') !== 'code' || !query.get('scope')) {
      return { status: 400, body: 'redirect_uri, response_type=code and scope are required' };
    }
    return null;
  }

  service.route('oauth:dialog', 'GET', `${v}/dialog/oauth`, (request) => {
    const refused = checkDialog(request.query);
    if (refused) return refused;
    if (request.query.get('approve') === '1') return approve(request.query);
    const allow = new URLSearchParams(request.query);
    allow.set('decision', 'allow');
    const deny = new URLSearchParams(request.query);
    deny.set('decision', 'deny');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meta: log in</title></head>
<body><main><h1>Meta (local fake)</h1><p>The app asks to manage your ads.</p>
<p><a id="allow" role="button" href="${v}/dialog/oauth/decision?${allow}">Allow</a>
<a id="deny" role="button" href="${v}/dialog/oauth/decision?${deny}">Deny</a></p></main></body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
  });

  service.route('oauth:decision', 'GET', `${v}/dialog/oauth/decision`, (request) => {
    const refused = checkDialog(request.query);
    if (refused) return refused;
    if (request.query.get('decision') === 'allow') return approve(request.query);
    const target = new URL(request.query.get('redirect_uri') ?? '');
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', request.query.get('state') ?? '');
    return { status: 302, headers: { location: target.toString() } };
  });

  service.route('oauth:token', 'GET', `${v}/oauth/access_token`, (request) => {
    const query = request.query;
    if (query.get('client_id') !== appId || query.get('client_secret') !== appSecret) {
      return graphError(400, 1, 'Error validating client secret.');
    }
    if (query.get('grant_type') === 'fb_exchange_token') {
      if (!tokens.has(query.get('fb_exchange_token') ?? ''))
        return graphError(400, 190, 'Invalid OAuth access token.');
      return {
        status: 200,
        body: { access_token: issue(true), token_type: 'bearer', expires_in: 5_183_944 },
      };
    }
    const code = query.get('code') ?? '';
    const redirect = codes.get(code);
    codes.delete(code);
    if (redirect === undefined) return graphError(400, 100, 'This authorization code has been used.', 36009);
    if (redirect !== query.get('redirect_uri')) {
      return graphError(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical.',
        36008,
      );
    }
    return { status: 200, body: { access_token: issue(false), token_type: 'bearer', expires_in: 5400 } };
  });

  /** An API route: a valid token, then the limit switch, then the handler. */
  function api(
    name: string,
    method: string,
    path: string,
    handle: (request: FakeRequest, p: URLSearchParams) => FakeReply,
  ) {
    service.route(name, method, `${v}${path}`, (request) => {
      const bearer =
        request.headers.authorization?.replace(/^Bearer /, '') ?? request.query.get('access_token') ?? '';
      if (!tokens.has(bearer))
        return graphError(401, 190, 'Error validating access token: Session has expired.', 463);
      if (state.rateLimitedCalls > 0) {
        state.rateLimitedCalls -= 1;
        const reply = graphError(400, 17, 'User request limit reached', 2446079);
        return {
          ...reply,
          headers: {
            'x-business-use-case-usage': JSON.stringify({
              x: [{ call_count: 100, estimated_time_to_regain_access: 0 }],
            }),
          },
        };
      }
      return handle(request, params(request));
    });
  }

  api('me:permissions:delete', 'DELETE', '/me/permissions', (request) => {
    tokens.delete(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
    return { status: 200, body: { success: true } };
  });

  api('me:adaccounts', 'GET', '/me/adaccounts', () => ({
    status: 200,
    body: {
      data: state.adAccounts.map((account) => ({
        id: `act_${account.id}`,
        account_id: account.id,
        name: account.name,
        currency: account.currency,
        account_status: 1,
      })),
    },
  }));

  api('act:adspixels', 'GET', '/act_{account}/adspixels', (request) => ({
    status: 200,
    body: {
      data: state.pixels
        .filter((p) => p.accountId === request.params.account)
        .map(({ id, name }) => ({ id, name })),
    },
  }));

  api('act:customaudiences:list', 'GET', '/act_{account}/customaudiences', (request) => ({
    status: 200,
    body: {
      data: state.audiences
        .filter((audience) => audience.accountId === request.params.account)
        .map(({ id, name, approximate_count_lower_bound }) => ({ id, name, approximate_count_lower_bound })),
    },
  }));

  api('act:customaudiences:create', 'POST', '/act_{account}/customaudiences', (request, p) => {
    const account = request.params.account ?? '';
    if (state.termsNotAccepted.has(account)) {
      return graphError(
        400,
        2663,
        `Terms of service has not been accepted. To accept, go to https://business.facebook.com/ads/manage/customaudiences/tos/?act=${account}`,
      );
    }
    let rule: {
      inclusions?: {
        rules?: {
          event_sources?: { id?: string; type?: string }[];
          retention_seconds?: number;
          filter?: unknown;
        }[];
      };
    };
    try {
      rule = JSON.parse(p.get('rule') ?? '');
    } catch {
      return graphError(400, 100, 'Invalid parameter: rule must be JSON');
    }
    const first = rule.inclusions?.rules?.[0];
    const source = first?.event_sources?.[0];
    if (
      !p.get('name') ||
      source?.type !== 'pixel' ||
      !state.pixels.some((px) => px.id === source.id && px.accountId === account)
    ) {
      return graphError(
        400,
        100,
        'Invalid parameter: a website audience needs a name and a pixel of the account.',
      );
    }
    if (!(Number(first?.retention_seconds) > 0 && Number(first?.retention_seconds) <= 180 * 86_400)) {
      return graphError(400, 100, 'Invalid parameter: retention_seconds must be at most 180 days.');
    }
    const id = state.id();
    state.audiences.push({
      id,
      name: p.get('name') ?? '',
      accountId: account,
      rule,
      approximate_count_lower_bound: -1,
    });
    return { status: 200, body: { id } };
  });

  api('act:adsets', 'GET', '/act_{account}/adsets', (request) => ({
    status: 200,
    body: {
      data: state.adSets
        .filter((adSet) => adSet.accountId === request.params.account)
        .map(({ id, name, effective_status, targeting }) => ({ id, name, effective_status, targeting })),
    },
  }));

  api('node:get', 'GET', '/{id}', (request) => {
    const audience = state.audiences.find((item) => item.id === request.params.id);
    if (!audience) return graphError(400, 100, 'Unsupported get request. Object does not exist.', 33);
    const { id, name, approximate_count_lower_bound } = audience;
    return { status: 200, body: { id, name, approximate_count_lower_bound } };
  });

  api('adset:update', 'POST', '/{id}', (request, p) => {
    const adSet = state.adSets.find((item) => item.id === request.params.id);
    if (!adSet) return graphError(400, 100, 'Unsupported post request. Object does not exist.', 33);
    try {
      const targeting = JSON.parse(p.get('targeting') ?? '') as Record<string, unknown>;
      if (!targeting.geo_locations)
        return graphError(400, 100, 'Invalid parameter: targeting needs geo_locations.', 1487079);
      adSet.targeting = targeting;
    } catch {
      return graphError(400, 100, 'Invalid parameter: targeting must be JSON');
    }
    return { status: 200, body: { success: true } };
  });

  service.route('fake:state', 'GET', '/__fake/state', () => ({ status: 200, body: state }));

  const url = await service.listen(options.port);
  return {
    graphUrl: url,
    dialogUrl: url,
    version,
    appId,
    appSecret,
    state,
    service,
    expireTokens: () => tokens.clear(),
    close: () => service.close(),
  };
}
