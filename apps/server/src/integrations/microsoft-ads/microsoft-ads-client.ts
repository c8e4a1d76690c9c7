import { UET_EXCLUSION_EVENT } from '@veracity/contracts/ad-channels';
import { z } from 'zod';
import { AdChannelError } from '../ad-channel-driver.js';

/**
 * Microsoft Advertising's REST APIs v13, the calls Veracity makes (issue 35): the Customer Management
 * API (User/Query, Accounts/Search) for the ad accounts, and the Campaign Management API for UET tags,
 * the remarketing list built on the sensor's UET custom event, campaigns and their negative audience
 * criteria. Every call carries the OAuth access token, the developer token, and for an account's calls
 * CustomerId and CustomerAccountId. Faults (`OperationErrors` / `BatchErrors` with a numeric `Code`)
 * become AdChannelError: 105, 106 and 109 (credentials, authorisation, expired token) `reconnect`; 117
 * (CallRateExceeded) backed off a few times, then `rate_limited`; any other `refused` with Microsoft's
 * message. Base URLs from config (Microsoft's own, or the local fake).
 */

export interface MicrosoftAdsClientOptions {
  apiUrl: string;
  customerApiUrl: string;
  developerToken: string;
  timeoutMs?: number;
  /** Waits before retrying a throttled call (tests pass a quick one). */
  sleep?: (ms: number) => Promise<void>;
}

/** An account as Veracity addresses it: the customer it belongs to and its id. */
export interface MicrosoftAccountRef {
  customerId: string;
  accountId: string;
}

const RECONNECT_CODES = new Set([105, 106, 109]);
const THROTTLED = 117;
const RETRIES = 3;

const zFault = z.object({
  OperationErrors: z.array(z.object({ Code: z.number(), Message: z.string().nullish() })).nullish(),
  BatchErrors: z.array(z.object({ Code: z.number(), Message: z.string().nullish() })).nullish(),
});

const zAudience = z.object({
  Id: z.coerce.string(),
  Name: z.string(),
  SearchSize: z.number().nullish(),
});

