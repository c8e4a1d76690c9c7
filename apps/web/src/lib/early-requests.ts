/**
 * Reads the page starts in its first script, before the application's code has loaded: the calls
 * every screen begins with (the user, the permissions, the account's settings) and the first query of
 * the screen the address names. The API client adopts such an answer the first time it sends the very
 * same request (method, address, body) with the same token; after that, or once the answer is older
 * than EARLY_MAX_AGE_MS, it asks the server again. Only reads are started early.
 *
 * This module stays small and free of the API client's dependencies: it runs before them.
 */
export const EARLY_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  /** Null when the request failed: the client then sends its own. */
  response: Promise<Response | null>;
  /** The body of a successful answer, for a prefetch that needs it before the client has run. */
  json: Promise<unknown>;
}

const started = new Map<string, EarlyRequest>();

const keyOf = (method: string, url: string, body: string | undefined) =>
  body === undefined ? `${method} ${url}` : `${method} ${url} ${body}`;

export function startEarlyRequest(
  url: string,
  token: string,
  init: { method?: 'GET' | 'POST'; body?: string } = {},
): void {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = fetch(url, { method, headers, body: init.body }).catch(() => null);
  // Read from a copy, taken before anyone can read the original.
  const json = response.then((answer) => (answer?.ok ? answer.clone().json() : null)).catch(() => null);
  started.set(keyOf(method, url, init.body), { token, startedAt: performance.now(), response, json });
}

/** The body of an early GET's successful answer, without using the answer up; null if it failed. */
export function earlyJson(url: string): Promise<unknown> | undefined {
  return started.get(keyOf('GET', url, undefined))?.json;
}

/** The early answer to this request, once, if it was sent with `token` and recently enough. */
export function takeEarlyResponse(
  method: string,
  url: string,
  body: string | undefined,
  token: string | null,
): Promise<Response | null> | undefined {
  const key = keyOf(method, url, body);
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  if (early.token !== token || performance.now() - early.startedAt > EARLY_MAX_AGE_MS) return undefined;
  return early.response;
}
