/**
 * The REST request bodies of the Google Ads API methods the fake serves, field by field as in
 * Google's published reference (services SearchGoogleAdsRequest, MutateCampaignCriteriaRequest,
 * MutateCustomerNegativeCriteriaRequest, MutateUserListsRequest, MutateCustomerRequest and the
 * resources they carry). Like Google's JSON parser it takes lowerCamelCase or the proto's snake_case
 * names, and refuses an unknown name or a wrongly typed value before anything else runs.
 */

export type Shape =
  | { kind: 'string' }
  | { kind: 'bool' }
  | { kind: 'int64' }
  | { kind: 'double' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'object'; name: string; fields: Record<string, Shape> }
  | { kind: 'array'; of: Shape };

const string: Shape = { kind: 'string' };
const bool: Shape = { kind: 'bool' };
const int64: Shape = { kind: 'int64' };
const double: Shape = { kind: 'double' };
const enumOf = (...values: string[]): Shape => ({ kind: 'enum', values });
const object = (name: string, fields: Record<string, Shape>): Shape => ({ kind: 'object', name, fields });
const array = (of: Shape): Shape => ({ kind: 'array', of });

const responseContentType = enumOf('UNSPECIFIED', 'UNKNOWN', 'RESOURCE_NAME_ONLY', 'MUTABLE_RESOURCE');
const criterionStatus = enumOf('ENABLED', 'PAUSED', 'REMOVED');

const ipBlockInfo = object('IpBlockInfo', { ipAddress: string });
const userListInfo = object('UserListInfo', { userList: string });
const keywordInfo = object('KeywordInfo', { text: string, matchType: enumOf('EXACT', 'PHRASE', 'BROAD') });
const placementInfo = object('PlacementInfo', { url: string });

const campaignCriterion = object('CampaignCriterion', {
  resourceName: string,
  campaign: string,
  criterionId: int64,
  displayName: string,
  bidModifier: double,
  negative: bool,
  type: string,
  status: criterionStatus,
  ipBlock: ipBlockInfo,
  userList: userListInfo,
  keyword: keywordInfo,
  placement: placementInfo,
});

const customerNegativeCriterion = object('CustomerNegativeCriterion', {
  resourceName: string,
  id: int64,
  type: string,
  ipBlock: ipBlockInfo,
  placement: placementInfo,
});

const ruleItem = object('UserListRuleItemInfo', {
  name: string,
  numberRuleItem: object('UserListNumberRuleItemInfo', {
    operator: enumOf(
      'GREATER_THAN',
      'GREATER_THAN_OR_EQUAL',
      'EQUALS',
      'NOT_EQUALS',
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL',
    ),
    value: double,
  }),
  stringRuleItem: object('UserListStringRuleItemInfo', {
    operator: enumOf(
      'CONTAINS',
      'EQUALS',
      'STARTS_WITH',
      'ENDS_WITH',
      'NOT_EQUALS',
      'NOT_CONTAINS',
      'NOT_STARTS_WITH',
      'NOT_ENDS_WITH',
    ),
    value: string,
  }),
});
const ruleInfo = object('UserListRuleInfo', {
  ruleType: enumOf('AND_OF_ORS', 'OR_OF_ANDS'),
  ruleItemGroups: array(object('UserListRuleItemGroupInfo', { ruleItems: array(ruleItem) })),
});
const flexibleOperand = object('FlexibleRuleOperandInfo', { rule: ruleInfo, lookbackWindowDays: int64 });

const userList = object('UserList', {
  resourceName: string,
  id: int64,
  name: string,
  description: string,
  membershipStatus: enumOf('OPEN', 'CLOSED'),
  integrationCode: string,
  membershipLifeSpan: int64,
  ruleBasedUserList: object('RuleBasedUserListInfo', {
    prepopulationStatus: enumOf('REQUESTED', 'FINISHED', 'FAILED'),
    flexibleRuleUserList: object('FlexibleRuleUserListInfo', {
      inclusiveRuleOperator: enumOf('AND', 'OR'),
      inclusiveOperands: array(flexibleOperand),
      exclusiveOperands: array(flexibleOperand),
    }),
  }),
});

