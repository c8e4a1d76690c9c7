import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
} from '../kit/fake-service.js';
import { addOAuthProvider, type OAuthFake } from '../kit/oauth.js';

/**
 * A local Microsoft Advertising: the Microsoft identity platform's OAuth (consent page, token), the
 * Customer Management API v13 (User/Query, Accounts/Search) and the Campaign Management API v13 REST
 * calls Veracity makes (UET tags, remarketing lists with a custom events rule, campaigns, negative
 * campaign audience criteria), on one loopback port. Requests are checked against the published
 * shapes: the Authorization, DeveloperToken, CustomerId and CustomerAccountId headers, and each body's
 * fields and types. Errors answer as the API does: `{TrackingId, Type: "ApiFaultDetail", OperationErrors:
 * [{Code, ErrorCode, Message}]}`; 105 InvalidCredentials, 117 CallRateExceeded.
 */

export interface FakeMicrosoftOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  developerToken?: string;
  now?: () => number;
}

interface Audience {
  Id: number;
  Name: string;
  Type: 'RemarketingList';
  MembershipDuration: number;
  TagId: number;
  Scope: 'Account' | 'Customer';
  SearchSize: number | null;
  Rule: Record<string, unknown>;
  accountId: number;
}

interface Criterion {
  Id: number;
  CampaignId: number;
  AudienceId: number;
}

export class MicrosoftAdsFakeState {
  customerId = 9100001;
  accounts: { Id: number; Name: string; CurrencyCode: string; ParentCustomerId: number }[] = [];
  uetTags: { Id: number; Name: string; accountId: number }[] = [];
  campaigns: { Id: number; Name: string; Status: string; accountId: number }[] = [];
  audiences: Audience[] = [];
  criteria: Criterion[] = [];
  private nextId = 500_000;
  id(): number {
    this.nextId += 1;
    return this.nextId;
  }
}

export interface FakeMicrosoft {
  /** The Campaign Management API base (MICROSOFT_ADS_API_URL). */
  url: string;
  /** The Customer Management API base (MICROSOFT_ADS_CUSTOMER_API_URL): the same server. */
  customerUrl: string;
  clientId: string;
  clientSecret: string;
  developerToken: string;
  oauthUrls: { authorize: string; token: string };
  state: MicrosoftAdsFakeState;
  oauth: OAuthFake;
  service: FakeService;
  close(): Promise<void>;
}

const CM = '/CampaignManagement/v13';
const CUST = '/CustomerManagement/v13';

function fault(status: number, code: number, errorCode: string, message: string): FakeReply {
  return {
    status,
    body: {
      TrackingId: `fake-${Date.now().toString(36)}`,
      Type: 'ApiFaultDetail',
      BatchErrors: [],
      OperationErrors: [{ Code: code, Details: null, ErrorCode: errorCode, Message: message }],
    },
  };
}

function json(request: FakeRequest): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(request.bodyText || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isId = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));

