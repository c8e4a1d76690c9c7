import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import { apiUrl, type QueryValue } from './api-url';
import { takeEarlyResponse } from './early-requests';
import { readSessionToken } from './session-token';

export { API_BASE, apiUrl, type QueryValue } from './api-url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-like parse: the caller passes a schema from @veracity/contracts. */
export interface ResponseSchema<T> {
  parse(input: unknown): T;
}

/** Why a call failed: the server answered with an error status, or no answer came at all. */
export type ApiFailure = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly failure: ApiFailure;
  /** HTTP status, or null when no response arrived (network failure, timeout). */
  readonly status: number | null;
  /** The parsed JSON body (or text) of the error response; undefined without a response. */
  readonly body: unknown;
  readonly requestId: string | null;
  readonly method: HttpMethod;
  readonly url: string;

  constructor(init: {
    failure: ApiFailure;
    status: number | null;
    body?: unknown;
    requestId?: string | null;
    method: HttpMethod;
    url: string;
    cause?: unknown;
  }) {
    super(
      init.status === null
        ? `${init.method} ${init.url} failed: ${init.failure}`
        : `${init.method} ${init.url} answered ${init.status}`,
      { cause: init.cause },
    );
    this.failure = init.failure;
    this.status = init.status;
    this.body = init.body;
    this.requestId = init.requestId ?? null;
    this.method = init.method;
    this.url = init.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * One call to the API: JSON in and out, the stored token as a bearer header, a 120 s timeout, the
 * response parsed with the caller's schema. Throws ApiError for error statuses and failed requests.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = apiUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    const early = await takeEarlyResponse(method, url, body, token);
    response = early ?? (await fetch(url, { method, headers, body, signal: controller.signal }));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ failure: timedOut ? 'timeout' : 'network', status: null, method, url, cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const answer = await readBody(response);
  if (!response.ok) {
    throw new ApiError({
      failure: 'http',
      status: response.status,
      body: answer,
      requestId: response.headers.get(REQUEST_ID_HEADER),
      method,
      url,
    });
  }
  return options.schema ? options.schema.parse(answer) : (answer as T);
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
