import { ERROR_KEYS, type ErrorItem, HTTP_STATUS, zErrorItem } from '@veracity/contracts/errors';
import { type HttpMethod, isApiError } from './api-client';

/**
 * The one place where API failures become what the user sees (spec 01 §8, spec 02 §8).
 * Screens call describeApiError and act on the outcome: show the messages as a notification,
 * follow the redirect, or log the user out.
 */

export const ERROR_MESSAGES = {
  noResponse: 'An error occurred. Please reload the page.',
  loginUnauthorized: 'E-Mail or password not valid',
  preregisterUnauthorized: 'Your token is invalid or has expired',
  campaignEditFailed: 'Error occurred',
  permissionEditing: 'Permission Error while editing',
  permission: 'You do not have permission to do this.',
  sessionNotFound: 'We couldn’t find a session with this ID',
  demoAccount: 'This action is disabled for the demo account',
  tooManyRequests: 'Too many requests, please try again in a few seconds',
  server: 'An error occurred on our servers. Please reload the page.',
  signUpsUnavailable:
    'Sign-ups are currently unavailable. Please try again later or contact support if the issue persists.',
  retrievingData: 'Error retrieving data',
  invalidRequest: 'The request is not valid. Please check the form and try again.',
} as const;

/** Where the dashboard sends the user for statuses that leave the current screen. */
export const ERROR_ROUTES = {
  accountInactive: '/account-inactive',
  accountMissing: '/account-missing',
  forbidden: '/403-forbidden',
  trialEmailVerificationPending: '/auth/trial-email-verification-pending',
} as const;

/** Which screen made the call: auth screens read 401 and 403 differently from the rest. */
export type ErrorContext = 'login' | 'preregister' | 'auth' | 'default';

export interface ErrorDescriptionOptions {
  context?: ErrorContext;
  /** Overrides the method recorded on the ApiError. */
  method?: HttpMethod;
  /** Overrides the URL recorded on the ApiError. */
  url?: string;
}

export type NotificationLevel = 'info' | 'success' | 'warning' | 'error';

