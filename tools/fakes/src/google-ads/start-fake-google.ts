import { randomBytes } from 'node:crypto';
import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
  type InjectedFailure,
} from '../kit/fake-service.js';
import { addOAuthProvider, type OAuthFake } from '../kit/oauth.js';
import { mutateCustomer } from './customer-mutate.js';
import {
  badRequestPayload,
  googleAdsError,
  permissionDenied,
  quotaExhausted,
  unauthenticated,
} from './errors.js';
import { GaqlError, parseGaql } from './gaql.js';
import { addInspectionRoutes } from './inspect.js';
import {
  type MutateContext,
  mutateCampaignCriteria,
  mutateCustomerNegativeCriteria,
  mutateUserLists,
} from './mutate.js';
import { offsetOf, pageTokenFor, runSearch } from './search.js';
import { checkShape, SHAPES, type Shape } from './shapes.js';
import { type FakeCustomer, GoogleAdsFakeState } from './state.js';

/**
 * A local Google: OAuth (consent page, token, revoke) and the Google Ads REST API under
 * /{version}/, on one loopback port. Point GOOGLE_ADS_API_URL and the GOOGLE_OAUTH_* URLs at it.
 */

export interface FakeGoogleOptions {
  port?: number;
  version?: string;
  clientId?: string;
  clientSecret?: string;
  accessTokenLifetimeSeconds?: number;
  redirectUris?: readonly string[];
  /** The clock (tokens and DURING date ranges); default Date.now. */
  now?: () => number;
}

/** The Google Ads API routes, by the names injectError and requestsTo take. */
export type GoogleAdsRoute =
  | 'googleAds:listAccessibleCustomers'
  | 'googleAds:search'
  | 'googleAds:campaignCriteria:mutate'
  | 'googleAds:customerNegativeCriteria:mutate'
  | 'googleAds:userLists:mutate'
  | 'googleAds:customers:mutate';

export interface FakeGoogle {
  /** The API base (GOOGLE_ADS_API_URL); the version is the first path segment. */
  url: string;
  version: string;
  clientId: string;
  clientSecret: string;
  oauthUrls: { authorize: string; token: string; revoke: string };
  state: GoogleAdsFakeState;
  oauth: OAuthFake;
  service: FakeService;
  requests: FakeService['requests'];
  injectError(route: GoogleAdsRoute | string, failure: InjectedFailure): void;
  /** The next `times` calls of the route answer 429 RESOURCE_EXHAUSTED with this retry delay. */
  injectQuotaError(route: GoogleAdsRoute | string, retryDelaySeconds: number, times?: number): void;
  close(): Promise<void>;
}

