import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientConfig } from '@veracity/contracts/client-config';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call } from '../../test-support/fixtures.js';
import { startTestApp } from '../../test-support/test-app.js';
import { describeClientConfig } from './client-config.routes.js';

/**
 * The billing provider, Google Tag Manager and the conversion's track host in GET /api/client-config
 * (issue 37, spec 01 §4, §9), and the CSP they widen.
 */
const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'veracity-client-config-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CHARGEBEE = {
  CHARGEBEE_SITE: 'acme-test',
  CHARGEBEE_API_KEY: 'test_key',
  CHARGEBEE_WEBHOOK_USER: 'hooks',
  CHARGEBEE_WEBHOOK_PASSWORD: 'p'.repeat(20),
};
const PRODUCTION = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), ...CHARGEBEE };
const OUTSIDE = { GTM_CONTAINER_ID: 'GTM-AB12CD3', TRACK_URL: 'https://track.veracity.example/' };

const clientConfigOf = (env: Record<string, string>) =>
  describeClientConfig(loadConfig({ DATA_DIR: tempDir(), ...env }));

describe('the client config of billing, the tag manager and conversion tracking', () => {
  it('names the built-in provider by default, and nothing else outside', () => {
    expect(clientConfigOf({})).toMatchObject<Partial<ClientConfig>>({
      billing: { provider: 'builtin' },
      tagManager: null,
      conversionTracking: null,
    });
  });

  it("gives Chargebee's site and Chargebee.js, its own or the one CHARGEBEE_JS_URL names", () => {
    expect(clientConfigOf(CHARGEBEE).billing).toEqual({
      provider: 'chargebee',
      site: 'acme-test',
      scriptUrl: 'https://js.chargebee.com/v2/chargebee.js',
    });
    expect(
      clientConfigOf({ ...CHARGEBEE, CHARGEBEE_JS_URL: 'http://127.0.0.1:4100/chargebee.js' }).billing,
    ).toEqual({
      provider: 'chargebee',
      site: 'acme-test',
      scriptUrl: 'http://127.0.0.1:4100/chargebee.js',
    });
  });

  it('loads the tag manager and sends conversions in production only', () => {
    expect(clientConfigOf(OUTSIDE)).toMatchObject({ tagManager: null, conversionTracking: null });
    expect(clientConfigOf({ ...PRODUCTION, ...OUTSIDE })).toMatchObject({
      tagManager: { containerId: 'GTM-AB12CD3' },
      conversionTracking: { url: 'https://track.veracity.example/conversion' },
    });
  });

  it('refuses a container id that is not one, and plain http for Chargebee.js or the track host in production', () => {
    const cases: [Record<string, string>, string][] = [
      [{ GTM_CONTAINER_ID: 'UA-12345-1' }, 'Invalid environment variable GTM_CONTAINER_ID'],
      [{ GTM_CONTAINER_ID: 'gtm-ab12cd3' }, 'Invalid environment variable GTM_CONTAINER_ID'],
      [{ TRACK_URL: 'track.example.com' }, 'Invalid environment variable TRACK_URL'],
      [
        { ...PRODUCTION, TRACK_URL: 'http://track.example.com' },
        'Invalid environment variable TRACK_URL: must use https in production',
      ],
      [
        { ...PRODUCTION, CHARGEBEE_JS_URL: 'http://127.0.0.1:4100/chargebee.js' },
        'Invalid environment variable CHARGEBEE_JS_URL: must use https in production',
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
    }
  });
});

describe('the CSP of a dashboard with Chargebee, the tag manager and the track host', () => {
  it('opens script, frame, image and connect sources to their origins, and to nothing when not configured', async () => {
    const t = await startTestApp({ ...PRODUCTION, ...OUTSIDE, PUBLIC_URL: 'https://app.veracity.example' });
    try {
      const response = await call(t, 'GET', '/client-config');
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as ClientConfig).billing).toMatchObject({ provider: 'chargebee' });
      const directives = new Map(
        String(response.headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources]),
      );
      expect(directives.get('script-src')).toEqual([
        "'self'",
        'https://js.chargebee.com',
        'https://www.googletagmanager.com',
      ]);
      expect(directives.get('frame-src')).toEqual([
        "'self'",
        'https://acme-test.chargebee.com',
        'https://js.chargebee.com',
      ]);
      expect(directives.get('img-src')).toEqual([
        "'self'",
        'data:',
        'https://www.googletagmanager.com',
        'https://www.google-analytics.com',
        'https://*.google-analytics.com',
      ]);
      expect(directives.get('connect-src')).toEqual([
        "'self'",
        'https://acme-test.chargebee.com',
        'https://www.googletagmanager.com',
        'https://www.google-analytics.com',
        'https://*.google-analytics.com',
        'https://track.veracity.example',
      ]);
    } finally {
      await t.close();
    }
    const plain = await startTestApp(OUTSIDE);
    try {
      const csp = String((await call(plain, 'GET', '/client-config')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('frame-src');
    } finally {
      await plain.close();
    }
  });
});
