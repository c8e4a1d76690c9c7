import { isIP } from 'node:net';
import type { GoogleAdsErrorItem, path } from './errors.js';

/**
 * The per-operation rejections the mutate methods return, one builder each, so that a campaign's and
 * an account's IP blocks fail with the same error objects Google sends (enum, message, trigger,
 * location and, for the caps, ResourceCountDetails).
 */

type Location = ReturnType<typeof path>;

export function requiredError(location: Location): GoogleAdsErrorItem {
  return { errorCode: { fieldError: 'REQUIRED' }, message: 'The required field was not present.', location };
}

export function notFound(resourceName: string, location: Location): GoogleAdsErrorItem {
  return {
    errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
    message: 'Requested resource not found.',
    trigger: { stringValue: resourceName },
    location,
  };
}

/** IPv4 or IPv6, optionally with a CIDR prefix, as IpBlockInfo.ip_address takes it. */
export function validIpBlock(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The list an IP block is added to: a campaign's negative criteria or an account's. */
export type IpBlockScope =
  | { kind: 'campaign'; customerId: string; campaignId: string; limit: number }
  | { kind: 'account'; customerId: string; limit: number };

function limitExceeded(scope: IpBlockScope, existingCount: number, location: Location): GoogleAdsErrorItem {
  const campaign = scope.kind === 'campaign';
  return {
    errorCode: { resourceCountLimitExceededError: campaign ? 'CAMPAIGN_LIMIT' : 'ACCOUNT_LIMIT' },
    message: campaign
      ? 'The request would exceed the number of allowed resources in a Campaign.'
      : 'The request would exceed the number of allowed resources in an Account.',
    location,
    details: {
      resourceCountDetails: {
        enclosingId: campaign ? scope.campaignId : scope.customerId,
        enclosingResource: campaign
          ? `customers/${scope.customerId}/campaigns/${scope.campaignId}`
          : `customers/${scope.customerId}`,
        limit: scope.limit,
        existingCount,
      },
    },
  };
}

/**
 * Checks one new IP block against its list in the order Google reports: missing, malformed, already
 * on the list, over the cap. `at` builds the location under the operation's `create`. Returns the
 * accepted address, or the operation's error.
 */
export function acceptIpBlock(
  ipAddress: string | undefined,
  list: { has: (ip: string) => boolean; size: number },
  scope: IpBlockScope,
  at: (...more: Array<[string, number?]>) => Location,
): string | GoogleAdsErrorItem {
  const field = at(['ip_block'], ['ip_address']);
  if (!ipAddress) return requiredError(field);
  if (!validIpBlock(ipAddress)) {
    return {
      errorCode: { criterionError: 'INVALID_IP_ADDRESS' },
      message: 'The IP address is not valid.',
      trigger: { stringValue: ipAddress },
      location: field,
    };
  }
  if (list.has(ipAddress)) {
    return {
      errorCode: { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      message: 'The resource already exists.',
      trigger: { stringValue: ipAddress },
      location: field,
    };
  }
  if (list.size >= scope.limit) return limitExceeded(scope, list.size, at(['ip_block']));
  return ipAddress;
}