const customer = object('Customer', {
  resourceName: string,
  id: int64,
  descriptiveName: string,
  currencyCode: string,
  timeZone: string,
  trackingUrlTemplate: string,
  finalUrlSuffix: string,
  autoTaggingEnabled: bool,
  manager: bool,
});

const mutateOptions = { partialFailure: bool, validateOnly: bool, responseContentType };

export const SHAPES = {
  search: object('SearchGoogleAdsRequest', {
    customerId: string,
    query: string,
    pageToken: string,
    pageSize: { kind: 'int64' },
    validateOnly: bool,
    returnTotalResultsCount: bool,
    summaryRowSetting: enumOf('NO_SUMMARY_ROW', 'SUMMARY_ROW_WITH_RESULTS', 'SUMMARY_ROW_ONLY'),
  }),
  campaignCriteria: object('MutateCampaignCriteriaRequest', {
    customerId: string,
    operations: array(
      object('CampaignCriterionOperation', {
        updateMask: string,
        create: campaignCriterion,
        update: campaignCriterion,
        remove: string,
      }),
    ),
    ...mutateOptions,
  }),
  customerNegativeCriteria: object('MutateCustomerNegativeCriteriaRequest', {
    customerId: string,
    operations: array(
      object('CustomerNegativeCriterionOperation', { create: customerNegativeCriterion, remove: string }),
    ),
    ...mutateOptions,
  }),
  userLists: object('MutateUserListsRequest', {
    customerId: string,
    operations: array(
      object('UserListOperation', { updateMask: string, create: userList, update: userList, remove: string }),
    ),
    ...mutateOptions,
  }),
  customer: object('MutateCustomerRequest', {
    customerId: string,
    operation: object('CustomerOperation', { update: customer, updateMask: string }),
    validateOnly: bool,
    responseContentType,
  }),
} satisfies Record<string, Shape>;

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

/**
 * Checks a parsed JSON body against a shape and returns it with camelCase keys, or the message
 * Google's JSON layer answers ("Invalid JSON payload received. Unknown name ...").
 */
export function checkShape(
  value: unknown,
  shape: Shape,
  at = '',
): { ok: true; value: unknown } | { ok: false; message: string } {
  const where = at === '' ? '' : ` at '${at}'`;
  const refuse = (kind: string) => ({
    ok: false as const,
    message: `Invalid value${where} (${kind}), ${JSON.stringify(value)}`,
  });
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : refuse('TYPE_STRING');
    case 'bool':
      return typeof value === 'boolean' ? { ok: true, value } : refuse('TYPE_BOOL');
    case 'int64':
      return (typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isInteger(value)
        ? { ok: true, value: String(value) }
        : refuse('TYPE_INT64');
    case 'double':
      return typeof value === 'number' ? { ok: true, value } : refuse('TYPE_DOUBLE');
    case 'enum':
      return typeof value === 'string' && shape.values.includes(value)
        ? { ok: true, value }
        : refuse('TYPE_ENUM');
    case 'array': {
      if (!Array.isArray(value)) return refuse('TYPE_MESSAGE');
      const out: unknown[] = [];
      for (const [index, item] of value.entries()) {
        const checked = checkShape(item, shape.of, `${at}[${index}]`);
        if (!checked.ok) return checked;
        out.push(checked.value);
      }
      return { ok: true, value: out };
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return refuse('TYPE_MESSAGE');
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const name = camel(key);
        const field = shape.fields[name];
        if (!field) {
          return {
            ok: false,
            message: `Invalid JSON payload received. Unknown name "${key}"${where}: Cannot find field.`,
          };
        }
        const checked = checkShape(item, field, at === '' ? name : `${at}.${name}`);
        if (!checked.ok) return checked;
        out[name] = checked.value;
      }
      return { ok: true, value: out };
    }
  }
}
