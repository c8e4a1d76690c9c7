import type { FakeReply } from '../kit/fake-service.js';

/**
 * Google Ads API error envelopes as the REST API sends them: google.rpc.Status with a
 * GoogleAdsFailure detail whose errors name the proto error enum (`{quotaError: 'RESOURCE_EXHAUSTED'}`),
 * a message and the location of the offending field (`fieldPathElements` with the operation index).
 */

export interface FieldPathElement {
  fieldName: string;
  index?: number;
}

export interface GoogleAdsErrorItem {
  /** One key, the error enum's field name in GoogleAdsError.errorCode, and its value. */
  errorCode: Record<string, string>;
  message: string;
  trigger?: { stringValue: string };
  location?: { fieldPathElements: FieldPathElement[] };
  details?: Record<string, unknown>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** google.rpc.Code numbers, for partialFailureError.code. */
export const RPC_CODE_INVALID_ARGUMENT = 3;

export function googleAdsFailureDetail(version: string, errors: GoogleAdsErrorItem[], requestId: string) {
  return {
    '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
    errors,
    requestId,
  };
}

export function googleAdsError(
  version: string,
  status: number,
  message: string,
  errors: GoogleAdsErrorItem[],
  requestId: string,
): FakeReply {
  return {
    status,
    body: {
      error: {
        code: status,
        message,
        status: STATUS_NAMES[status] ?? 'UNKNOWN',
        details: [googleAdsFailureDetail(version, errors, requestId)],
      },
    },
  };
}

/** The JSON-parsing layer's refusal (unknown or mistyped field), before the Google Ads backend. */
export function badRequestPayload(description: string): FakeReply {
  return {
    status: 400,
    body: {
      error: {
        code: 400,
        message: description,
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ description }] },
        ],
      },
    },
  };
}

export function unauthenticated(
  version: string,
  reason: 'expired' | 'unknown' | 'revoked',
  requestId: string,
): FakeReply {
  return googleAdsError(
    version,
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    [
      {
        errorCode: {
          authenticationError: reason === 'expired' ? 'OAUTH_TOKEN_EXPIRED' : 'OAUTH_TOKEN_INVALID',
        },
        message:
          reason === 'expired' ? 'The OAuth access token has expired.' : 'The OAuth access token is invalid.',
      },
    ],
    requestId,
  );
}

export function permissionDenied(version: string, customerId: string, requestId: string): FakeReply {
  return googleAdsError(
    version,
    403,
    'The caller does not have permission',
    [
      {
        errorCode: { authorizationError: 'USER_PERMISSION_DENIED' },
        message: `User doesn't have permission to access customer ${customerId}. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.`,
      },
    ],
    requestId,
  );
}

/** The quota refusal (429) with the retry delay Google puts in QuotaErrorDetails. */
export function quotaExhausted(version: string, retryDelaySeconds: number, requestId: string): FakeReply {
  return googleAdsError(
    version,
    429,
    'Resource has been exhausted (e.g. check quota).',
    [
      {
        errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
        message: `Too many requests. Retry in ${retryDelaySeconds} seconds.`,
        details: {
          quotaErrorDetails: {
            rateScope: 'ACCOUNT',
            rateName: 'Number of operations for basic access',
            retryDelay: `${retryDelaySeconds}s`,
          },
        },
      },
    ],
    requestId,
  );
}

export function path(...elements: Array<[string, number?]>): { fieldPathElements: FieldPathElement[] } {
  return {
    fieldPathElements: elements.map(([fieldName, index]) =>
      index === undefined ? { fieldName } : { fieldName, index },
    ),
  };
}
