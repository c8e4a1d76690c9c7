import type { FakeReply } from '../kit/fake-service.js';
import {
  type GoogleAdsErrorItem,
  googleAdsError,
  googleAdsFailureDetail,
  path,
  RPC_CODE_INVALID_ARGUMENT,
} from './errors.js';
import { IpBlockLists } from './ip-block-lists.js';
import { acceptIpBlock, notFound, requiredError } from './mutate-errors.js';
import { type GoogleAdsFakeState, IP_BLOCKS_PER_ACCOUNT, IP_BLOCKS_PER_CAMPAIGN } from './state.js';

/**
 * The mutate methods: each operation is planned (checked against the state and the other operations
 * of the same request), then all are applied, or none when one fails without partialFailure, or
 * none at all with validateOnly. With partialFailure the failed operations get an empty result and
 * their errors go to partialFailureError with the operation's index in the field path.
 */

interface Planned {
  resourceName: string;
  apply: () => void;
}
type Outcome = Planned | GoogleAdsErrorItem;

export interface MutateContext {
  state: GoogleAdsFakeState;
  customerId: string;
  version: string;
  requestId: string;
}

/** Campaign types that take no negative campaign IP blocks or user lists (Performance Max first). */
const NO_CAMPAIGN_EXCLUSIONS = new Set([
  'PERFORMANCE_MAX',
  'MULTI_CHANNEL',
  'SMART',
  'LOCAL_SERVICES',
  'TRAVEL',
]);

function isError(outcome: Outcome): outcome is GoogleAdsErrorItem {
  return 'errorCode' in outcome;
}

function finish(
  context: MutateContext,
  outcomes: Outcome[],
  partialFailure: boolean,
  validateOnly: boolean,
): FakeReply {
  const errors = outcomes.filter(isError);
  if (errors.length > 0 && !partialFailure) {
    return googleAdsError(
      context.version,
      400,
      'Request contains an invalid argument.',
      errors,
      context.requestId,
    );
  }
  const body: Record<string, unknown> = {};
  if (!validateOnly) {
    for (const outcome of outcomes) if (!isError(outcome)) outcome.apply();
    body.results = outcomes.map((outcome) =>
      isError(outcome) ? {} : { resourceName: outcome.resourceName },
    );
  }
  if (errors.length > 0) {
    body.partialFailureError = {
      code: RPC_CODE_INVALID_ARGUMENT,
      message: `Multiple errors in 'details'. First error: ${errors[0]?.message ?? ''}`,
      details: [googleAdsFailureDetail(context.version, errors, context.requestId)],
    };
  }
  return { status: 200, body };
}

interface MutateBody {
  operations?: Array<Record<string, unknown>>;
  partialFailure?: boolean;
  validateOnly?: boolean;
}

function operationsOf(context: MutateContext, body: MutateBody): Array<Record<string, unknown>> | FakeReply {
  const operations = body.operations ?? [];
  if (operations.length === 0) {
    return googleAdsError(
      context.version,
      400,
      'Request contains an invalid argument.',
      [
        {
          errorCode: { mutateError: 'OPERATIONS_EMPTY' },
          message: 'The mutate request contained no operations.',
        } as GoogleAdsErrorItem,
      ],
      context.requestId,
    );
  }
  return operations;
}

/** Checks the one-of: exactly one of create/update/remove. */
function operationKind(
  operation: Record<string, unknown>,
  index: number,
): 'create' | 'update' | 'remove' | GoogleAdsErrorItem {
  const kinds = (['create', 'update', 'remove'] as const).filter((kind) => operation[kind] !== undefined);
  if (kinds.length === 1 && kinds[0]) return kinds[0];
  return requiredError(path(['operations', index], ['operation']));
}

/** Negative criteria are created and removed; Google refuses an update of them. */
function updateNotPermitted(index: number): GoogleAdsErrorItem {
  return {
    errorCode: { operationAccessDeniedError: 'UPDATE_OPERATION_NOT_PERMITTED' },
    message: 'Update operations are not permitted on these criteria in this fake.',
    location: path(['operations', index], ['update']),
  };
}

