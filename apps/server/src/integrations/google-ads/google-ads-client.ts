import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import type { GoogleAdsConfig } from '../../config.js';
import type {
  GoogleAdsApi,
  GoogleAdsCaller,
  GoogleAdsCampaignRow,
  GoogleAdsCustomer,
  GoogleAdsIpBlock,
  GoogleAdsMutateOptions,
  GoogleAdsMutation,
  GoogleAdsOperationResult,
} from './google-ads-api.js';
import { GoogleAdsRequestError } from './google-ads-api.js';
import { createGoogleAdsRest, type GoogleAdsRest, operationResults } from './google-ads-rest.js';

/**
 * The Google Ads API client production uses (issue 33): typed REST over fetch against
 * GOOGLE_ADS_API_URL/GOOGLE_ADS_API_VERSION. No published Node client lets the host be changed, so
 * this one is small and tested against the local fake (tools/fakes), which checks Google's request
 * shapes. Ids are digits without dashes; int64 values arrive as strings.
 */

/** Failure codes of mutate results (`errorEnum.VALUE`, as google-ads-rest.ts names them). */
export const GOOGLE_ADS_FAILURES = {
  campaignCap: 'resourceCountLimitExceededError.CAMPAIGN_LIMIT',
  accountCap: 'resourceCountLimitExceededError.ACCOUNT_LIMIT',
  notPermittedForCampaignType: 'operationAccessDeniedError.OPERATION_NOT_PERMITTED_FOR_CAMPAIGN_TYPE',
  invalidIpAddress: 'criterionError.INVALID_IP_ADDRESS',
  alreadyExists: 'mutateError.RESOURCE_ALREADY_EXISTS',
  notFound: 'mutateError.RESOURCE_NOT_FOUND',
} as const;

/** The rule-based user list of invalid visitors, built from the sensor's Google tag event. */
export const EXCLUSION_USER_LIST_NAME = 'Veracity: invalid visitors';
/** Campaign types that take no negative user-list (audience) criterion. */
const NO_CAMPAIGN_AUDIENCE_EXCLUSION = new Set([
  'PERFORMANCE_MAX',
  'MULTI_CHANNEL',
  'SMART',
  'LOCAL_SERVICES',
  'TRAVEL',
]);
/** Operations per mutate request (Google takes up to 10,000). */
const OPERATIONS_PER_REQUEST = 1000;

