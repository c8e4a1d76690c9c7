import { connect, type Socket } from 'node:net';
import { sensorEventPath } from '@veracity/contracts/collect';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Slow and piled-up clients against a real listening server: sockets that hold half a request are
 * closed by the header and request timeouts, and one address cannot hold more than its share of
 * connections or of open requests on the public endpoints. Nothing here waits a fixed time: each check
 * polls until what it expects happens, within a deadline far above the configured timeouts.
 */

const DEADLINE_MS = 20_000;

interface OpenSocket {
  socket: Socket;
  closed: Promise<void>;
  isClosed: () => boolean;
  received: () => string;
}

function open(port: number, data = ''): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    let received = '';
    let closed = false;
    const socket = connect(port, '127.0.0.1');
    const closedPromise = new Promise<void>((done) =>
      socket.once('close', () => {
        closed = true;
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (data) socket.write(data);
      resolve({ socket, closed: closedPromise, isClosed: () => closed, received: () => received });
    });
    socket.once('error', reject);
  });
}

async function closedWithin(sockets: readonly OpenSocket[], ms = DEADLINE_MS): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
  return Promise.race([Promise.all(sockets.map((s) => s.closed)).then(() => true as const), timeout]);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

/** Timeouts far longer than any test: in the cap tests only the caps may close a connection. */
const NO_TIMEOUTS = { HEADERS_TIMEOUT_SECONDS: '600', REQUEST_TIMEOUT_SECONDS: '600' };

const halfBody = (path: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n${extra}Content-Length: 400\r\n\r\n{"type":"pageview",`;

let t: TestApp | undefined;
const sockets: OpenSocket[] = [];

async function listen(env: Record<string, string>): Promise<{ port: number; url: string }> {
  t = await startTestApp(env);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { port: Number(new URL(url).port), url };
}

afterEach(async () => {
  for (const open of sockets.splice(0)) open.socket.destroy();
  await t?.close();
  t = undefined;
});

describe('slow clients', { timeout: 60_000 }, () => {
  it('closes connections that hold half a body, half the headers or nothing at all', async () => {
    const { port } = await listen({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
    const event = sensorEventPath('/c');
    const slow = await Promise.all([
      ...Array.from({ length: 20 }, () => open(port, halfBody(event))),
      open(port, halfBody('/api/auth/login').replace('text/plain', 'application/json')),
      open(port, `POST ${event} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le`),
      open(port),
    ]);
    sockets.push(...slow);
    expect(await closedWithin(slow)).toBe(true);
    // Those that had begun a request are told why before the connection ends.
    for (const socket of slow.slice(0, -1)) expect(socket.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps answering normal requests with short timeouts set', async () => {
    const { url } = await listen({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('connections and open requests per address', { timeout: 60_000 }, () => {
  it('closes connections from one address past the cap and keeps the others', async () => {
    const { port, url } = await listen({ ...NO_TIMEOUTS, MAX_CONNECTIONS_PER_IP: '5' });
    const kept = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    sockets.push(...kept);
    const extra = await open(port);
    sockets.push(extra);
    expect(await closedWithin([extra])).toBe(true);
    expect(kept.every((socket) => !socket.isClosed())).toBe(true);
    // Once those close, the address may connect again.
    for (const socket of kept) socket.socket.destroy();
    await until(
      () =>
        fetch(`${url}/api/health`).then(
          (response) => response.status === 200,
          () => false,
        ),
      'a new connection after the others closed',
    );
  });

  it('answers 429 to an address holding too many open requests on the public endpoints', async () => {
    const { port, url } = await listen({ ...NO_TIMEOUTS, MAX_OPEN_REQUESTS_PER_IP: '3' });
    const event = sensorEventPath('/c');
    const held = await Promise.all(Array.from({ length: 3 }, () => open(port, halfBody(event))));
    sockets.push(...held);
    let refused: Response | undefined;
    await until(async () => {
      const response = await fetch(`${url}${event}`, { method: 'POST', body: '{}' });
      if (response.status !== 429) return false;
      refused = response;
      return true;
    }, 'a 429 while three requests are held open');
    expect(refused?.headers.get('connection')).toBe('close');
    expect(await refused?.json()).toBe('Too many open requests from this address');
    // The held requests are still open; when they end, the address is served again.
    expect(held.every((socket) => !socket.isClosed())).toBe(true);
    for (const socket of held) socket.socket.destroy();
    await until(
      () =>
        fetch(`${url}/api/health`).then(
          (response) => response.status === 200,
          () => false,
        ),
      'an answer once the held requests closed',
    );
  });

  it('behind a trusted proxy, counts open requests by the forwarded address, not the proxy', async () => {
    const { port, url } = await listen({
      ...NO_TIMEOUTS,
      TRUST_PROXY: 'true',
      MAX_OPEN_REQUESTS_PER_IP: '3',
      MAX_CONNECTIONS_PER_IP: '2',
    });
    const event = sensorEventPath('/c');
    const forwarded = 'X-Forwarded-For: 203.0.113.7\r\n';
    // Three connections from the proxy's one address, past a cap of two: that cap is off behind a proxy.
    const held = await Promise.all(Array.from({ length: 3 }, () => open(port, halfBody(event, forwarded))));
    sockets.push(...held);
    const ask = (visitor: string) =>
      fetch(`${url}${event}`, { method: 'POST', body: '{}', headers: { 'x-forwarded-for': visitor } });
    await until(async () => (await ask('203.0.113.7')).status === 429, 'a 429 for the busy visitor');
    const other = await ask('203.0.113.8');
    expect(other.status).not.toBe(429);
    expect(held.every((socket) => !socket.isClosed())).toBe(true);
  });
});