export async function startFakeMicrosoft(options: FakeMicrosoftOptions = {}): Promise<FakeMicrosoft> {
  const clientId = options.clientId ?? '00000000-fake-4ads-0000-000000000001';
  const clientSecret = options.clientSecret ?? 'fake-microsoft-secret';
  const developerToken = options.developerToken ?? 'FAKEDEVTOKEN01';
  const service = createFakeService({
    name: 'Microsoft Advertising (local fake)',
    rateLimitReply: () =>
      fault(429, 117, 'CallRateExceeded', 'You have exceeded the number of calls you are allowed.'),
  });
  const oauth = addOAuthProvider(service, {
    providerName: 'Microsoft (local fake)',
    clientId,
    clientSecret,
    authorizePath: '/common/oauth2/v2.0/authorize',
    tokenPath: '/common/oauth2/v2.0/token',
    revokePath: '/common/oauth2/v2.0/revoke-unsupported',
    ...(options.now ? { now: options.now } : {}),
  });
  const state = new MicrosoftAdsFakeState();

  /** The headers every call carries; the account header must name an account of the customer. */
  function authorize(request: FakeRequest, needsAccount: boolean): FakeReply | number | null {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    const check = oauth.checkAccessToken(bearer);
    if (!check.valid) {
      return check.reason === 'expired'
        ? fault(401, 109, 'AuthenticationTokenExpired', 'The OAuth access token has expired.')
        : fault(
            401,
            105,
            'InvalidCredentials',
            'Authentication failed. Either supplied credentials are invalid or the account is inactive.',
          );
    }
    if (request.headers.developertoken !== developerToken) {
      return fault(401, 105, 'InvalidCredentials', 'The developer token is invalid.');
    }
    if (!needsAccount) return null;
    const accountId = Number(request.headers.customeraccountid);
    if (
      String(request.headers.customerid) !== String(state.customerId) ||
      !state.accounts.some((a) => a.Id === accountId)
    ) {
      return fault(
        400,
        1030,
        'CampaignServiceAccountIdHasToBeSpecified',
        'The CustomerAccountId header is missing or invalid.',
      );
    }
    return accountId;
  }

  function api(
    name: string,
    path: string,
    needsAccount: boolean,
    handle: (body: Record<string, unknown>, accountId: number) => FakeReply,
  ) {
    service.route(name, 'POST', path, (request) => {
      const auth = authorize(request, needsAccount);
      if (auth !== null && typeof auth !== 'number') return auth;
      const body = json(request);
      if (!body) return fault(400, 100, 'NullRequest', 'The request message is null or not valid JSON.');
      return handle(body, typeof auth === 'number' ? auth : 0);
    });
  }

  api('customer:getUser', `${CUST}/User/Query`, false, () => ({
    status: 200,
    body: {
      User: { Id: 7001, UserName: 'fake.user@example.com' },
      CustomerRoles: [{ CustomerId: state.customerId, AccountIds: null, RoleId: 41 }],
    },
  }));

  api('customer:searchAccounts', `${CUST}/Accounts/Search`, false, (body) => {
    if (!Array.isArray(body.Predicates) || !body.PageInfo) {
      return fault(400, 1000, 'InvalidRequest', 'Predicates and PageInfo are required.');
    }
    return { status: 200, body: { Accounts: state.accounts } };
  });

  api('campaign:uetTags', `${CM}/UetTags/QueryByIds`, true, (_body, accountId) => ({
    status: 200,
    body: {
      UetTags: state.uetTags
        .filter((tag) => tag.accountId === accountId)
        .map(({ Id, Name }) => ({ Id, Name })),
    },
  }));

  api('campaign:getAudiences', `${CM}/Audiences/QueryByIds`, true, (body, accountId) => {
    if (body.Type !== 'RemarketingList')
      return fault(400, 4800, 'AudienceTypeInvalid', 'Type must be RemarketingList.');
    const ids = Array.isArray(body.AudienceIds) ? body.AudienceIds.map(Number) : null;
    const audiences = state.audiences
      .filter((audience) => audience.accountId === accountId && (!ids || ids.includes(audience.Id)))
      .map(({ accountId: _owner, ...audience }) => audience);
    return { status: 200, body: { Audiences: audiences, PartialErrors: [] } };
  });

  api('campaign:addAudiences', `${CM}/Audiences`, true, (body, accountId) => {
    const [audience] = Array.isArray(body.Audiences) ? (body.Audiences as Record<string, unknown>[]) : [];
    const rule = audience?.Rule as Record<string, unknown> | undefined;
    const duration = Number(audience?.MembershipDuration);
    if (
      audience?.Type !== 'RemarketingList' ||
      typeof audience.Name !== 'string' ||
      !isId(audience.TagId) ||
      !state.uetTags.some((tag) => tag.Id === Number(audience.TagId) && tag.accountId === accountId) ||
      rule?.Type !== 'Custom'
    ) {
      return fault(
        400,
        4850,
        'RemarketingListInvalid',
        'A remarketing list needs a name, a UET tag of the account and a custom events rule.',
      );
    }
    if (!(duration >= 1 && duration <= 180)) {
      return fault(
        400,
        4852,
        'AudienceInvalidMembershipDuration',
        'MembershipDuration must be between 1 and 180 days.',
      );
    }
    const Id = state.id();
    state.audiences.push({
      Id,
      Name: audience.Name,
      Type: 'RemarketingList',
      MembershipDuration: duration,
      TagId: Number(audience.TagId),
      Scope: audience.Scope === 'Customer' ? 'Customer' : 'Account',
      SearchSize: null,
      Rule: rule,
      accountId,
    });
    return { status: 200, body: { AudienceIds: [Id], PartialErrors: [] } };
  });

  api('campaign:campaigns', `${CM}/Campaigns/QueryByAccountId`, true, (body, accountId) => {
    if (String(body.AccountId) !== String(accountId))
      return fault(400, 1030, 'AccountIdInvalid', 'AccountId does not match the header.');
    return {
      status: 200,
      body: {
        Campaigns: state.campaigns
          .filter((c) => c.accountId === accountId)
          .map(({ Id, Name, Status }) => ({ Id, Name, Status })),
      },
    };
  });

  api('campaign:getCriterions', `${CM}/CampaignCriterions/QueryByIds`, true, (body) => {
    if (!isId(body.CampaignId) || body.CriterionType !== 'Audience') {
      return fault(
        400,
        1100,
        'CampaignCriterionInvalid',
        'CampaignId and CriterionType Audience are required.',
      );
    }
    const criteria = state.criteria
      .filter((criterion) => criterion.CampaignId === Number(body.CampaignId))
      .map((criterion) => ({
        Id: criterion.Id,
        CampaignId: criterion.CampaignId,
        Type: 'NegativeCampaignCriterion',
        Criterion: {
          Type: 'AudienceCriterion',
          AudienceId: criterion.AudienceId,
          AudienceType: 'RemarketingList',
        },
      }));
    return { status: 200, body: { CampaignCriterions: criteria, PartialErrors: [] } };
  });

  api('campaign:addCriterions', `${CM}/CampaignCriterions`, true, (body) => {
    const items = Array.isArray(body.CampaignCriterions)
      ? (body.CampaignCriterions as Record<string, unknown>[])
      : [];
    const ids: number[] = [];
    for (const item of items) {
      const criterion = item.Criterion as Record<string, unknown> | undefined;
      if (
        item.Type !== 'NegativeCampaignCriterion' ||
        criterion?.Type !== 'AudienceCriterion' ||
        !state.campaigns.some((c) => c.Id === Number(item.CampaignId)) ||
        !state.audiences.some((a) => a.Id === Number(criterion.AudienceId))
      ) {
        return fault(
          400,
          1100,
          'CampaignCriterionInvalid',
          'A negative audience criterion of a known campaign and audience is required.',
        );
      }
      const Id = state.id();
      state.criteria.push({
        Id,
        CampaignId: Number(item.CampaignId),
        AudienceId: Number(criterion.AudienceId),
      });
      ids.push(Id);
    }
    return { status: 200, body: { CampaignCriterionIds: ids, NestedPartialErrors: [] } };
  });

  service.route('campaign:deleteCriterions', 'DELETE', `${CM}/CampaignCriterions`, (request) => {
    const auth = authorize(request, true);
    if (auth !== null && typeof auth !== 'number') return auth;
    const body = json(request);
    const ids = Array.isArray(body?.CampaignCriterionIds) ? body.CampaignCriterionIds.map(Number) : [];
    state.criteria = state.criteria.filter((criterion) => !ids.includes(criterion.Id));
    return { status: 200, body: { PartialErrors: [] } };
  });

  // What the fake holds, for the journeys' checks (GET /__fake/state; no credentials asked).
  service.route('fake:state', 'GET', '/__fake/state', () => ({
    status: 200,
    body: { accounts: state.accounts, audiences: state.audiences, criteria: state.criteria },
  }));

  const url = await service.listen(options.port);
  return {
    url: `${url}${CM}`,
    customerUrl: `${url}${CUST}`,
    clientId,
    clientSecret,
    developerToken,
    oauthUrls: { authorize: oauth.authorizeUrl, token: oauth.tokenUrl },
    state,
    oauth,
    service,
    close: () => service.close(),
  };
}
