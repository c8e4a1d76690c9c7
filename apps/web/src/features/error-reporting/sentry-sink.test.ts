import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { resetErrorReporting } from './report-error';
import { createSentrySink } from './sentry-sink';

const KEY = '0123456789abcdef0123456789abcdef';
const PROJECT = '4501';
const TOKEN = 'Jq3vY8kLmN2pQr5sTu7wXy9zAb1cDe4fGh6iJk0lMnO';

interface Received {
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  envelopeHeader: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
}

/**
 * A stand-in for Sentry's ingestion, speaking its envelope endpoint (POST /api/<project>/envelope/):
 * an envelope is a header line, then for each item a header line and its payload. Anything else is
 * answered 400 and recorded as a protocol error.
 */
function fakeIngestion() {
  const received: Received[] = [];
  const protocolErrors: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://ingest.local');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') return response.writeHead(204).end();
      if (request.method !== 'POST' || url.pathname !== `/api/${PROJECT}/envelope/`) {
        protocolErrors.push(`${request.method} ${url.pathname}`);
        return response.writeHead(404).end();
      }
      try {
        const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
        const [head, ...rest] = lines;
        const items: Received['items'] = [];
        for (let n = 0; n + 1 < rest.length; n += 2) {
          items.push({ header: JSON.parse(rest[n] ?? ''), payload: JSON.parse(rest[n + 1] ?? '') });
        }
        received.push({
          path: url.pathname,
          query: url.searchParams,
          contentType: request.headers['content-type'],
          envelopeHeader: JSON.parse(head ?? ''),
          items,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        protocolErrors.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  return { server, received, protocolErrors };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('nothing arrived in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the Sentry browser SDK, against a local ingestion endpoint', () => {
  const ingestion = fakeIngestion();
  let server: Server;
  let dsn = '';
  beforeAll(async () => {
    server = ingestion.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dsn = `http://${KEY}@127.0.0.1:${(server.address() as AddressInfo).port}/${PROJECT}`;
  });
  afterAll(async () => {
    resetErrorReporting();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a well-formed envelope with the error, and nothing tracked, no token, no referrer', async () => {
    window.history.replaceState(
      null,
      '',
      `/intelligence/analytics?f=host:shop.example.com&t=${TOKEN}#utm_source=x`,
    );
    Object.defineProperty(document, 'referrer', {
      value: 'https://ads.partner.net/click?gclid=abc',
      configurable: true,
    });
    const sink = createSentrySink({ dsn, environment: 'test', release: '8.0.41' }, window.location.origin);

    sink.send(
      new ApiError({
        failure: 'http',
        status: 500,
        method: 'GET',
        url: '/api/analytics/filter-options?search=shop.example.com',
        requestId: '0d9f4c1e-3b7a-4c55-9f0e-2a6c1b8d7e90',
      }),
      { kind: 'query' },
    );

    const envelope = await waitFor(() => ingestion.received[0]);
    expect(ingestion.protocolErrors).toEqual([]);
    expect(envelope.query.get('sentry_key')).toBe(KEY);
    expect(envelope.query.get('sentry_version')).toBe('7');
    expect(envelope.envelopeHeader).toMatchObject({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(envelope.envelopeHeader.sdk).toMatchObject({ name: 'sentry.javascript.browser' });
    const item = envelope.items.find((entry) => entry.header.type === 'event');
    expect(item).toBeDefined();
    const event = item?.payload as {
      environment: string;
      release: string;
      tags: Record<string, string>;
      exception: { values: { type: string; value: string }[] };
      request: { url: string; headers?: Record<string, string> };
      breadcrumbs?: unknown[];
      user?: unknown;
    };
    expect(event.environment).toBe('test');
    expect(event.release).toBe('veracity@8.0.41');
    expect(event.tags).toMatchObject({
      kind: 'query',
      status: '500',
      request_id: '0d9f4c1e-3b7a-4c55-9f0e-2a6c1b8d7e90',
    });
    expect(event.exception.values[0]).toMatchObject({
      type: 'ApiError',
      value: 'GET /api/analytics/filter-options?[redacted] answered 500',
    });
    expect(event.request.url).toBe(`${window.location.origin}/intelligence/analytics`);
    expect(event.request.headers?.Referer).toBeUndefined();
    expect(event.breadcrumbs ?? []).toEqual([]);

    const everything = JSON.stringify(envelope);
    for (const tracked of ['shop.example.com', TOKEN, 'partner.net', 'gclid', 'utm_source']) {
      expect(everything).not.toContain(tracked);
    }
  }, 30_000);
});

describe('scrubSentryEvent', () => {
  it('scrubs the keys and values of extra data, and keeps only the id of a user', async () => {
    const { scrubSentryEvent } = await import('./sentry-scrub');
    const scrubbed = scrubSentryEvent(
      {
        type: undefined,
        extra: { __serialized__: { 'shop.example.com': 'jane@acme.io', nested: ['203.0.113.7'] } },
        user: { id: '7', email: 'jane@acme.io', ip_address: '203.0.113.7' },
        breadcrumbs: [{ message: 'clicked shop.example.com' }],
      },
      'http://localhost:3000',
    );
    expect(scrubbed.extra).toEqual({ __serialized__: { '[host]': '[email]', nested: ['[ip]'] } });
    expect(scrubbed.user).toEqual({ id: '7' });
    expect(scrubbed.breadcrumbs).toBeUndefined();
  });
});
