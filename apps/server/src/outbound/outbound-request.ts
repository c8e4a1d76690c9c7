import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type Destination,
  type DestinationPolicy,
  OutboundRefusedError,
  vetDestination,
} from './destination.js';

/**
 * The one way the server calls an address a customer typed (docs/integrations/firewall.md, "Outbound
 * calls and postback delivery"): each hop is vetted by destination.ts and connected to the vetted
 * address only (the socket's lookup answers that address: no second resolution), redirects are
 * followed a few times and each one vetted again, the answer is read up to a size and the whole call,
 * redirects included, has one deadline.
 */

export interface OutboundPolicy extends DestinationPolicy {
  /** The whole call, every redirect included (OUTBOUND_DEFAULTS.timeoutMs). */
  timeoutMs?: number;
  /** The most of an answer's body that is read; the rest is dropped and the connection closed. */
  maxResponseBytes?: number;
  /** How many redirects are followed, each to a vetted address (0: none). */
  maxRedirects?: number;
  /** Trust anchors for https in place of the system's (tests: a local receiver's own certificate). */
  ca?: string;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, maxRedirects: 3 };

export const OUTBOUND_USER_AGENT = 'Veracity-Postback/1.0';

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered (the last hop). */
  url: string;
  /** The address connected to for the last hop. */
  address: string;
  redirects: number;
  /** The body as text, at most maxResponseBytes of it. */
  body: string;
  truncated: boolean;
}

export type OutboundFailure = 'timeout' | 'network' | 'too_many_redirects';

/** The destination was allowed but the call did not get an answer (worth retrying later). */
export class OutboundFailedError extends Error {
  override name = 'OutboundFailedError';
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface HopAnswer {
  status: number;
  location: string | undefined;
  body: string;
  truncated: boolean;
}

/**
 * Calls `url` through the guard. Throws OutboundRefusedError when a hop's destination is not allowed
 * (scheme, user info, a private or unresolvable address) and OutboundFailedError when no answer came
 * (timeout, connection error, too many redirects). Any HTTP status is an answer.
 */
export async function outboundRequest(
  url: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxRedirects = policy.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const maxBytes = policy.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let current = url;
  let method = request.method ?? 'GET';
  let body = request.body;
  let headers = request.headers ?? {};
  try {
    for (let redirects = 0; ; redirects += 1) {
      const destination = await untilAborted(vetDestination(current, policy), controller.signal, timeoutMs);
      const limits = { maxBytes, ca: policy.ca };
      const answer = await send(destination, { method, headers, body }, controller.signal, limits).catch(
        (error: unknown) => {
          throw controller.signal.aborted
            ? new OutboundFailedError('timeout', `no answer within ${timeoutMs} ms`)
            : new OutboundFailedError('network', connectionError(error));
        },
      );
      if (REDIRECT_STATUSES.has(answer.status) && answer.location !== undefined) {
        if (redirects >= maxRedirects) {
          throw new OutboundFailedError('too_many_redirects', `more than ${maxRedirects} redirects`);
        }
        const next = redirectTarget(answer.location, destination.url);
        if (next.origin !== destination.url.origin) headers = {};
        if (answer.status === 303 || (answer.status <= 302 && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        current = next.toString();
        continue;
      }
      return {
        status: answer.status,
        url: destination.url.toString(),
        address: destination.address,
        redirects,
        body: answer.body,
        truncated: answer.truncated,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

function redirectTarget(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new OutboundRefusedError('invalid_url', 'the redirect location is not a URL');
  }
}

/** Resolution cannot be cancelled: the call stops waiting for it at the deadline. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  const timedOut = () => new OutboundFailedError('timeout', `no answer within ${timeoutMs} ms`);
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function connectionError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The socket's resolver: it answers the vetted address and nothing else (no second DNS lookup). */
function pinnedLookup(destination: Destination): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== destination.hostname) {
      callback(new Error(`unexpected lookup of ${hostname}`), '', 0);
      return;
    }
    if (options.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };
}

function send(
  destination: Destination,
  request: Required<Pick<OutboundRequest, 'method' | 'headers'>> & Pick<OutboundRequest, 'body'>,
  signal: AbortSignal,
  limits: { maxBytes: number; ca: string | undefined },
): Promise<HopAnswer> {
  const { maxBytes } = limits;
  const { url } = destination;
  const secure = url.protocol === 'https:';
  const headers: Record<string, string> = {
    'user-agent': OUTBOUND_USER_AGENT,
    accept: '*/*',
    ...request.headers,
    host: url.host,
  };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<HopAnswer>((resolve, reject) => {
    const options: https.RequestOptions = {
      host: destination.hostname,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      agent: false,
      lookup: pinnedLookup(destination),
      signal,
    };
    // TLS checks the certificate against the name typed, not the address connected to.
    if (secure && destination.hostname !== destination.address) options.servername = destination.hostname;
    if (secure && limits.ca !== undefined) options.ca = limits.ca;
    const req = (secure ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const finish = (truncated: boolean) => {
        if (settled) return;
        settled = true;
        const location = res.headers.location;
        resolve({
          status: res.statusCode ?? 0,
          location: typeof location === 'string' ? location : undefined,
          body: Buffer.concat(chunks).toString('utf8'),
          truncated,
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          finish(true);
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => finish(false));
      res.on('error', (error) => {
        if (!settled) reject(error);
      });
      res.on('close', () => {
        if (!settled) reject(new Error('the connection closed before the answer ended'));
      });
    });
    req.on('error', reject);
    req.end(request.body);
  });
}