const DIGITS = /^\d{1,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkId(id: string): string {
  if (!DIGITS.test(id)) throw new GoogleAdsRequestError(`Not a Google Ads id: ${id}`, 0, 'client.INVALID_ID');
  return id;
}

/** A GAQL string literal (single quotes, backslash escapes). */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const STATUSES = new Set(['ENABLED', 'PAUSED', 'REMOVED']);

interface CustomerClientRow {
  customerClient?: {
    id?: string;
    descriptiveName?: string;
    manager?: boolean;
    currencyCode?: string;
    timeZone?: string;
    level?: string;
  };
}

export interface GoogleAdsClientOptions {
  timeoutMs?: number;
}

export function createGoogleAdsClient(
  config: Pick<GoogleAdsConfig, 'apiUrl' | 'apiVersion'>,
  options: GoogleAdsClientOptions = {},
): GoogleAdsApi {
  const rest: GoogleAdsRest = createGoogleAdsRest({
    apiUrl: config.apiUrl,
    apiVersion: config.apiVersion,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });

  async function mutate(
    caller: GoogleAdsCaller,
    customerId: string,
    service: 'campaignCriteria' | 'customerNegativeCriteria' | 'userLists',
    operations: unknown[],
    fallbackNames: string[],
    mutateOptions: GoogleAdsMutateOptions,
  ): Promise<GoogleAdsOperationResult[]> {
    const results: GoogleAdsOperationResult[] = [];
    for (let start = 0; start < operations.length; start += OPERATIONS_PER_REQUEST) {
      const chunk = operations.slice(start, start + OPERATIONS_PER_REQUEST);
      const answer = await rest.call<Parameters<typeof operationResults>[0]>(
        'POST',
        `customers/${checkId(customerId)}/${service}:mutate`,
        caller,
        {
          operations: chunk,
          partialFailure: true,
          validateOnly: mutateOptions.validateOnly,
        },
      );
      results.push(
        ...operationResults(answer, chunk.length, fallbackNames.slice(start, start + OPERATIONS_PER_REQUEST)),
      );
    }
    return results;
  }

  return {
    async listAccountHierarchy(accessToken) {
      const { resourceNames = [] } = await rest.call<{ resourceNames?: string[] }>(
        'GET',
        'customers:listAccessibleCustomers',
        {
          accessToken,
          loginCustomerId: null,
        },
      );
      const found = new Map<string, GoogleAdsCustomer>();
      for (const resourceName of resourceNames) {
        const rootId = resourceName.replace(/^customers\//, '');
        if (!DIGITS.test(rootId)) continue;
        let rows: CustomerClientRow[];
        try {
          rows = await rest.search<CustomerClientRow>(
            { accessToken, loginCustomerId: rootId },
            rootId,
            "SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, customer_client.currency_code, customer_client.time_zone, customer_client.level FROM customer_client WHERE customer_client.status = 'ENABLED'",
          );
        } catch (error) {
          // An accessible account that is cancelled or not enabled answers a refusal: leave it out.
          if (error instanceof GoogleAdsRequestError && error.status === 403) continue;
          throw error;
        }
        for (const row of rows) {
          const client = row.customerClient;
          if (!client?.id) continue;
          const level = Number(client.level ?? 0);
          const existing = found.get(client.id);
          // Reached directly beats reached through a manager; a nearer manager beats a farther one.
          if (existing && existing.level <= level) continue;
          found.set(client.id, {
            customerId: client.id,
            name: client.descriptiveName ?? client.id,
            isManager: client.manager ?? false,
            currency: client.currencyCode ?? '',
            timeZone: client.timeZone ?? '',
            managerCustomerId: level === 0 ? null : rootId,
            level,
          });
        }
      }
      return [...found.values()];
    },

    async listCampaigns(caller, customerId) {
      const rows = await rest.search<{
        campaign?: { id?: string; name?: string; advertisingChannelType?: string; status?: string };
      }>(
        caller,
        checkId(customerId),
        "SELECT campaign.id, campaign.name, campaign.advertising_channel_type, campaign.status FROM campaign WHERE campaign.status != 'REMOVED' ORDER BY campaign.id",
      );
      return rows.flatMap((row): GoogleAdsCampaignRow[] => {
        const campaign = row.campaign;
        if (!campaign?.id) return [];
        return [
          {
            campaignId: campaign.id,
            name: campaign.name ?? campaign.id,
            type: campaign.advertisingChannelType ?? 'UNKNOWN',
            status: STATUSES.has(campaign.status ?? '')
              ? (campaign.status as GoogleAdsCampaignRow['status'])
              : 'UNKNOWN',
          },
        ];
      });
    },

    async dailyCosts(caller, customerId, from, to) {
      if (!DAY.test(from) || !DAY.test(to))
        throw new GoogleAdsRequestError(`Not a date range: ${from}..${to}`, 0, 'client.INVALID_DATE');
      const rows = await rest.search<{
        campaign?: { id?: string };
        segments?: { date?: string };
        metrics?: { clicks?: string; costMicros?: string };
      }>(
        caller,
        checkId(customerId),
        `SELECT campaign.id, segments.date, metrics.clicks, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN ${quote(from)} AND ${quote(to)}`,
      );
      return rows.flatMap((row) =>
        row.campaign?.id && row.segments?.date
          ? [
              {
                day: row.segments.date,
                campaignId: row.campaign.id,
                clicks: Number(row.metrics?.clicks ?? 0),
                costMicros: BigInt(row.metrics?.costMicros ?? '0'),
              },
            ]
          : [],
      );
    },

    async listIpBlocks(caller, customerId) {
      checkId(customerId);
      const campaignRows = await rest.search<{
        campaignCriterion?: { resourceName?: string; campaign?: string; ipBlock?: { ipAddress?: string } };
      }>(
        caller,
        customerId,
        "SELECT campaign_criterion.resource_name, campaign_criterion.campaign, campaign_criterion.ip_block.ip_address FROM campaign_criterion WHERE campaign_criterion.type = 'IP_BLOCK' AND campaign_criterion.negative = TRUE",
      );
      const accountRows = await rest.search<{
        customerNegativeCriterion?: { resourceName?: string; ipBlock?: { ipAddress?: string } };
      }>(
        caller,
        customerId,
        "SELECT customer_negative_criterion.resource_name, customer_negative_criterion.ip_block.ip_address FROM customer_negative_criterion WHERE customer_negative_criterion.type = 'IP_BLOCK'",
      );
      const blocks: GoogleAdsIpBlock[] = [];
      for (const { campaignCriterion: criterion } of campaignRows) {
        if (!criterion?.resourceName || !criterion.ipBlock?.ipAddress) continue;
        const campaignId =
          /\/campaigns\/(\d+)$/.exec(criterion.campaign ?? '')?.[1] ??
          /campaignCriteria\/(\d+)~/.exec(criterion.resourceName)?.[1] ??
          null;
        blocks.push({
          resourceName: criterion.resourceName,
          campaignId,
          ipAddress: criterion.ipBlock.ipAddress,
        });
      }
      for (const { customerNegativeCriterion: criterion } of accountRows) {
        if (!criterion?.resourceName || !criterion.ipBlock?.ipAddress) continue;
        blocks.push({
          resourceName: criterion.resourceName,
          campaignId: null,
          ipAddress: criterion.ipBlock.ipAddress,
        });
      }
      return blocks;
    },

    async mutateIpBlocks(caller, customerId, operations, mutateOptions) {
      checkId(customerId);
      const campaign: Array<{ index: number; operation: unknown; name: string }> = [];
      const account: Array<{ index: number; operation: unknown; name: string }> = [];
      const results: GoogleAdsOperationResult[] = new Array(operations.length);
      operations.forEach((mutation: GoogleAdsMutation, index) => {
        if (mutation.kind === 'add_campaign_ip_block') {
          campaign.push({
            index,
            name: '',
            operation: {
              create: {
                campaign: `customers/${customerId}/campaigns/${checkId(mutation.campaignId)}`,
                negative: true,
                ipBlock: { ipAddress: mutation.ipAddress },
              },
            },
          });
        } else if (mutation.kind === 'add_account_ip_block') {
          account.push({
            index,
            name: '',
            operation: { create: { ipBlock: { ipAddress: mutation.ipAddress } } },
          });
        } else if (mutation.resourceName.startsWith(`customers/${customerId}/campaignCriteria/`)) {
          campaign.push({ index, name: mutation.resourceName, operation: { remove: mutation.resourceName } });
        } else if (mutation.resourceName.startsWith(`customers/${customerId}/customerNegativeCriteria/`)) {
          account.push({ index, name: mutation.resourceName, operation: { remove: mutation.resourceName } });
        } else {
          results[index] = {
            ok: false,
            code: 'client.NOT_AN_IP_BLOCK_OF_THIS_ACCOUNT',
            message: `Not an IP block of customer ${customerId}: ${mutation.resourceName}`,
            retryable: false,
          };
        }
      });
      for (const [service, group] of [
        ['campaignCriteria', campaign],
        ['customerNegativeCriteria', account],
      ] as const) {
        if (group.length === 0) continue;
        const answers = await mutate(
          caller,
          customerId,
          service,
          group.map((item) => item.operation),
          group.map((item) => item.name),
          mutateOptions,
        );
        group.forEach((item, position) => {
          const answer = answers[position];
          if (answer) results[item.index] = answer;
        });
      }
      return results;
    },

    async ensureExclusionUserList(caller, customerId, mutateOptions) {
      const existing = await rest.search<{ userList?: { resourceName?: string } }>(
        caller,
        checkId(customerId),
        `SELECT user_list.resource_name, user_list.name FROM user_list WHERE user_list.name = ${quote(EXCLUSION_USER_LIST_NAME)}`,
      );
      const found = existing[0]?.userList?.resourceName;
      if (found) return found;
      const [result] = await mutate(
        caller,
        customerId,
        'userLists',
        [
          {
            create: {
              name: EXCLUSION_USER_LIST_NAME,
              description: `Visitors Veracity found invalid (Google tag event ${EXCLUSION_EVENT}); excluded from the campaigns.`,
              membershipStatus: 'OPEN',
              membershipLifeSpan: '30',
              ruleBasedUserList: {
                prepopulationStatus: 'REQUESTED',
                flexibleRuleUserList: {
                  inclusiveRuleOperator: 'AND',
                  inclusiveOperands: [
                    {
                      rule: {
                        ruleItemGroups: [
                          {
                            ruleItems: [
                              {
                                name: 'event',
                                stringRuleItem: { operator: 'EQUALS', value: EXCLUSION_EVENT },
                              },
                            ],
                          },
                        ],
                      },
                      lookbackWindowDays: '30',
                    },
                  ],
                },
              },
            },
          },
        ],
        [''],
        mutateOptions,
      );
      if (!result?.ok) {
        throw new GoogleAdsRequestError(
          `Google Ads refused the exclusion user list: ${result?.message ?? 'no answer'}`,
          400,
          result?.code ?? 'UNKNOWN',
        );
      }
      return result.resourceName;
    },

    async excludeUserList(caller, customerId, userList, campaigns, mutateOptions) {
      checkId(customerId);
      const attached = new Map<string, string>();
      if (userList !== '') {
        const rows = await rest.search<{ campaignCriterion?: { resourceName?: string; campaign?: string } }>(
          caller,
          customerId,
          `SELECT campaign_criterion.resource_name, campaign_criterion.campaign FROM campaign_criterion WHERE campaign_criterion.type = 'USER_LIST' AND campaign_criterion.negative = TRUE AND campaign_criterion.user_list.user_list = ${quote(userList)}`,
        );
        for (const row of rows) {
          const id = /\/campaigns\/(\d+)$/.exec(row.campaignCriterion?.campaign ?? '')?.[1];
          if (id && row.campaignCriterion?.resourceName) attached.set(id, row.campaignCriterion.resourceName);
        }
      }
      const results: GoogleAdsOperationResult[] = new Array(campaigns.length);
      const toSend: Array<{ index: number; operation: unknown }> = [];
      campaigns.forEach((campaign, index) => {
        const done = attached.get(campaign.campaignId);
        if (done) results[index] = { ok: true, resourceName: done };
        else if (NO_CAMPAIGN_AUDIENCE_EXCLUSION.has(campaign.type)) {
          results[index] = {
            ok: false,
            code: GOOGLE_ADS_FAILURES.notPermittedForCampaignType,
            message: `${campaign.type} campaigns take no audience exclusion in the Google Ads API; the account-level IP blocks cover them`,
            retryable: false,
          };
        } else {
          toSend.push({
            index,
            operation: {
              create: {
                campaign: `customers/${customerId}/campaigns/${checkId(campaign.campaignId)}`,
                negative: true,
                userList: { userList },
              },
            },
          });
        }
      });
      if (toSend.length > 0) {
        const answers = await mutate(
          caller,
          customerId,
          'campaignCriteria',
          toSend.map((item) => item.operation),
          toSend.map(() => ''),
          mutateOptions,
        );
        toSend.forEach((item, position) => {
          const answer = answers[position];
          if (answer) results[item.index] = answer;
        });
      }
      return results;
    },

    async getTrackingTemplate(caller, customerId) {
      const rows = await rest.search<{ customer?: { trackingUrlTemplate?: string } }>(
        caller,
        checkId(customerId),
        'SELECT customer.id, customer.tracking_url_template FROM customer',
      );
      return rows[0]?.customer?.trackingUrlTemplate || null;
    },

    async setTrackingTemplate(caller, customerId, template) {
      await rest.call('POST', `customers/${checkId(customerId)}:mutate`, caller, {
        operation: {
          update: { resourceName: `customers/${customerId}`, trackingUrlTemplate: template },
          updateMask: 'trackingUrlTemplate',
        },
      });
    },
  };
}