export function createMicrosoftAdsClient(options: MicrosoftAdsClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));

  async function call<T>(
    token: string,
    base: string,
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    account?: MicrosoftAccountRef,
    method = 'POST',
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            developertoken: options.developerToken,
            'content-type': 'application/json',
            accept: 'application/json',
            ...(account ? { customerid: account.customerId, customeraccountid: account.accountId } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (error) {
        throw new AdChannelError(
          'unavailable',
          `Microsoft Advertising did not answer: ${(error as Error).message}`,
        );
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch {
        parsed = null;
      }
      if (response.ok) {
        const answer = schema.safeParse(parsed);
        if (!answer.success)
          throw new AdChannelError('unavailable', `Microsoft Advertising answered ${path} unexpectedly`);
        return answer.data;
      }
      const fault = zFault.safeParse(parsed);
      const errors = fault.success
        ? [...(fault.data.OperationErrors ?? []), ...(fault.data.BatchErrors ?? [])]
        : [];
      const codes = errors.map((error) => error.Code);
      const message = errors.find((error) => error.Message)?.Message ?? `HTTP ${response.status}`;
      if (codes.some((code) => RECONNECT_CODES.has(code)) || response.status === 401) {
        throw new AdChannelError('reconnect', message);
      }
      if (codes.includes(THROTTLED) || response.status === 429) {
        if (attempt < RETRIES) {
          await sleep(1000 * 2 ** attempt);
          continue;
        }
        throw new AdChannelError(
          'rate_limited',
          'Microsoft Advertising limits Veracity’s calls for now; the next sync tries again.',
        );
      }
      if (response.status >= 500) throw new AdChannelError('unavailable', message);
      throw new AdChannelError('refused', `Microsoft Advertising refused: ${message}`);
    }
  }

  return {
    async listAccounts(token: string) {
      const user = await call(
        token,
        options.customerApiUrl,
        '/User/Query',
        { UserId: null },
        z.object({ User: z.object({ Id: z.coerce.string() }) }),
      );
      const answer = await call(
        token,
        options.customerApiUrl,
        '/Accounts/Search',
        {
          Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: user.User.Id }],
          Ordering: null,
          PageInfo: { Index: 0, Size: 1000 },
        },
        z.object({
          Accounts: z
            .array(
              z.object({
                Id: z.coerce.string(),
                Name: z.string(),
                CurrencyCode: z.string().nullish(),
                ParentCustomerId: z.coerce.string(),
              }),
            )
            .nullish(),
        }),
      );
      return answer.Accounts ?? [];
    },

    async uetTagIds(token: string, account: MicrosoftAccountRef): Promise<string[]> {
      const answer = await call(
        token,
        options.apiUrl,
        '/UetTags/QueryByIds',
        { TagIds: null },
        z.object({ UetTags: z.array(z.object({ Id: z.coerce.string() })).nullish() }),
        account,
      );
      return (answer.UetTags ?? []).map((tag) => tag.Id);
    },

    async remarketingLists(token: string, account: MicrosoftAccountRef, ids: string[] | null) {
      const answer = await call(
        token,
        options.apiUrl,
        '/Audiences/QueryByIds',
        { AudienceIds: ids, Type: 'RemarketingList', ReturnAdditionalFields: null },
        z.object({ Audiences: z.array(zAudience.nullable()).nullish() }),
        account,
      );
      return (answer.Audiences ?? []).filter((audience) => audience !== null);
    },

    /** A remarketing list of the visitors the sensor's UET custom event reported, `days` membership. */
    async addRemarketingList(
      token: string,
      account: MicrosoftAccountRef,
      input: { name: string; days: number; tagId: string },
    ): Promise<string> {
      const answer = await call(
        token,
        options.apiUrl,
        '/Audiences',
        {
          Audiences: [
            {
              Type: 'RemarketingList',
              Name: input.name,
              Description: 'Visitors Veracity found invalid (the sensor’s UET custom event).',
              MembershipDuration: input.days,
              Scope: 'Account',
              ParentId: Number(account.accountId),
              TagId: Number(input.tagId),
              Rule: {
                Type: 'Custom',
                Action: UET_EXCLUSION_EVENT.action,
                ActionOperator: 'Equals',
                Category: UET_EXCLUSION_EVENT.category,
                CategoryOperator: 'Equals',
                Label: UET_EXCLUSION_EVENT.label,
                LabelOperator: 'Equals',
                Value: UET_EXCLUSION_EVENT.value,
                ValueOperator: 'Equals',
              },
            },
          ],
        },
        z.object({
          AudienceIds: z.array(z.coerce.string().nullable()),
          PartialErrors: z.array(z.object({ Code: z.number(), Message: z.string().nullish() })).nullish(),
        }),
        account,
      );
      const id = answer.AudienceIds[0];
      if (!id) {
        const error = answer.PartialErrors?.[0];
        throw new AdChannelError(
          'refused',
          `Microsoft Advertising refused the list: ${error?.Message ?? 'no id'}`,
        );
      }
      return id;
    },

    async campaigns(token: string, account: MicrosoftAccountRef) {
      const answer = await call(
        token,
        options.apiUrl,
        '/Campaigns/QueryByAccountId',
        { AccountId: Number(account.accountId), CampaignType: 'Search Shopping Audience PerformanceMax' },
        z.object({
          Campaigns: z
            .array(z.object({ Id: z.coerce.string(), Name: z.string(), Status: z.string() }))
            .nullish(),
        }),
        account,
      );
      return answer.Campaigns ?? [];
    },

    /** The campaign's negative audience criteria: criterion id and audience id. */
    async negativeAudiences(token: string, account: MicrosoftAccountRef, campaignId: string) {
      const answer = await call(
        token,
        options.apiUrl,
        '/CampaignCriterions/QueryByIds',
        { CampaignCriterionIds: null, CampaignId: Number(campaignId), CriterionType: 'Audience' },
        z.object({
          CampaignCriterions: z
            .array(
              z.object({
                Id: z.coerce.string(),
                Type: z.string(),
                Criterion: z.object({ AudienceId: z.coerce.string().nullish() }).nullish(),
              }),
            )
            .nullish(),
        }),
        account,
      );
      return (answer.CampaignCriterions ?? [])
        .filter((item) => item.Type === 'NegativeCampaignCriterion' && item.Criterion?.AudienceId)
        .map((item) => ({ criterionId: item.Id, audienceId: item.Criterion?.AudienceId ?? '' }));
    },

    async excludeAudience(
      token: string,
      account: MicrosoftAccountRef,
      campaignId: string,
      audienceId: string,
    ) {
      await call(
        token,
        options.apiUrl,
        '/CampaignCriterions',
        {
          CampaignCriterions: [
            {
              Type: 'NegativeCampaignCriterion',
              CampaignId: Number(campaignId),
              Criterion: {
                Type: 'AudienceCriterion',
                AudienceId: Number(audienceId),
                AudienceType: 'RemarketingList',
              },
            },
          ],
          CriterionType: 'Audience',
        },
        z.object({ CampaignCriterionIds: z.array(z.coerce.string().nullable()).nullish() }),
        account,
      );
    },

    async removeCriterion(
      token: string,
      account: MicrosoftAccountRef,
      campaignId: string,
      criterionId: string,
    ) {
      await call(
        token,
        options.apiUrl,
        '/CampaignCriterions',
        {
          CampaignCriterionIds: [Number(criterionId)],
          CampaignId: Number(campaignId),
          CriterionType: 'Audience',
        },
        z.object({}).passthrough(),
        account,
        'DELETE',
      );
    },
  };
}

export type MicrosoftAdsClient = ReturnType<typeof createMicrosoftAdsClient>;
