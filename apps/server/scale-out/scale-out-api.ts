import { S2S_HITS_PATH, type S2sHitVerdict } from '@veracity/contracts/s2s';
import { UPSTREAM_HEADER } from './round-robin-proxy.js';

/** What the suite asks of the servers, through their public API as a customer would. */

/** Signs the admin in, chooses the named account and creates an S2S API key in it. */
export async function createS2sKey(
  baseUrl: string,
  credentials: { email: string; password: string },
  companyName: string,
): Promise<string> {
  const login = await call<{ hash: string }>(baseUrl, 'POST', '/api/auth/login', undefined, credentials);
  const relationships = await call<{ id: number; companyName: string }[]>(
    baseUrl,
    'GET',
    '/api/me/relationships',
    login.hash,
  );
  const account = relationships.find((relationship) => relationship.companyName === companyName);
  if (!account) throw new Error(`no account named ${companyName}`);
  const chosen = await call<{ token: { hash: string } }>(
    baseUrl,
    'GET',
    `/api/auth/account/${account.id}`,
    login.hash,
  );
  const created = await call<{ key: string }>(baseUrl, 'POST', '/api/me/keys', chosen.token.hash, {
    name: 'Scale-out test',
  });
  return created.key;
}

export interface SentHit {
  verdict: S2sHitVerdict;
  /** Index of the upstream that answered, when sent through the proxy. */
  upstream: number | undefined;
}

/** One S2S hit: a visit the customer's server saw, from the visitor's address. */
export async function sendHit(
  baseUrl: string,
  key: string,
  hit: { id: string; ip: string; url?: string },
): Promise<SentHit> {
  const response = await fetch(`${baseUrl}${S2S_HITS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: hit.id,
      ip: hit.ip,
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      url: hit.url ?? 'https://shop.example/landing?gclid=scale-out',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    }),
  });
  if (!response.ok) throw new Error(`S2S hit ${hit.id}: ${response.status} ${await response.text()}`);
  const upstream = response.headers.get(UPSTREAM_HEADER);
  return {
    verdict: (await response.json()) as S2sHitVerdict,
    upstream: upstream === null ? undefined : Number(upstream),
  };
}

/** Waits until the server's journal has loaded everything it acknowledged into the event store. */
export async function journalLoaded(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { ingest?: { pending: number } };
    if (health.ingest?.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl}: the journal still had events pending after 60 s`);
}

/** A query on the event store through the ClickHouse front, rows as JSON. */
export async function clickhouseRows<T>(
  clickhouseUrl: string,
  statement: string,
  params: Record<string, string> = {},
): Promise<T[]> {
  const url = new URL(clickhouseUrl);
  url.searchParams.set('database', url.pathname.slice(1));
  url.pathname = '/';
  for (const [name, value] of Object.entries(params)) url.searchParams.set(`param_${name}`, value);
  const response = await fetch(url, { method: 'POST', body: `${statement} FORMAT JSONEachRow` });
  const text = await response.text();
  if (!response.ok) throw new Error(text);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

async function call<T>(
  baseUrl: string,
  method: string,
  route: string,
  token: string | undefined,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
