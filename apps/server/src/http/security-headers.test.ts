import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sensorEventPath, sensorScriptPath } from '@veracity/contracts/collect';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountToken,
  call,
  createSupportUser,
  createTenant,
  login,
  PASSWORD,
  uniqueEmail,
} from '../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { PERMISSIONS_POLICY } from './security-headers.js';

describe('security headers', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'veracity-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await startTestApp({ WEB_DIST: webDist });
  });

  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers every auth call, and any answer carrying a session or key, with Cache-Control: no-store', async () => {
    const tenant = await createTenant(t);
    const support = await createSupportUser(t);
    const userToken = await login(t, tenant.email);
    const token = await accountToken(t, tenant);
    const supportToken = await login(t, support.email);
    const answers: [string, LightMyRequestResponse][] = [
      ['login', await call(t, 'POST', '/auth/login', { body: { email: tenant.email, password: PASSWORD } })],
      [
        'login refused',
        await call(t, 'POST', '/auth/login', { body: { email: tenant.email, password: 'wrong one' } }),
      ],
      ['account token', await call(t, 'GET', `/auth/account/${tenant.relationshipId}`, { token: userToken })],
      ['me', await call(t, 'GET', '/me', { token })],
      ['me anonymous', await call(t, 'GET', '/me')],
      ['api keys', await call(t, 'GET', '/me/keys', { token })],
      [
        'trial sign-up',
        await call(t, 'POST', '/auth/trial-signup', {
          body: {
            email: uniqueEmail('signup'),
            firstName: 'Ana',
            companyName: 'Signup Co',
            jobTitle: 'CMO',
            password: 'a long enough password 1',
            terms: true,
          },
        }),
      ],
      ['forgot', await call(t, 'POST', '/auth/password/forgot', { body: { email: tenant.email } })],
      [
        'reset',
        await call(t, 'POST', '/auth/password/reset', {
          body: { email: tenant.email, hash: 'not-a-real-hash', newPassword: 'another long password 2' },
        }),
      ],
      ['verify', await call(t, 'POST', '/auth/email/verify', { body: { email: tenant.email, hash: 'x' } })],
      [
        'support login-as',
        await call(t, 'POST', '/support/login-as', {
          token: supportToken,
          body: { relationshipId: tenant.relationshipId, role: 'Admin' },
        }),
      ],
      ['logout', await call(t, 'POST', '/auth/logout', { token })],
    ];
    const successes = answers.filter(([, response]) => response.statusCode < 300).map(([name]) => name);
    expect(successes).toEqual(
      expect.arrayContaining([
        'login',
        'account token',
        'me',
        'api keys',
        'trial sign-up',
        'support login-as',
      ]),
    );
    for (const [name, response] of answers) {
      expect(response.headers['cache-control'], `${name} (${response.statusCode})`).toBe('no-store');
    }
  });

  it('lets no browser store the dashboard page opened from a link that carries a token', async () => {
    for (const url of [
      '/auth/reset-password?email=ana%40acme-corp.com&hash=abc',
      '/email-verification?email=ana%40acme-corp.com&hash=abc',
      '/auth/login-as?t=abc&r=1&g=Admin&h=home',
      '/auth/preregister?token=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
    const plain = await t.app.inject({ method: 'GET', url: '/intelligence/overview?from=2026-01-01' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends a Permissions-Policy on the dashboard and the API, and none on the sensor script or the collector', async () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    for (const url of ['/', '/intelligence/overview', '/api/health', '/api/no-such-call']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    const login = await call(t, 'POST', '/auth/login', { body: {} });
    expect(login.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    // A policy governs the document it comes with: the script runs under its host page's policy and
    // the collector's answers are never documents, so the header would only cost bytes on every event.
    const collector = await t.app.inject({
      method: 'POST',
      url: sensorEventPath(t.config.sensorPath),
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(collector.statusCode).toBe(400);
    expect(collector.headers['permissions-policy']).toBeUndefined();
    const script = await t.app.inject({ method: 'GET', url: sensorScriptPath(t.config.sensorPath) });
    expect(script.headers['permissions-policy']).toBeUndefined();
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const secure = await startTestApp({ PUBLIC_URL: 'https://app.example.com' });
    try {
      for (const url of ['/api/health', '/', '/api/auth/logout']) {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });
});
