/**
 * GETs the page starts in its first script, before the application's code has loaded: the calls every
 * screen begins with (the user, the permissions, the account's settings). The API client adopts such a
 * response the first time it asks for the same address with the same token; after that, or once the
 * response is older than EARLY_MAX_AGE_MS, it asks the server again.
 *
 * This module stays small and free of the API client's dependencies: it runs before them.
 */
export const EARLY_MAX_AGE_MS = 10_000;

interface EarlyGet {
  token: string;
  startedAt: number;
  /** Null when the request failed: the client then sends its own. */
  response: Promise<Response | null>;
}

const started = new Map<string, EarlyGet>();

export function startEarlyGet(url: string, token: string): void {
  const response = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  }).catch(() => null);
  started.set(url, { token, startedAt: performance.now(), response });
}

/** The early response for `url`, once, if it was asked with `token` and recently enough. */
export function takeEarlyGet(url: string, token: string | null): Promise<Response | null> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || performance.now() - early.startedAt > EARLY_MAX_AGE_MS) return undefined;
  return early.response;
}
