import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Veracity } from './veracity.js';

/**
 * The customer's side of the evaluation, one local HTTP server:
 *
 * - `/v/<visit>/<path>`: the customer's landing page. When the visit goes through S2S, the customer's
 *   server forwards it (`POST /s2s/v1/hits`) with the visitor's address, agent and request headers,
 *   as docs/integration.md asks; the page embeds the sensor from this same server's collector path.
 * - `/v/<visit>/c/*`: a reverse proxy to Veracity's collector that stamps the visit's address in
 *   `X-Forwarded-For` (the server runs with TRUST_PROXY), as a load balancer would. The sensor posts
 *   next to where it was loaded from, so the prefix carries over.
 *
 * Each visit records the session ids Veracity got (the sensor's from its page views, the S2S ones the
 * customer's server made), to read the verdicts back by.
 */

export interface Visit {
  token: string;
  ip: string;
  /** The customer's server forwards the landing request over S2S. */
  s2s: boolean;
  /** Load the sensor on the landing page. */
  sensor: boolean;
  /** The account whose site is visited: the one running the sensor, or the one integrated over S2S only. */
  account: 'sensor' | 's2s-only';
  sensorSessions: Set<string>;
  s2sSessions: Set<string>;
  /** Bodies of the page views the sensor posted, as sent. */
  sensorHits: Record<string, unknown>[];
  /**
   * The S2S answers' verdicts, for the S2S-only account (a trial, whose plan has no forensics to read
   * back; nothing judges its hits later, so the answer is the verdict).
   */
  s2sAnswers: { riskLevel: 'low' | 'medium' | 'high'; threats: { id: string }[] }[];
  /** Answers of Veracity to this visit's calls that were not 2xx (a harness fault, not a verdict). */
  failures: string[];
}

/** Headers the customer's server never forwards: transport, and the address the harness sets. */
const NOT_VISITOR_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'x-forwarded-for',
  'cookie',
  'user-agent',
  'referer',
]);

/**
 * How the build's S2S contract takes the visitor's headers: all of them as received, flagged with
 * `headersForwarded` (its `zS2sForwardedHeaders`, issue 38), or only the ones it picks (its
 * `zS2sVisitorHeaders`), so the harness runs against builds before and after.
 */
type HeaderForwarding = { whole: true } | { whole: false; accepted: Set<string> | null };

async function headerForwarding(): Promise<HeaderForwarding> {
  try {
    const contract = (await import('@veracity/contracts/s2s')) as Record<string, unknown>;
    if (contract.zS2sForwardedHeaders !== undefined) return { whole: true };
    const schema = contract.zS2sVisitorHeaders as { shape?: Record<string, unknown> } | undefined;
    return { whole: false, accepted: schema?.shape ? new Set(Object.keys(schema.shape)) : null };
  } catch {
    return { whole: false, accepted: null };
  }
}

/** The visitor's headers as the customer's server forwards them to the build. */
function forwardedHeaders(
  request: IncomingMessage,
  forwarding: HeaderForwarding,
): { headers: [string, string][] | Record<string, string>; headersForwarded?: true } {
  if (forwarding.whole) {
    const pairs: [string, string][] = [];
    const raw = request.rawHeaders;
    for (let index = 0; index + 1 < raw.length; index += 2) {
      const name = raw[index] ?? '';
      if (!NOT_VISITOR_HEADERS.has(name.toLowerCase())) pairs.push([name, raw[index + 1] ?? '']);
    }
    return { headers: pairs, headersForwarded: true };
  }
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value !== 'string' || NOT_VISITOR_HEADERS.has(name)) continue;
    if (forwarding.accepted ? forwarding.accepted.has(name) : true) picked[name] = value;
  }
  return { headers: picked };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function landingPage(
  prefix: string,
  collector: string,
  sensorKey: string,
  title: string,
  sensor: boolean,
): string {
  const script = sensor ? `<script async src="${collector}/c/s.js" data-key="${sensorKey}"></script>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${script}</head>
<body style="margin:0;font:16px sans-serif"><header style="padding:24px"><h1>${title}</h1>
<p>Spring collection: linen shirts, summer dresses and sandals.</p></header>
<main style="padding:24px;height:2600px"><p>Free delivery on orders over 50.</p>
<label>Email <input id="email" autocomplete="off"></label> <button id="buy">Buy now</button>
<p><a id="more" href="${prefix}/more">More offers</a></p></main></body></html>`;
}

export class Site {
  readonly visits = new Map<string, Visit>();
  private server: Server | undefined;
  private forwarding: HeaderForwarding = { whole: false, accepted: null };
  /**
   * Origin of the landing pages in browsers: `localhost`, a secure context as an https shop is, and
   * another site than the collector's `127.0.0.1`, as a shop and Veracity are.
   */
  pageOrigin = '';
  /** Origin the harness's own HTTP clients use for the same pages. */
  loopbackOrigin = '';

  constructor(
    private readonly veracity: Pick<
      Veracity,
      'baseUrl' | 'sensorKey' | 'apiKey' | 's2sCampaignId' | 's2sOnly'
    >,
  ) {}

  get sensorKey(): string {
    return this.veracity.sensorKey;
  }