function requestId(): string {
  return randomBytes(11).toString('base64url');
}

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const version = options.version ?? 'v26';
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const now = options.now ?? Date.now;
  const state = new GoogleAdsFakeState();
  const service = createFakeService({
    name: 'google',
    rateLimitReply: (seconds) => quotaExhausted(version, seconds, requestId()),
  });
  const oauth = addOAuthProvider(service, {
    clientId,
    clientSecret,
    providerName: 'Google',
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    revokePath: '/revoke',
    ...(options.accessTokenLifetimeSeconds !== undefined
      ? { accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds }
      : {}),
    ...(options.redirectUris ? { redirectUris: options.redirectUris } : {}),
    now,
  });

  function authenticate(request: FakeRequest, id: string): FakeReply | undefined {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const check = oauth.checkAccessToken(bearer);
    return check.valid ? undefined : unauthenticated(version, check.reason, id);
  }

  /** The customer a call reaches, or the refusal: directly accessible, or through login-customer-id. */
  function reach(
    request: FakeRequest,
    customerId: string,
    id: string,
  ): FakeCustomer | { refused: FakeReply } {
    const customer = state.customers.get(customerId);
    const login = request.headers['login-customer-id'];
    if (login !== undefined && !/^\d{10}$/.test(login)) {
      return {
        refused: googleAdsError(
          version,
          400,
          'Request contains an invalid argument.',
          [
            {
              errorCode: { requestError: 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION' },
              message: 'The login-customer-id header must be 10 digits without dashes.',
            },
          ],
          id,
        ),
      };
    }
    if (!customer) return { refused: permissionDenied(version, customerId, id) };
    const through = login ?? customerId;
    const reachable =
      state.accessible.has(through) &&
      (through === customerId || state.ancestors(customerId).includes(through));
    return reachable ? customer : { refused: permissionDenied(version, customerId, id) };
  }

  function parseBody(request: FakeRequest, shape: Shape): { body: Record<string, unknown> } | FakeReply {
    let parsed: unknown;
    try {
      parsed = request.bodyText === '' ? {} : JSON.parse(request.bodyText);
    } catch {
      return badRequestPayload('Invalid JSON payload received. Unexpected token.');
    }
    const checked = checkShape(parsed, shape);
    if (!checked.ok) return badRequestPayload(checked.message);
    return { body: checked.value as Record<string, unknown> };
  }

  const base = `/${version}`;
  service.route(
    'googleAds:listAccessibleCustomers',
    'GET',
    `${base}/customers:listAccessibleCustomers`,
    (request) => {
      const id = requestId();
      const refused = authenticate(request, id);
      if (refused) return refused;
      return {
        status: 200,
        body: { resourceNames: [...state.accessible].sort().map((customerId) => `customers/${customerId}`) },
      };
    },
  );

  service.route('googleAds:search', 'POST', `${base}/customers/{customerId}/googleAds:search`, (request) => {
    const id = requestId();
    const refused = authenticate(request, id);
    if (refused) return refused;
    const parsed = parseBody(request, SHAPES.search);
    if ('status' in parsed) return parsed;
    const body = parsed.body as { query?: string; pageToken?: string; pageSize?: string };
    const customer = reach(request, request.params.customerId ?? '', id);
    if ('refused' in customer) return customer.refused;
    const invalid = (errorCode: Record<string, string>, message: string, trigger?: string) =>
      googleAdsError(
        version,
        400,
        'Request contains an invalid argument.',
        [{ errorCode, message, ...(trigger ? { trigger: { stringValue: trigger } } : {}) }],
        id,
      );
    if (body.pageSize !== undefined) {
      return invalid(
        { requestError: 'PAGE_SIZE_NOT_SUPPORTED' },
        "Setting the page size is not supported. Search Responses will have fixed page size of '10000' rows.",
      );
    }
    if (!body.query) return invalid({ queryError: 'QUERY_NOT_FOUND' }, 'The query was not provided.');
    try {
      const query = parseGaql(body.query);
      const rows = runSearch(state, customer, query, new Date(now()).toISOString().slice(0, 10));
      const offset = body.pageToken ? offsetOf(body.query, body.pageToken) : 0;
      if (offset === undefined)
        return invalid({ requestError: 'INVALID_PAGE_TOKEN' }, 'Page token is invalid.', body.pageToken);
      const page = rows.slice(offset, offset + state.pageSize);
      const next =
        offset + state.pageSize < rows.length ? pageTokenFor(body.query, offset + state.pageSize) : undefined;
      return {
        status: 200,
        body: {
          ...(page.length > 0 ? { results: page } : {}),
          ...(next ? { nextPageToken: next } : {}),
          fieldMask: query.fields
            .map((field) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()))
            .join(','),
          requestId: id,
        },
      };
    } catch (error) {
      if (error instanceof GaqlError)
        return invalid({ queryError: error.code }, error.message, error.trigger);
      throw error;
    }
  });

  const mutateRoute = (
    name: GoogleAdsRoute,
    suffix: string,
    shape: Shape,
    run: (context: MutateContext, body: Record<string, unknown>) => FakeReply,
  ) => {
    service.route(name, 'POST', `${base}/customers/{customerId}${suffix}`, (request) => {
      const id = requestId();
      const refused = authenticate(request, id);
      if (refused) return refused;
      const parsed = parseBody(request, shape);
      if ('status' in parsed) return parsed;
      const customer = reach(request, request.params.customerId ?? '', id);
      if ('refused' in customer) return customer.refused;
      return run({ state, customerId: customer.id, version, requestId: id }, parsed.body);
    });
  };
  mutateRoute(
    'googleAds:campaignCriteria:mutate',
    '/campaignCriteria:mutate',
    SHAPES.campaignCriteria,
    mutateCampaignCriteria,
  );
  mutateRoute(
    'googleAds:customerNegativeCriteria:mutate',
    '/customerNegativeCriteria:mutate',
    SHAPES.customerNegativeCriteria,
    mutateCustomerNegativeCriteria,
  );
  mutateRoute('googleAds:userLists:mutate', '/userLists:mutate', SHAPES.userLists, mutateUserLists);
  mutateRoute('googleAds:customers:mutate', ':mutate', SHAPES.customer, mutateCustomer);

  addInspectionRoutes(service, state);

  const url = await service.listen(options.port ?? 0);
  return {
    url,
    version,
    clientId,
    clientSecret,
    oauthUrls: { authorize: oauth.authorizeUrl, token: oauth.tokenUrl, revoke: oauth.revokeUrl },
    state,
    oauth,
    service,
    requests: service.requests,
    injectError: (route, failure) => service.injectError(route, failure),
    injectQuotaError: (route, retryDelaySeconds, times = 1) =>
      service.rateLimit(route, { times, retryDelaySeconds }),
    close: () => service.close(),
  };
}