export type ApiErrorOutcome =
  | { kind: 'message'; level: NotificationLevel; messages: string[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'logout' };

function message(level: NotificationLevel, ...messages: string[]): ApiErrorOutcome {
  return { kind: 'message', level, messages };
}

function subject(field: string | undefined): string {
  return field && field.trim() !== '' ? field : 'This field';
}

/** The spec's text for one field error item. */
export function describeErrorItem(item: ErrorItem): string {
  const field = subject(item.field);
  const n = item.value ?? '';
  switch (item.code) {
    case 'REQUIRED':
      return `${field} is a required field.`;
    case 'NOT_VALID':
      return `Value of ${field} is invalid.`;
    case 'MIN_VALUE':
      return `${field} field requires a minimum value of ${n}.`;
    case 'MAX_VALUE':
      return `${field} field allows a maximum value of ${n}.`;
    case 'MIN_LENGTH':
      return `${field} field requires a minimum length of ${n}.`;
    case 'MAX_LENGTH':
      return `${field} field allows a maximum length of ${n}.`;
    case 'USER_INACTIVE':
      return 'The user is inactive.';
    case 'USER_ALREADY_EXISTS':
      return 'The user already exists.';
    case 'CURRENT_PASSWORD_NOT_MATCH':
      return 'The passwords do not match.';
    case 'INVALID_HIT':
      return 'Invalid hit id';
    case 'BUSINESS_EMAIL_REQUIRED':
      return 'Please enter a valid business email';
    case 'ALREADY_EXISTS':
      return item.field ? `${item.field} already exists.` : 'This item already exists.';
    case 'NOT_FOUND':
      return item.field ? `${item.field} was not found.` : 'The item was not found.';
  }
}

/**
 * Reads an error body into messages: a string as it is; a list item by item (known codes get the
 * spec's text, unknown ones fall back to their own message). Returns [] when nothing is readable.
 */
export function errorBodyMessages(body: unknown): string[] {
  if (typeof body === 'string') return body.trim() === '' ? [] : [body];
  if (!Array.isArray(body)) return [];
  const messages: string[] = [];
  for (const raw of body) {
    const item = zErrorItem.safeParse(raw);
    if (item.success) {
      messages.push(describeErrorItem(item.data));
    } else if (isRecord(raw) && typeof raw.message === 'string') {
      messages.push(raw.message);
    }
  }
  return messages;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Campaign URLs: `/campaign(s)`, S2S (`/s2s`) and firewall campaigns (`/sensors/firewall/{id}`, spec 02
 * §7). A firewall offer or traffic source (`/sensors/firewall/offers/...`, `/trafficsources/...`) and the
 * CSV download are not campaigns.
 */
const CAMPAIGN_URLS = [
  /\/campaigns?(\/|\?|$)/,
  /\/s2s(\/|\?|$)/,
  /\/sensors\/firewall\/(?!(offers|trafficsources|csv)(\/|\?|$))[^/?]+(\/|\?|$)/,
];

/** Campaign URL edits (firewall and S2S campaigns) report each failed field on a 403. */
export function isCampaignUrl(url: string): boolean {
  return CAMPAIGN_URLS.some((pattern) => pattern.test(url));
}

function describeForbiddenEdit(body: unknown, url: string): ApiErrorOutcome {
  if (!isCampaignUrl(url)) return message('error', ERROR_MESSAGES.permissionEditing);
  const details = Array.isArray(body)
    ? body.flatMap((raw) => {
        if (!isRecord(raw)) return [];
        const parsed = zErrorItem.safeParse(raw);
        const text =
          typeof raw.message === 'string'
            ? raw.message
            : parsed.success
              ? describeErrorItem(parsed.data)
              : '';
        const field = typeof raw.field === 'string' ? raw.field : '';
        if (!text && !field) return [];
        return [field ? `${field}: ${text}` : text];
      })
    : [];
  return message('error', ERROR_MESSAGES.campaignEditFailed, ...details);
}

function describeStatus(status: number, body: unknown, options: Required<ErrorDescriptionOptions>) {
  const { context, method, url } = options;
  const bodyMessages = errorBodyMessages(body);
  switch (status) {
    case HTTP_STATUS.BAD_REQUEST:
    case HTTP_STATUS.CONFLICT:
      return message('error', ...(bodyMessages.length > 0 ? bodyMessages : [ERROR_MESSAGES.invalidRequest]));
    case HTTP_STATUS.UNAUTHORIZED:
      if (context === 'login') return message('error', ERROR_MESSAGES.loginUnauthorized);
      if (context === 'preregister') return message('error', ERROR_MESSAGES.preregisterUnauthorized);
      if (context === 'auth')
        return message('error', ...(bodyMessages[0] ? bodyMessages : [ERROR_MESSAGES.noResponse]));
      return { kind: 'logout' } as const;
    case HTTP_STATUS.FORBIDDEN:
      if (context === 'login') {
        if (body === ERROR_KEYS.NO_ACTIVE_ACCOUNT)
          return { kind: 'redirect', to: ERROR_ROUTES.accountInactive } as const;
        if (body === ERROR_KEYS.NO_ACCOUNT)
          return { kind: 'redirect', to: ERROR_ROUTES.accountMissing } as const;
        return { kind: 'redirect', to: ERROR_ROUTES.forbidden } as const;
      }
      if (typeof body === 'string' && body.trim() !== '') return message('error', body);
      if (method === 'PUT') return describeForbiddenEdit(body, url);
      return message('error', ...(bodyMessages.length > 0 ? bodyMessages : [ERROR_MESSAGES.permission]));
    case HTTP_STATUS.NOT_FOUND:
      return message('error', ERROR_MESSAGES.sessionNotFound);
    case HTTP_STATUS.DEMO_ACCOUNT:
      return message('warning', ERROR_MESSAGES.demoAccount);
    case HTTP_STATUS.TOO_MANY_REQUESTS:
      return message('warning', ERROR_MESSAGES.tooManyRequests);
    case HTTP_STATUS.EMAIL_VERIFICATION_PENDING:
      return { kind: 'redirect', to: ERROR_ROUTES.trialEmailVerificationPending } as const;
    case HTTP_STATUS.INTERNAL:
      return message('error', ERROR_MESSAGES.server);
    case HTTP_STATUS.SERVICE_UNAVAILABLE:
      return message('error', ERROR_MESSAGES.signUpsUnavailable);
    case HTTP_STATUS.GATEWAY_TIMEOUT:
      return message('error', ERROR_MESSAGES.retrievingData);
    default:
      if (bodyMessages.length > 0) return message('error', ...bodyMessages);
      return message('error', status >= 500 ? ERROR_MESSAGES.server : ERROR_MESSAGES.noResponse);
  }
}

/**
 * What to show or do for a failed call. Anything that is not an HTTP error answer (a network
 * failure, a timeout, an unexpected exception) reads "An error occurred. Please reload the page."
 */
export function describeApiError(error: unknown, options: ErrorDescriptionOptions = {}): ApiErrorOutcome {
  if (!isApiError(error) || error.status === null) return message('error', ERROR_MESSAGES.noResponse);
  return describeStatus(error.status, error.body, {
    context: options.context ?? 'default',
    method: options.method ?? error.method,
    url: options.url ?? error.url,
  });
}
