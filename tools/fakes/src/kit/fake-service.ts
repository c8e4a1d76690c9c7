import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an outside HTTP service (Google, and later Meta, Microsoft, TikTok, HubSpot,
 * Chargebee): named routes, every request recorded (secrets redacted), and failures a test can
 * inject on a named route: the next N calls answer a given status and body, or a rate limit.
 * It listens on loopback only.
 */

export interface FakeRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The raw body text ('' when none). */
  bodyText: string;
  /** The named route that answered, or null when none matched. */
  route: string | null;
  params: Record<string, string>;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is (with the content type given); anything else as JSON. */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** What a test sees of a recorded request: secrets replaced by "[redacted]". */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  route: string | null;
  headers: Record<string, string>;
  body: unknown;
  status: number;
}

export interface InjectedFailure {
  /** How many of the next calls fail (default 1). */
  times?: number;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeServiceOptions {
  name: string;
  /** Builds the body of an injected rate limit (429); default a plain JSON error with Retry-After. */
  rateLimitReply?: (retryDelaySeconds: number) => FakeReply;
}

export interface FakeService {
  readonly name: string;
  /** http://127.0.0.1:PORT once listening. */
  readonly url: string;
  /** `pattern` is a path with `{param}` segments; a param matches up to the next `/` or `:`. */
  route(name: string, method: string, pattern: string, handler: FakeHandler): void;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  readonly requests: RecordedRequest[];
  /** The recorded requests answered by one named route. */
  requestsTo(route: string): RecordedRequest[];
  clearRequests(): void;
  injectError(route: string, failure: InjectedFailure): void;
  /** The next `times` calls of the route answer 429 with the retry delay. */
  rateLimit(route: string, options: { times?: number; retryDelaySeconds: number }): void;
}

const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'x-goog-api-key',
  'developer-token',
  'developertoken',
  'access-token',
]);
const SECRET_FIELDS = new Set([
  'client_secret',
  'secret',
  'auth_code',
  'refresh_token',
  'access_token',
  'code',
  'token',
  'password',
]);

interface Route {
  name: string;
  method: string;
  regex: RegExp;
  keys: string[];
  handler: FakeHandler;
}

function compilePattern(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const key = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (key) {
        keys.push(key);
        return '([^/:]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), keys };
}

function redactBody(text: string, contentType: string): unknown {
  if (text === '') return null;
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    return Object.fromEntries(
      [...form.entries()].map(([key, value]) => [key, SECRET_FIELDS.has(key) ? '[redacted]' : value]),
    );
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? '[redacted]' : value]),
      );
    }
    return parsed;
  } catch {
    return text;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, reply: FakeReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = '';
  if (typeof reply.body === 'string') {
    payload = reply.body;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  response.writeHead(reply.status, headers);
  response.end(payload);
}

export function createFakeService(options: FakeServiceOptions): FakeService {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, InjectedFailure[]>();
  let server: Server | undefined;
  let url = '';
  const rateLimitReply =
    options.rateLimitReply ??
    ((seconds: number): FakeReply => ({
      status: 429,
      headers: { 'retry-after': String(seconds) },
      body: { error: 'rate_limited', retry_after: seconds },
    }));

  function takeFailure(route: string): FakeReply | undefined {
    const queue = failures.get(route);
    const next = queue?.[0];
    if (!queue || !next) return undefined;
    const left = (next.times ?? 1) - 1;
    if (left <= 0) queue.shift();
    else queue[0] = { ...next, times: left };
    return {
      status: next.status,
      body: next.body,
      ...(next.headers ? { headers: next.headers } : {}),
    };
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const parsedUrl = new URL(incoming.url ?? '/', 'http://fake.local');
    const bodyText = await readBody(incoming);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers[key] = value;
      else if (Array.isArray(value)) headers[key] = value.join(', ');
    }
    const method = (incoming.method ?? 'GET').toUpperCase();
    let matched: Route | undefined;
    let params: Record<string, string> = {};
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.regex.exec(parsedUrl.pathname);
      if (!match) continue;
      matched = candidate;
      params = Object.fromEntries(
        candidate.keys.map((key, index) => [key, decodeURIComponent(match[index + 1] ?? '')]),
      );
      break;
    }
    const request: FakeRequest = {
      method,
      path: parsedUrl.pathname,
      query: parsedUrl.searchParams,
      headers,
      bodyText,
      route: matched?.name ?? null,
      params,
    };
    let reply: FakeReply;
    try {
      reply = matched
        ? (takeFailure(matched.name) ?? (await matched.handler(request)))
        : {
            status: 404,
            body: { error: { code: 404, message: `No route ${method} ${parsedUrl.pathname}` } },
          };
    } catch (error) {
      reply = { status: 500, body: { error: { code: 500, message: String(error) } } };
    }
    requests.push({
      method,
      path: parsedUrl.pathname,
      query: Object.fromEntries(
        [...parsedUrl.searchParams.entries()].map(([key, value]) => [
          key,
          SECRET_FIELDS.has(key) ? '[redacted]' : value,
        ]),
      ),
      route: request.route,
      headers: Object.fromEntries(
        Object.entries(headers).map(([key, value]) => [key, SECRET_HEADERS.has(key) ? '[redacted]' : value]),
      ),
      body: redactBody(bodyText, headers['content-type'] ?? ''),
      status: reply.status,
    });
    send(response, reply);
  }

  return {
    name: options.name,
    get url() {
      return url;
    },
    requests,
    route(name, method, pattern, handler) {
      routes.push({ name, method: method.toUpperCase(), ...compilePattern(pattern), handler });
    },
    requestsTo(route) {
      return requests.filter((request) => request.route === route);
    },
    clearRequests() {
      requests.length = 0;
    },
    injectError(route, failure) {
      const queue = failures.get(route) ?? [];
      queue.push(failure);
      failures.set(route, queue);
    },
    rateLimit(route, { times = 1, retryDelaySeconds }) {
      const reply = rateLimitReply(retryDelaySeconds);
      const queue = failures.get(route) ?? [];
      queue.push({
        times,
        status: reply.status,
        body: reply.body,
        ...(reply.headers ? { headers: reply.headers } : {}),
      });
      failures.set(route, queue);
    },
    async listen(port = 0) {
      server = createServer((incoming, response) => {
        handle(incoming, response).catch(() => {
          if (!response.headersSent) response.writeHead(500);
          response.end();
        });
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      return url;
    },
    async close() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
