import { z } from 'zod';
import type { SimulationSummary } from './simulation-summary.js';

/**
 * How the simulator reaches Veracity's public endpoints: over HTTP like a customer's server
 * (`npm run simulate`), or through Fastify's `inject` into an app in the same process (the server's
 * first-start demo traffic). Either way a request goes through the same routes, checks and answers.
 */

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path and query, such as `/s2s/v1/hits`. */
  path: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface TransportAnswer {
  status: number;
  text: string;
  header(name: string): string | null;
}

export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

function headersOf(request: TransportRequest): Record<string, string> {
  return {
    accept: 'application/json',
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
  };
}

/** Requests to a server at `baseUrl` (no trailing slash). */
export function httpTransport(baseUrl: string, fetchImpl: typeof fetch = fetch): Transport {
  return async (request) => {
    const response = await fetchImpl(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: headersOf(request),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const text = await response.text();
    return { status: response.status, text, header: (name) => response.headers.get(name) };
  };
}

/** What the simulator needs of a Fastify instance: its `inject` (light-my-request). */
export interface InjectTarget {
  inject(options: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

/** Requests into an app in the same process: no socket, the same routes as over HTTP. */
export function injectTransport(app: InjectTarget): Transport {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: headersOf(request),
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    return {
      status: response.statusCode,
      text: response.body,
      header: (name) => {
        const value = response.headers[name.toLowerCase()];
        return value === undefined ? null : String(value);
      },
    };
  };
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const MAX_ATTEMPTS = 6;
const MAX_BACKOFF_MS = 30_000;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The schema of an answer without a body (204: the collector's answer to a sensor report). */
export const zNoContent = z.undefined();

/** A request that got no acceptable answer, after its retries. */
export class RequestFailed extends Error {}

/** The run was stopped (its signal aborted) while a request waited to be retried. */
export class RunStopped extends Error {}

export interface CallContext {
  transport: Transport;
  sleep: (ms: number) => Promise<void>;
  /** Retries are counted here. */
  summary?: SimulationSummary;
  /** Stops retrying once aborted. */
  signal?: AbortSignal;
}

/** A JSON call with retries on 429, 502-504 and network errors; throws RequestFailed at the end. */
export async function call<T>(
  context: CallContext,
  request: TransportRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  const label = `${request.method} ${request.path}`;
  for (let attempt = 1; ; attempt++) {
    let retryReason: string;
    let waitMs: number | null = null;
    try {
      const answer = await context.transport(request);
      if (answer.status >= 200 && answer.status < 300) {
        let json: unknown;
        try {
          json = answer.status === 204 ? undefined : JSON.parse(answer.text);
        } catch {
          throw new RequestFailed(`${label}: answered ${answer.status} with a body that is not JSON`);
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success)
          throw new RequestFailed(`${label}: unexpected answer: ${answer.text.slice(0, 200)}`);
        return parsed.data;
      }
      if (!RETRY_STATUSES.has(answer.status))
        throw new RequestFailed(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
      retryReason = String(answer.status);
      waitMs = retryAfterMs(answer.header('retry-after'));
    } catch (error) {
      if (error instanceof RequestFailed) throw error;
      retryReason = 'network';
      if (attempt >= MAX_ATTEMPTS) throw new RequestFailed(`${label}: ${(error as Error).message}`);
    }
    if (attempt >= MAX_ATTEMPTS)
      throw new RequestFailed(`${label}: still ${retryReason} after ${attempt} attempts`);
    if (context.signal?.aborted) throw new RunStopped(`${label}: stopped`);
    if (context.summary)
      context.summary.retries[retryReason] = (context.summary.retries[retryReason] ?? 0) + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (attempt - 1) * (1 + Math.random() * 0.25));
    await context.sleep(Math.min(MAX_BACKOFF_MS * 2, waitMs ?? backoff));
    if (context.signal?.aborted) throw new RunStopped(`${label}: stopped`);
  }
}
