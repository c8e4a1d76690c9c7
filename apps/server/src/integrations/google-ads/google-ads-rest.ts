import {
  GoogleAdsAuthError,
  type GoogleAdsCaller,
  type GoogleAdsOperationResult,
  GoogleAdsQuotaError,
  GoogleAdsRequestError,
} from './google-ads-api.js';

/**
 * The HTTP side of the Google Ads REST API: one request with the bearer token and login-customer-id,
 * Google's error envelope turned into the errors of google-ads-api.ts, googleAds:search followed page
 * by page (nextPageToken; page_size is refused by Google and never sent), and a mutate answer sent with
 * partialFailure turned into one result per operation.
 */

export interface GoogleAdsRestOptions {
  /** GOOGLE_ADS_API_URL without a trailing slash. */
  apiUrl: string;
  /** GOOGLE_ADS_API_VERSION, such as v26. */
  apiVersion: string;
  /** Per request (default 60 s). */
  timeoutMs?: number;
}

/** When Google gives no retry delay with a quota refusal. */
const DEFAULT_RETRY_SECONDS = 30;

/** A GoogleAdsError of a GoogleAdsFailure, as the REST JSON carries it. */
interface FailureError {
  errorCode?: Record<string, string>;
  message?: string;
  location?: { fieldPathElements?: Array<{ fieldName?: string; index?: number }> };
  details?: { quotaErrorDetails?: { retryDelay?: string } };
}

interface ErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; errors?: FailureError[] }>;
  };
}

/** `resourceCountLimitExceededError.CAMPAIGN_LIMIT`: the error enum and its value, as results carry them. */
export function failureCode(error: FailureError): string {
  const [kind, value] = Object.entries(error.errorCode ?? {})[0] ?? ['unknown', 'UNKNOWN'];
  return `${kind}.${value}`;
}

/** Failures worth sending again later: quota, Google's internal errors, concurrent changes. */
function retryable(code: string): boolean {
  return (
    code.startsWith('quotaError.') ||
    code.startsWith('internalError.') ||
    code === 'databaseError.CONCURRENT_MODIFICATION'
  );
}

type FailureDetails = Array<{ '@type'?: string; errors?: FailureError[] }> | undefined;

function failureErrors(details: FailureDetails): FailureError[] {
  return (details ?? []).flatMap((detail) =>
    detail['@type']?.endsWith('.GoogleAdsFailure') ? (detail.errors ?? []) : [],
  );
}

function seconds(delay: string | undefined | null): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s?$/.exec(delay ?? '');
  return match ? Math.ceil(Number(match[1])) : undefined;
}

function toError(status: number, body: unknown, retryAfter: string | null): Error {
  const error = (body as ErrorBody | undefined)?.error;
  const errors = failureErrors(error?.details);
  const first = errors[0];
  const message = first?.message ?? error?.message ?? `HTTP ${status}`;
  const code = first ? failureCode(first) : (error?.status ?? `HTTP_${status}`);
  if (status === 401 || error?.status === 'UNAUTHENTICATED')
    return new GoogleAdsAuthError(`Google Ads refused the access token: ${message}`);
  if (status === 429 || error?.status === 'RESOURCE_EXHAUSTED' || code.startsWith('quotaError.')) {
    const delay = errors
      .map((item) => seconds(item.details?.quotaErrorDetails?.retryDelay))
      .find((value) => value !== undefined);
    return new GoogleAdsQuotaError(
      `Google Ads quota: ${message}`,
      delay ?? seconds(retryAfter) ?? DEFAULT_RETRY_SECONDS,
    );
  }
  return new GoogleAdsRequestError(`Google Ads refused the request: ${message}`, status, code);
}

export interface GoogleAdsRest {
  call<T>(method: 'GET' | 'POST', path: string, caller: GoogleAdsCaller, body?: unknown): Promise<T>;
  search<T>(caller: GoogleAdsCaller, customerId: string, query: string): Promise<T[]>;
}

export function createGoogleAdsRest(options: GoogleAdsRestOptions): GoogleAdsRest {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/${options.apiVersion}`;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    caller: GoogleAdsCaller,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${caller.accessToken}`,
      accept: 'application/json',
    };
    if (caller.loginCustomerId) headers['login-customer-id'] = caller.loginCustomerId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${base}/${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GoogleAdsRequestError(
        timedOut
          ? `Google Ads did not answer within ${timeoutMs} ms`
          : `Google Ads unreachable: ${(error as Error).message}`,
        0,
        timedOut ? 'DEADLINE_EXCEEDED' : 'UNAVAILABLE',
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw toError(response.status, parsed, response.headers.get('retry-after'));
    if (parsed === undefined)
      throw new GoogleAdsRequestError(
        'Google Ads answered a body that is not JSON',
        response.status,
        'BAD_ANSWER',
      );
    return parsed as T;
  }

  return {
    call,
    async search<T>(caller: GoogleAdsCaller, customerId: string, query: string): Promise<T[]> {
      const rows: T[] = [];
      let pageToken: string | undefined;
      do {
        const page: { results?: T[]; nextPageToken?: string } = await call(
          'POST',
          `customers/${customerId}/googleAds:search`,
          caller,
          {
            query,
            ...(pageToken ? { pageToken } : {}),
          },
        );
        rows.push(...(page.results ?? []));
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
      return rows;
    },
  };
}

/**
 * One result per operation of a mutate sent with partialFailure: the failed ones from
 * partialFailureError (by the operation index of each error's field path), the others from results
 * (empty under validateOnly, when `fallbackNames` gives what each operation would have named).
 */
export function operationResults(
  answer: {
    results?: Array<{ resourceName?: string }>;
    partialFailureError?: { details?: Array<{ '@type'?: string; errors?: FailureError[] }> };
  },
  count: number,
  fallbackNames: readonly string[],
): GoogleAdsOperationResult[] {
  const failures = new Map<number, FailureError>();
  for (const error of failureErrors(answer.partialFailureError?.details)) {
    const index = error.location?.fieldPathElements?.find(
      (element) => element.fieldName === 'operations',
    )?.index;
    if (index !== undefined && !failures.has(index)) failures.set(index, error);
  }
  return Array.from({ length: count }, (_, index): GoogleAdsOperationResult => {
    const failure = failures.get(index);
    if (failure) {
      const code = failureCode(failure);
      return { ok: false, code, message: failure.message ?? code, retryable: retryable(code) };
    }
    return { ok: true, resourceName: answer.results?.[index]?.resourceName || (fallbackNames[index] ?? '') };
  });
}
