import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/fixtures.js';
import { exitOf, freePort, startServer, waitUntilHealthy } from '../../test-support/server-process.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const TOKEN = 'Jq3vY8kLmN2pQr5sTu7wXy9zAb1cDe4fGh6iJk0lMnO';

/** A report carrying what must never reach a log: tracked URLs, UTM values, hosts, a token, an e-mail. */
function leakyReport(origin: string) {
  return {
    kind: 'error',
    name: 'TypeError',
    message: `Cannot load https://shop.example.com/landing?utm_source=spring-sale for jane@acme.io (${TOKEN})`,
    stack: `TypeError: boom\n    at render (${origin}/assets/index-BQx3kT9a.js:1:20)\n    at visit news.example.org`,
    path: `/auth/login-as?t=${TOKEN}&r=3&g=admin&h=x`,
    status: null,
  };
}

describe('POST /api/client-errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { clientErrorRate: { limit: 50, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a report without a session (the login page reports too), and checks its shape', async () => {
    const accepted = await call(t, 'POST', '/client-errors', {
      body: {
        kind: 'query',
        message: 'GET /api/home answered 500',
        path: '/',
        status: 500,
        requestId: 'abc12345',
      },
    });
    expect(accepted.statusCode).toBe(204);

    const unknownField = await call(t, 'POST', '/client-errors', {
      body: { kind: 'error', message: 'x', path: '/', cookies: 'a=b' },
    });
    expect(unknownField.statusCode).toBe(400);
    const badKind = await call(t, 'POST', '/client-errors', {
      body: { kind: 'warning', message: 'x', path: '/' },
    });
    expect(badKind.statusCode).toBe(400);
    const tooLong = await call(t, 'POST', '/client-errors', {
      body: { kind: 'error', message: 'x'.repeat(1001), path: '/' },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a body over 16 KiB before parsing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'error', message: 'x', path: '/', stack: 'y'.repeat(17 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('limits the reports of one address, even those with a broken body', async () => {
    const fresh = await startTestApp({}, { clientErrorRate: { limit: 2, windowMs: 60_000 } });
    try {
      const send = (payload: string) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          headers: { 'content-type': 'application/json' },
          remoteAddress: '203.0.113.9',
          payload,
        });
      const report = JSON.stringify({ kind: 'error', message: 'x', path: '/' });
      expect((await send(report)).statusCode).toBe(204);
      expect((await send(report)).statusCode).toBe(204);
      const limited = await send('{not json');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await fresh.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers: { 'content-type': 'application/json' },
        remoteAddress: '203.0.113.10',
        payload: report,
      });
      expect(other.statusCode).toBe(204);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/client-config', () => {
  it('tells the dashboard that nothing outside is configured by default, with the CSP unchanged', async () => {
    const t = await startTestApp();
    try {
      const response = await call(t, 'GET', '/client-config');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        errorTracking: null,
        supportChat: null,
        billing: { provider: 'builtin' },
        tagManager: null,
        conversionTracking: null,
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await t.close();
    }
  });

  it('gives the DSN and the chat settings at run time, and opens the CSP to their origins only', async () => {
    const t = await startTestApp({
      SENTRY_DSN: 'https://0123456789abcdef0123456789abcdef@o42.ingest.sentry.io/4501',
      CRISP_WEBSITE_ID: '1B2C3D4E-5F60-4718-9A0B-1C2D3E4F5A6B',
    });
    try {
      const response = await call(t, 'GET', '/client-config');
      expect(response.json()).toEqual({
        errorTracking: {
          dsn: 'https://0123456789abcdef0123456789abcdef@o42.ingest.sentry.io/4501',
          environment: 'test',
          release: expect.any(String),
        },
        supportChat: {
          provider: 'crisp',
          websiteId: '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b',
          scriptUrl: 'https://client.crisp.chat/l.js',
        },
        billing: { provider: 'builtin' },
        tagManager: null,
        conversionTracking: null,
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(
        /connect-src 'self' https:\/\/o42\.ingest\.sentry\.io [^;]*wss:\/\/client\.relay\.crisp\.chat/,
      );
      expect(csp).toMatch(/script-src 'self' https:\/\/client\.crisp\.chat/);
      expect(csp).toContain("frame-src 'self' https://game.crisp.chat");
      expect(csp).not.toContain('*');
    } finally {
      await t.close();
    }
  });
});

describe('the report in the server log', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-client-errors-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is one line with the request id, at error level, with no tracked string or token', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    try {
      await waitUntilHealthy(url, server.child);
      const response = await fetch(`${url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'report-req-0001' },
        body: JSON.stringify(leakyReport(url)),
      });
      expect(response.status).toBe(204);
      const deadline = Date.now() + 20_000;
      let line: string | undefined;
      while (!line && Date.now() < deadline) {
        line = server
          .output()
          .split('\n')
          .find((entry) => entry.includes('"dashboard error"'));
        if (!line) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(line).toBeDefined();
      const entry = JSON.parse(line ?? '{}') as {
        level: number;
        reqId: string;
        clientError: Record<string, unknown>;
      };
      expect(entry.level).toBe(50);
      expect(entry.reqId).toBe('report-req-0001');
      expect(entry.clientError).toMatchObject({ kind: 'error', name: 'TypeError', path: '/auth/login-as' });
      expect(entry.clientError.stack).toContain(`${url}/assets/index-BQx3kT9a.js:1:20`);
      for (const secret of [
        TOKEN,
        'shop.example.com',
        'spring-sale',
        'utm_source',
        'jane@acme.io',
        'news.example.org',
      ]) {
        expect(server.output()).not.toContain(secret);
      }
    } finally {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  }, 120_000);
});