  async start(): Promise<void> {
    this.forwarding = await headerForwarding();
    this.server = createServer((request, response) => {
      this.handle(request)
        .then(({ status, headers, body }) => {
          response.writeHead(status, headers);
          response.end(body);
        })
        .catch((error: unknown) => {
          response.writeHead(502, { 'content-type': 'text/plain' });
          response.end(String(error));
        });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.pageOrigin = `http://localhost:${port}`;
    this.loopbackOrigin = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new visit from `ip`; its pages are under `<origin>/v/<token>/`. */
  visit(ip: string, options: { s2s: boolean; sensor: boolean; account?: Visit['account'] }): Visit {
    const visit: Visit = {
      token: randomUUID().replaceAll('-', ''),
      ip,
      account: 'sensor',
      ...options,
      sensorSessions: new Set(),
      s2sSessions: new Set(),
      sensorHits: [],
      s2sAnswers: [],
      failures: [],
    };
    this.visits.set(visit.token, visit);
    return visit;
  }

  /** The landing URL of a visit, on the browsers' origin or the loopback one. */
  url(visit: Visit, pathAndQuery: string, origin: 'page' | 'loopback' = 'page'): string {
    return `${origin === 'page' ? this.pageOrigin : this.loopbackOrigin}/v/${visit.token}${pathAndQuery}`;
  }

  /** The collector endpoint of a visit (for clients that post page views without the script). */
  collector(visit: Visit): string {
    return `${this.loopbackOrigin}/v/${visit.token}/c/e`;
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer | string }> {
    const match = /^\/v\/([0-9a-f]{32})(\/.*)?$/.exec(request.url ?? '');
    const visit = match?.[1] ? this.visits.get(match[1]) : undefined;
    if (!match || !visit) return { status: 404, headers: {}, body: 'no such visit' };
    const rest = match[2] ?? '/';
    if (rest.startsWith('/c/')) return this.proxy(visit, request, rest);
    if (rest.startsWith('/favicon')) return { status: 404, headers: {}, body: '' };
    return this.landing(visit, request, rest);
  }

  /** The collector behind a load balancer: the visit's address in X-Forwarded-For. */
  private async proxy(visit: Visit, request: IncomingMessage, rest: string) {
    const body = await readBody(request);
    let pageView: Record<string, unknown> | undefined;
    if (request.method === 'POST') {
      try {
        const event = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (event.type === 'hit' && typeof event.sessionId === 'string') pageView = event;
      } catch {
        // not JSON: forwarded as it is, the collector answers it
      }
    }
    const target = new URL(rest, this.veracity.baseUrl);
    const headers = { ...request.headers, host: target.host, 'x-forwarded-for': visit.ip };
    return new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>(
      (resolve, reject) => {
        const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const status = answer.statusCode ?? 502;
            if (status >= 300 && request.method === 'POST') {
              visit.failures.push(`collector ${status}: ${Buffer.concat(chunks).toString().slice(0, 200)}`);
            } else if (pageView) {
              // Only a page view the collector took has a session to read back.
              visit.sensorSessions.add(pageView.sessionId as string);
              visit.sensorHits.push(pageView);
            }
            const out: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value !== undefined && name !== 'connection' && name !== 'transfer-encoding')
                out[name] = value;
            }
            resolve({ status, headers: out, body: Buffer.concat(chunks) });
          });
        });
        upstream.on('error', reject);
        upstream.end(body);
      },
    );
  }

  /** The landing page; through S2S, the customer's server first forwards the visit. */
  private async landing(visit: Visit, request: IncomingMessage, rest: string) {
    const headers: Record<string, string | string[]> = { 'content-type': 'text/html; charset=utf-8' };
    if (visit.s2s) {
      const cookie = /(?:^|;\s*)shop_sid=([A-Za-z0-9]+)/.exec(request.headers.cookie ?? '')?.[1];
      const sessionId = cookie ?? randomUUID().replaceAll('-', '');
      if (!cookie) headers['set-cookie'] = `shop_sid=${sessionId}; Path=/; HttpOnly; SameSite=Lax`;
      const account = visit.account === 's2s-only' ? this.veracity.s2sOnly : this.veracity;
      const response = await fetch(new URL('/s2s/v1/hits', this.veracity.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}` },
        body: JSON.stringify({
          id: randomUUID(),
          ip: visit.ip,
          userAgent: request.headers['user-agent'] ?? '',
          url: `https://shop.example${rest}`,
          ...(request.headers.referer ? { referrer: request.headers.referer } : {}),
          ...forwardedHeaders(request, this.forwarding),
          sessionId,
          ...(account.s2sCampaignId === null ? {} : { campaignId: account.s2sCampaignId }),
        }),
      });
      if (response.ok) {
        visit.s2sSessions.add(sessionId);
        if (visit.account === 's2s-only')
          visit.s2sAnswers.push((await response.json()) as Visit['s2sAnswers'][number]);
      } else visit.failures.push(`s2s ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    const prefix = `/v/${visit.token}`;
    const page = landingPage(
      prefix,
      `${this.loopbackOrigin}${prefix}`,
      this.veracity.sensorKey,
      'Linen & Co',
      visit.sensor,
    );
    return { status: 200, headers, body: page };
  }
}