/**
 * A remove of one of this customer's criteria: unknown, another customer's or already removed earlier
 * in the request is RESOURCE_NOT_FOUND; otherwise `freed` gives its place on its list back at once.
 */
function removal<T>(
  store: Map<string, T>,
  context: MutateContext,
  resourceName: string,
  removed: Set<string>,
  index: number,
  freed: (criterion: T) => void,
): Outcome {
  const criterion = store.get(resourceName);
  if (
    criterion === undefined ||
    !resourceName.startsWith(`customers/${context.customerId}/`) ||
    removed.has(resourceName)
  ) {
    return notFound(resourceName, path(['operations', index], ['remove']));
  }
  removed.add(resourceName);
  freed(criterion);
  return { resourceName, apply: () => store.delete(resourceName) };
}

export function mutateCampaignCriteria(context: MutateContext, body: MutateBody): FakeReply {
  const { state, customerId } = context;
  const operations = operationsOf(context, body);
  if (!Array.isArray(operations)) return operations;
  const removed = new Set<string>();
  const lists = new IpBlockLists(
    [...state.campaignCriteria.values()]
      .filter((item) => item.customerId === customerId && item.type === 'IP_BLOCK')
      .map((item) => ({ list: item.campaignId, ipAddress: item.ipAddress ?? '' })),
  );
  const outcomes = operations.map((operation, index): Outcome => {
    const kind = operationKind(operation, index);
    if (typeof kind !== 'string') return kind;
    if (kind === 'update') return updateNotPermitted(index);
    if (kind === 'remove') {
      return removal(
        state.campaignCriteria,
        context,
        String(operation.remove),
        removed,
        index,
        (criterion) => {
          if (criterion.type === 'IP_BLOCK') lists.remove(criterion.campaignId, criterion.ipAddress ?? '');
        },
      );
    }
    const create = operation.create as {
      campaign?: string;
      negative?: boolean;
      ipBlock?: { ipAddress?: string };
      userList?: { userList?: string };
    };
    const at = (...more: Array<[string, number?]>) => path(['operations', index], ['create'], ...more);
    if (!create.campaign) return requiredError(at(['campaign']));
    const campaignMatch = new RegExp(`^customers/${customerId}/campaigns/(\\d+)$`).exec(create.campaign);
    const campaign = campaignMatch ? state.campaigns.get(campaignMatch[1] ?? '') : undefined;
    if (!campaign || campaign.customerId !== customerId) return notFound(create.campaign, at(['campaign']));
    if ((create.ipBlock ? 1 : 0) + (create.userList ? 1 : 0) !== 1) return requiredError(at(['criterion']));
    if (NO_CAMPAIGN_EXCLUSIONS.has(campaign.type)) {
      return {
        errorCode: { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_CAMPAIGN_TYPE' },
        message: 'Operation is not permitted for the targeted campaign type.',
        location: at([create.ipBlock ? 'ip_block' : 'user_list']),
      };
    }
    const criterionId = state.newId();
    const resourceName = `customers/${customerId}/campaignCriteria/${campaign.id}~${criterionId}`;
    if (create.userList) {
      const list = create.userList.userList;
      if (!list) return requiredError(at(['user_list'], ['user_list']));
      if (!state.userLists.has(list)) return notFound(list, at(['user_list'], ['user_list']));
      return {
        resourceName,
        apply: () =>
          state.campaignCriteria.set(resourceName, {
            resourceName,
            customerId,
            campaignId: campaign.id,
            criterionId,
            negative: create.negative ?? false,
            type: 'USER_LIST',
            ipAddress: null,
            userList: list,
          }),
      };
    }
    const scope = {
      kind: 'campaign',
      customerId,
      campaignId: campaign.id,
      limit: IP_BLOCKS_PER_CAMPAIGN,
    } as const;
    const ipAddress = acceptIpBlock(create.ipBlock?.ipAddress, lists.view(campaign.id), scope, at);
    if (typeof ipAddress !== 'string') return ipAddress;
    lists.add(campaign.id, ipAddress);
    return {
      resourceName,
      apply: () =>
        state.campaignCriteria.set(resourceName, {
          resourceName,
          customerId,
          campaignId: campaign.id,
          criterionId,
          negative: create.negative ?? false,
          type: 'IP_BLOCK',
          ipAddress,
          userList: null,
        }),
    };
  });
  return finish(context, outcomes, body.partialFailure ?? false, body.validateOnly ?? false);
}

export function mutateCustomerNegativeCriteria(context: MutateContext, body: MutateBody): FakeReply {
  const { state, customerId } = context;
  const operations = operationsOf(context, body);
  if (!Array.isArray(operations)) return operations;
  const removed = new Set<string>();
  const lists = new IpBlockLists(
    [...state.customerNegativeCriteria.values()]
      .filter((item) => item.customerId === customerId)
      .map((item) => ({ list: customerId, ipAddress: item.ipAddress })),
  );
  const outcomes = operations.map((operation, index): Outcome => {
    const kind = operationKind(operation, index);
    if (typeof kind !== 'string') return kind;
    if (kind === 'update') return updateNotPermitted(index);
    if (kind === 'remove') {
      return removal(
        state.customerNegativeCriteria,
        context,
        String(operation.remove),
        removed,
        index,
        (criterion) => lists.remove(customerId, criterion.ipAddress),
      );
    }
    const at = (...more: Array<[string, number?]>) => path(['operations', index], ['create'], ...more);
    const requested = (operation.create as { ipBlock?: { ipAddress?: string } }).ipBlock?.ipAddress;
    const scope = { kind: 'account', customerId, limit: IP_BLOCKS_PER_ACCOUNT } as const;
    const ipAddress = acceptIpBlock(requested, lists.view(customerId), scope, at);
    if (typeof ipAddress !== 'string') return ipAddress;
    lists.add(customerId, ipAddress);
    const id = state.newId();
    const resourceName = `customers/${customerId}/customerNegativeCriteria/${id}`;
    return {
      resourceName,
      apply: () =>
        state.customerNegativeCriteria.set(resourceName, {
          resourceName,
          customerId,
          id,
          type: 'IP_BLOCK',
          ipAddress,
        }),
    };
  });
  return finish(context, outcomes, body.partialFailure ?? false, body.validateOnly ?? false);
}

export function mutateUserLists(context: MutateContext, body: MutateBody): FakeReply {
  const { state, customerId } = context;
  const operations = operationsOf(context, body);
  if (!Array.isArray(operations)) return operations;
  const names = new Set(
    [...state.userLists.values()].filter((list) => list.customerId === customerId).map((list) => list.name),
  );
  const outcomes = operations.map((operation, index): Outcome => {
    const kind = operationKind(operation, index);
    if (typeof kind !== 'string') return kind;
    if (kind !== 'create') {
      return {
        errorCode: { operationAccessDeniedError: 'ACTION_NOT_PERMITTED' },
        message: 'Only create is served by this fake.',
        location: path(['operations', index], [kind]),
      };
    }
    const create = operation.create as {
      name?: string;
      description?: string;
      membershipLifeSpan?: string;
      ruleBasedUserList?: unknown;
    };
    const at = (field: string) => path(['operations', index], ['create'], [field]);
    if (!create.name) return requiredError(at('name'));
    if (!create.ruleBasedUserList) return requiredError(at('rule_based_user_list'));
    if (names.has(create.name)) {
      return {
        errorCode: { userListError: 'NAME_ALREADY_USED' },
        message: 'Name is already being used for another user list for the account.',
        trigger: { stringValue: create.name },
        location: at('name'),
      };
    }
    names.add(create.name);
    const id = state.newId();
    const resourceName = `customers/${customerId}/userLists/${id}`;
    return {
      resourceName,
      apply: () =>
        state.userLists.set(resourceName, {
          resourceName,
          customerId,
          id,
          name: create.name ?? '',
          description: create.description ?? '',
          membershipLifeSpan: create.membershipLifeSpan ?? '30',
          rule: create.ruleBasedUserList,
        }),
    };
  });
  return finish(context, outcomes, body.partialFailure ?? false, body.validateOnly ?? false);
}
