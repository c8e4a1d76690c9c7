import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundRefusedError, type Resolver } from './destination.js';
import {
  OUTBOUND_USER_AGENT,
  OutboundFailedError,
  type OutboundPolicy,
  outboundRequest,
} from './outbound-request.js';

interface Received {
  method: string;
  url: string;
  host: string | undefined;
  userAgent: string | undefined;
  body: string;
}

/** A receiver on this machine (reachable only with the test-only loopback setting). */
let server: Server;
let port: number;
let received: Received[] = [];
let handler: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        host: req.headers.host,
        userAgent: req.headers['user-agent'],
        body,
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  handler = (_req, res) => res.end('ok');
});

/** Answers fixed addresses by name and counts the lookups. */
function resolverOf(answers: Record<string, string[][]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const turns = answers[hostname];
    if (!turns) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const addresses =
      turns[Math.min(calls.filter((call) => call === hostname).length, turns.length) - 1] ?? [];
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolve, { calls });
}

function loopback(extra: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return { allowLoopback: true, timeoutMs: 10_000, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<OutboundRefusedError | OutboundFailedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundRefusedError || error instanceof OutboundFailedError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('outboundRequest', () => {
  it('calls a receiver and answers its status and body', async () => {
    handler = (_req, res) => res.writeHead(201, { 'content-type': 'text/plain' }).end('accepted');
    const answer = await outboundRequest(`http://127.0.0.1:${port}/pb?clickid=a%20b`, {}, loopback());
    expect(answer).toEqual({
      status: 201,
      url: `http://127.0.0.1:${port}/pb?clickid=a%20b`,
      address: '127.0.0.1',
      redirects: 0,
      body: 'accepted',
      truncated: false,
    });
    expect(received).toEqual([
      {
        method: 'GET',
        url: '/pb?clickid=a%20b',
        host: `127.0.0.1:${port}`,
        userAgent: OUTBOUND_USER_AGENT,
        body: '',
      },
    ]);
  });

  it('refuses loopback without the test-only setting, before any connection', async () => {
    const error = await failure(outboundRequest(`http://127.0.0.1:${port}/pb`, {}, { allowLoopback: false }));
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).reason).toBe('private_address');
    expect(received).toEqual([]);
  });

  it('connects to the vetted address only: a name resolving elsewhere afterwards is not looked up again', async () => {
    // First answer: this machine (allowed in tests); any later answer: a private network address.
    const resolve = resolverOf({ 'rebind.test': [['127.0.0.1'], ['10.0.0.1']] });
    const answer = await outboundRequest(`http://rebind.test:${port}/pb`, {}, loopback({ resolve }));
    expect(answer.status).toBe(200);
    expect(answer.address).toBe('127.0.0.1');
    expect(resolve.calls).toEqual(['rebind.test']);
    // The receiver sees the name typed, not the address.
    expect(received.map((r) => r.host)).toEqual([`rebind.test:${port}`]);
    // The next call resolves again and is refused on the new answer.
    const error = await failure(outboundRequest(`http://rebind.test:${port}/pb`, {}, loopback({ resolve })));
    expect((error as OutboundRefusedError).reason).toBe('private_address');
    expect(received).toHaveLength(1);
  });

  it('follows a redirect after vetting it', async () => {
    handler = (req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/final?x=1' }).end();
      else res.end('final');
    };
    const answer = await outboundRequest(`http://127.0.0.1:${port}/start`, {}, loopback());
    expect(answer).toMatchObject({
      status: 200,
      body: 'final',
      redirects: 1,
      url: `http://127.0.0.1:${port}/final?x=1`,
    });
    expect(received.map((r) => r.url)).toEqual(['/start', '/final?x=1']);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'private_address'],
    ['http://[::ffff:10.0.0.1]/', 'private_address'],
    ['http://0x0a000001/', 'private_address'],
    ['http://0251.0376.0251.0376/', 'private_address'],
    ['http://internal.test/', 'private_address'],
    ['file:///etc/passwd', 'scheme'],
    ['http://admin:pw@tracker.test/', 'userinfo'],
    ['gopher://tracker.test/', 'scheme'],
  ])('refuses a redirect to %s', async (location, reason) => {
    const resolve = resolverOf({ 'internal.test': [['192.168.1.20']] });
    handler = (_req, res) => res.writeHead(307, { location }).end();
    // Loopback is allowed for the receiver; the metadata and private addresses stay refused.
    const error = await failure(outboundRequest(`http://127.0.0.1:${port}/`, {}, loopback({ resolve })));
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).reason).toBe(reason);
    expect(received).toHaveLength(1);
  });

  it('stops after the most redirects allowed', async () => {
    handler = (_req, res) => res.writeHead(301, { location: '/again' }).end();
    const error = await failure(
      outboundRequest(`http://127.0.0.1:${port}/`, {}, loopback({ maxRedirects: 2 })),
    );
    expect(error).toBeInstanceOf(OutboundFailedError);
    expect((error as OutboundFailedError).reason).toBe('too_many_redirects');
    expect(received).toHaveLength(3);
    received = [];
    const none = await failure(
      outboundRequest(`http://127.0.0.1:${port}/`, {}, loopback({ maxRedirects: 0 })),
    );
    expect((none as OutboundFailedError).reason).toBe('too_many_redirects');
    expect(received).toHaveLength(1);
  });

  it('turns a POST into a GET on a 303, and keeps it on a 307', async () => {
    handler = (req, res) => {
      if (req.url === '/see-other') res.writeHead(303, { location: '/done' }).end();
      else if (req.url === '/temporary') res.writeHead(307, { location: '/done' }).end();
      else res.end('done');
    };
    const request = { method: 'POST' as const, body: 'payout=1', headers: { 'content-type': 'text/plain' } };
    await outboundRequest(`http://127.0.0.1:${port}/see-other`, request, loopback());
    await outboundRequest(`http://127.0.0.1:${port}/temporary`, request, loopback());
    expect(received.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/see-other', 'payout=1'],
      ['GET', '/done', ''],
      ['POST', '/temporary', 'payout=1'],
      ['POST', '/done', 'payout=1'],
    ]);
  });

  it('reads at most maxResponseBytes of an answer', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      const chunk = 'x'.repeat(16 * 1024);
      // Far more than the limit; the receiver stops writing when the caller hangs up.
      let sent = 0;
      const write = () => {
        while (sent < 1024 && res.write(chunk)) sent += 1;
        if (sent < 1024 && !res.destroyed) res.once('drain', write);
        else res.end();
      };
      res.on('error', () => {});
      write();
    };
    const answer = await outboundRequest(
      `http://127.0.0.1:${port}/big`,
      {},
      loopback({ maxResponseBytes: 1000 }),
    );
    expect(answer.truncated).toBe(true);
    expect(answer.body).toBe('x'.repeat(1000));
  });

  it('gives up at its deadline when the receiver does not answer', async () => {
    handler = () => {
      // Never answers.
    };
    const error = await failure(
      outboundRequest(`http://127.0.0.1:${port}/slow`, {}, loopback({ timeoutMs: 200 })),
    );
    expect(error).toBeInstanceOf(OutboundFailedError);
    expect((error as OutboundFailedError).reason).toBe('timeout');
  });

  it('gives up at its deadline when resolution does not answer', async () => {
    const resolve: Resolver = () => new Promise(() => {});
    const error = await failure(
      outboundRequest('http://hanging.test/', {}, loopback({ resolve, timeoutMs: 200 })),
    );
    expect((error as OutboundFailedError).reason).toBe('timeout');
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(outboundRequest(`http://127.0.0.1:${closedPort}/`, {}, loopback()));
    expect(error).toBeInstanceOf(OutboundFailedError);
    expect((error as OutboundFailedError).reason).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('outboundRequest over https and IPv6', () => {
  let dir: string;
  let cert: string;
  let tls: HttpsServer;
  let tlsPort: number;
  const servernames: (string | false | null)[] = [];

  beforeAll(async () => {
    // A certificate for the name tracker.test only (not for 127.0.0.1), made for this run.
    dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-outbound-tls-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=tracker.test',
        '-addext',
        'subjectAltName=DNS:tracker.test',
      ],
      { stdio: 'ignore' },
    );
    cert = await readFile(certFile, 'utf8');
    tls = createHttpsServer({ key: await readFile(keyFile, 'utf8'), cert }, (req, res) => {
      servernames.push((req.socket as TLSSocket).servername);
      res.end(`secure ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    tlsPort = (tls.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise((resolve) => tls.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('checks the certificate against the name typed while connecting to the vetted address', async () => {
    const resolve = resolverOf({ 'tracker.test': [['127.0.0.1']] });
    const answer = await outboundRequest(
      `https://tracker.test:${tlsPort}/pb`,
      {},
      loopback({ resolve, ca: cert }),
    );
    expect(answer).toMatchObject({
      status: 200,
      address: '127.0.0.1',
      body: `secure tracker.test:${tlsPort}`,
    });
    expect(servernames).toEqual(['tracker.test']);
  });

  it('refuses a certificate that does not match, or that nothing trusts', async () => {
    const byAddress = await failure(
      outboundRequest(`https://127.0.0.1:${tlsPort}/pb`, {}, loopback({ ca: cert })),
    );
    expect((byAddress as OutboundFailedError).reason).toBe('network');
    expect(byAddress.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    const resolve = resolverOf({ 'tracker.test': [['127.0.0.1']] });
    const untrusted = await failure(
      outboundRequest(`https://tracker.test:${tlsPort}/pb`, {}, loopback({ resolve })),
    );
    expect((untrusted as OutboundFailedError).reason).toBe('network');
    expect(untrusted.message).toMatch(/self[- ]signed/i);
  });

  it('calls an IPv6 literal', async () => {
    const v6 = createServer((req, res) => res.end(`v6 ${req.headers.host}`));
    await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
    const v6Port = (v6.address() as AddressInfo).port;
    try {
      const answer = await outboundRequest(`http://[::1]:${v6Port}/pb`, {}, loopback());
      expect(answer).toMatchObject({ status: 200, address: '::1', body: `v6 [::1]:${v6Port}` });
      const refused = await failure(
        outboundRequest(`http://[::1]:${v6Port}/pb`, {}, { allowLoopback: false }),
      );
      expect((refused as OutboundRefusedError).reason).toBe('private_address');
    } finally {
      await new Promise((resolve) => v6.close(resolve));
    }
  });
});
