import { z } from 'zod';

/**
 * The one error contract of the API (spec 01 §8, spec 02 §8).
 *
 * Every error response is JSON and its body is either a single string (shown as it is, or read as a
 * known message key such as NO_ACTIVE_ACCOUNT) or a list of items, each naming a code, the field it
 * concerns and, for limits, the value of the limit. The dashboard turns both into the spec's texts.
 */
export const ERROR_CODES = [
  'REQUIRED',
  'NOT_VALID',
  'MIN_VALUE',
  'MAX_VALUE',
  'MIN_LENGTH',
  'MAX_LENGTH',
  'USER_INACTIVE',
  'USER_ALREADY_EXISTS',
  'CURRENT_PASSWORD_NOT_MATCH',
  'INVALID_HIT',
  'BUSINESS_EMAIL_REQUIRED',
  'ALREADY_EXISTS',
  'NOT_FOUND',
] as const;

export const zErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof zErrorCode>;

export const zErrorItem = z.object({
  code: zErrorCode,
  field: z.string().optional(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  message: z.string().optional(),
});
export type ErrorItem = z.infer<typeof zErrorItem>;

export const zErrorBody = z.union([z.string(), z.array(zErrorItem)]);
export type ErrorBody = z.infer<typeof zErrorBody>;

/** The statuses the API answers with, by meaning. 418 and 450 are the spec's own. */
export const HTTP_STATUS = {
  OK: 200,
  CREATED: 201,
  ACCEPTED: 202,
  NO_CONTENT: 204,
  NOT_MODIFIED: 304,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  DEMO_ACCOUNT: 418,
  TOO_MANY_REQUESTS: 429,
  EMAIL_VERIFICATION_PENDING: 450,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;
export type HttpStatus = (typeof HTTP_STATUS)[keyof typeof HTTP_STATUS];

/** String bodies that carry a meaning the dashboard acts on (spec 01 §8). */
export const ERROR_KEYS = {
  NO_ACTIVE_ACCOUNT: 'NO_ACTIVE_ACCOUNT',
  NO_ACCOUNT: 'NO_ACCOUNT',
  DEMO_ACCOUNT: 'This action is disabled for the demo account',
} as const;

/** The header that carries the request id on every response, for support and logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
