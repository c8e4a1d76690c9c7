import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzip, gzip, inflate } from 'node:zlib';
import { Session } from 'chdb';
import { ChdbStatements, engineError } from './chdb-statements.js';
import { FrontRequestError, readFrontRequest, trailingFormat } from './front-request.js';

/**
 * ClickHouse's HTTP interface in front of the ClickHouse engine in process (chdb), for tests that need
 * a ClickHouse URL where no current clickhouse-server installs: the requests the official client
 * (`@clickhouse/client`) sends (POST or GET, the statement in the body and/or the `query` parameter,
 * `database`, `param_<name>`, settings as URL parameters, `query_id`, gzip both ways) run on the real
 * engine, and errors come back as a server sends them (status 500, `X-ClickHouse-Exception-Code`,
 * `Code: N. DB::Exception: ...`), so the client raises them. Not a server: no users or passwords (any
 * are accepted), no sessions, no readonly GET, no progress headers, one statement at a time.
 * docs/scale-out-test.md says which parts of a real server's HTTP path this stands in for.
 */
export interface ClickHouseFront {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The engine's version, as `SELECT version()` answers. */
  readonly version: string;
  close(): Promise<void>;
}

export interface ClickHouseFrontOptions {
  /** The data folder of the chdb session (created if missing; kept after close). */
  dataDir: string;
  port?: number;
  host?: string;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);

export async function startClickHouseFront(options: ClickHouseFrontOptions): Promise<ClickHouseFront> {
  const session = new Session(options.dataDir);
  const version = (await session.queryAsync('SELECT version()', { format: 'TSVRaw' })).text().trim();
  const statements = new ChdbStatements(session);

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, engineError(error), version);
      else response.destroy();
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://front');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (
      url.pathname === '/ping' ||
      (url.pathname === '/' && method === 'GET' && !url.searchParams.has('query'))
    ) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' }).end('Ok.\n');
      return;
    }
    if (method !== 'GET' && method !== 'POST') {
      throw new FrontRequestError(48, 'NOT_IMPLEMENTED', `The chdb front does not answer ${method}`);
    }
    const frontRequest = readFrontRequest(method, url, body, headerText(request.headers['accept-encoding']));
    const started = process.hrtime.bigint();
    const result = await statements.run(frontRequest);
    const format = trailingFormat(frontRequest.statement) ?? frontRequest.defaultFormat;
    const headers: Record<string, string> = {
      'Content-Type': format.startsWith('JSON')
        ? 'application/json; charset=UTF-8'
        : 'text/plain; charset=UTF-8',
      'X-ClickHouse-Query-Id': frontRequest.queryId,
      'X-ClickHouse-Format': format,
      'X-ClickHouse-Timezone': 'UTC',
      'X-ClickHouse-Summary': JSON.stringify({
        read_rows: String(result.rowsRead),
        read_bytes: String(result.bytesRead),
        elapsed_ns: String(process.hrtime.bigint() - started),
      }),
    };
    let payload = result.body;
    if (frontRequest.gzipAnswer) {
      payload = await gzipAsync(payload);
      headers['Content-Encoding'] = 'gzip';
    }
    response.writeHead(200, headers).end(payload);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    version,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      session.close();
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const encoding = headerText(request.headers['content-encoding']);
  if (encoding === undefined || encoding === 'identity') return raw.toString('utf8');
  if (encoding === 'gzip') return (await gunzipAsync(raw)).toString('utf8');
  if (encoding === 'deflate') return (await inflateAsync(raw)).toString('utf8');
  throw new FrontRequestError(
    48,
    'NOT_IMPLEMENTED',
    `The chdb front cannot read Content-Encoding ${encoding}`,
  );
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function sendError(response: ServerResponse, error: { code: number; text: string }, version: string): void {
  response
    .writeHead(500, {
      'Content-Type': 'text/plain; charset=UTF-8',
      'X-ClickHouse-Exception-Code': String(error.code),
    })
    .end(`${error.text} (version ${version})\n`);
}
