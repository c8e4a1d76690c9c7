import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { zErrorBody } from '@veracity/contracts/errors';
import { STORE_DOWN_DETAIL, zHealth } from '@veracity/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './http/api-error.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

/** Probe routes that exercise the error contract the way feature routes will. */
const probes: FastifyPluginAsyncZod = async (app) => {
  const open = { config: { access: { kind: 'public' as const } } };
  app.post(
    '/probe/sign-up',
    {
      ...open,
      schema: {
        body: z.object({
          email: z.email(),
          firstName: z.string().min(1),
          password: z.string().min(8),
          seats: z.number().int().min(1).max(50).optional(),
        }),
      },
    },
    async (request) => ({ ok: true, email: request.body.email }),
  );
  app.get('/probe/boom', open, async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/probe/demo', open, async () => {
    throw new ApiError(418, 'This action is disabled for the demo account');
  });
  app.get('/probe/exists', open, async () => {
    throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  });
};

describe('the API foundation', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'veracity-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Veracity</title><div id="root"></div>',
    );
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await startTestApp({ WEB_DIST: webDist }, { extraApiRoutes: [probes] });
  });

  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('reports both stores up on GET /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = zHealth.parse(response.json());
    expect(health.status).toBe('ok');
    expect(health.stores.map(({ name, kind, status }) => ({ name, kind, status }))).toEqual([
      {
        name: 'accounts',
        kind: t.stores.accounts.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite',
        status: 'up',
      },
      { name: 'events', kind: 'DuckDB', status: 'up' },
    ]);
    expect(health.data?.ipCountry).toMatch(/^20\d\d-[01]\d-[0-3]\d$/);
    expect(health.data?.ipAsn).toMatch(/^20\d\d-[01]\d-[0-3]\d$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('tags every response with a request id, keeping a well-formed one from the caller', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-1234abcd' },
    });
    expect(given.headers['x-request-id']).toBe('edge-1234abcd');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });

  it('turns schema failures into field error items with their limits', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/sign-up',
      payload: { email: 'not-an-email', firstName: '', password: 'short', seats: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = zErrorBody.parse(response.json());
    expect(body).toEqual(
      expect.arrayContaining([
        { code: 'NOT_VALID', field: 'email' },
        { code: 'REQUIRED', field: 'firstName' },
        { code: 'MIN_LENGTH', field: 'password', value: 8 },
        { code: 'MIN_VALUE', field: 'seats', value: 1 },
      ]),
    );
    const missing = await t.app.inject({ method: 'POST', url: '/api/probe/sign-up', payload: {} });
    expect(missing.json()).toEqual(
      expect.arrayContaining([
        { code: 'REQUIRED', field: 'email' },
        { code: 'REQUIRED', field: 'firstName' },
        { code: 'REQUIRED', field: 'password' },
      ]),
    );
  });

  it('accepts a valid JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/sign-up',
      payload: { email: 'ana@example.com', firstName: 'Ana', password: 'long enough' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, email: 'ana@example.com' });
  });

  it('answers 415 to a body that is not JSON', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/probe/sign-up',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.co',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toBe('Unsupported media type: send the body as application/json');
    }
  });

  it('answers 400 to malformed JSON and 413 to an oversized body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/probe/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toBe('Malformed JSON body');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/probe/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', firstName: 'x'.repeat(1_100_000), password: '12345678' }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('answers intended errors with their status and body', async () => {
    const demo = await t.app.inject({ method: 'GET', url: '/api/probe/demo' });
    expect(demo.statusCode).toBe(418);
    expect(demo.json()).toBe('This action is disabled for the demo account');
    const exists = await t.app.inject({ method: 'GET', url: '/api/probe/exists' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toEqual([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  });

  it('hides the internals of an unexpected error behind a 500 with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toBe(
      `An unexpected error occurred (request ${response.headers['x-request-id']})`,
    );
  });

  it('answers unknown API paths with a JSON 404, never the dashboard page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toBe('Route GET /api/no-such-thing not found');
  });

  it('serves the dashboard with its security headers, index.html for client routes', async () => {
    for (const url of ['/', '/intelligence/overview?from=2026-01-01', '/sandbox/buttons']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
    // The build's Brotli copy goes to a browser that takes it.
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    // A browser that has the file already is told so.
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'if-none-match': String(asset.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('closing the server', () => {
  it('lets an in-flight request finish while refusing new connections', async () => {
    let arrived: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow: FastifyPluginAsyncZod = async (app) => {
      app.get('/probe/slow', { config: { access: { kind: 'public' } } }, async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { done: true };
      });
    };
    const t = await startTestApp({}, { extraApiRoutes: [slow] });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const inFlight = fetch(`${address}/api/probe/slow`);
      await handling;
      const closing = t.app.close();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ done: true });
      await closing;
      await expect(fetch(`${address}/api/health`)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

describe('health when a store is down', () => {
  it('answers 503 and names the store', async () => {
    const t = await startTestApp();
    try {
      await t.stores.events.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const health = zHealth.parse(response.json());
      expect(health.status).toBe('degraded');
      expect(health.stores.find((store) => store.name === 'events')?.status).toBe('down');
      expect(health.stores.find((store) => store.name === 'accounts')?.status).toBe('up');
    } finally {
      await t.close();
    }
  });

  it("keeps the driver's message for the log: the public answer says only that the store does not answer", async () => {
    const t = await startTestApp();
    try {
      await t.stores.events.close();
      const direct = await t.stores.events.health();
      expect(direct.detail, 'the store itself says why').toBeTruthy();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      const events = zHealth.parse(response.json()).stores.find((store) => store.name === 'events');
      expect(events?.detail).toBe(STORE_DOWN_DETAIL);
      expect(response.body).not.toContain(direct.detail);
    } finally {
      await t.close();
    }
  });
});
