import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const made: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'veracity-config-'));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Chargebee settings (no call is made at load): production refuses the built-in test mode. */
const CHARGEBEE = {
  CHARGEBEE_SITE: 'acme-test',
  CHARGEBEE_API_KEY: 'test_key',
  CHARGEBEE_WEBHOOK_USER: 'hooks',
  CHARGEBEE_WEBHOOK_PASSWORD: 'p'.repeat(20),
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      clickhouseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      billingUsageCheckSeconds: 3600,
      sensorCoverageCheckSeconds: 60,
      performanceEmailCheckSeconds: 900,
      sensorPageViewWaitSeconds: 1800,
      benchmarkRefreshMinutes: 60,
      tagManager: null,
      conversionTracking: null,
      connections: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
        maxConnectionsPerIp: 256,
        maxOpenRequestsPerIp: 128,
      },
    });
  });

  it('names the variable and the problem in one line', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'Invalid environment variable PORT: must be a number'],
      [{ PORT: '70000' }, 'Invalid environment variable PORT: must be between 0 and 65535'],
      [
        { DATABASE_URL: 'mysql://x' },
        'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL',
      ],
      [
        { SMTP_URL: 'http://mail' },
        'Invalid environment variable SMTP_URL: must be an smtp:// or smtps:// URL',
      ],
      [
        { PUBLIC_URL: 'app.example.com' },
        'Invalid environment variable PUBLIC_URL: must be an absolute URL such as https://app.example.com',
      ],
      [{ SECRET_KEY: 'short' }, 'Invalid environment variable SECRET_KEY: must be at least 32 characters'],
      [{ TRUST_PROXY: 'maybe' }, 'Invalid environment variable TRUST_PROXY: must be true or false'],
      [
        { SENSOR_PATH: 'c/' },
        'Invalid environment variable SENSOR_PATH: must be a path such as /c (letters, digits, - and _)',
      ],
      [
        { SENSOR_PATH: '/api/x' },
        'Invalid environment variable SENSOR_PATH: must not be under /api, /s2s or /assets',
      ],
      [
        { VERACITY_DEMO_TRAFFIC: 'yes' },
        'Invalid environment variable VERACITY_DEMO_TRAFFIC: must be on or off',
      ],
      [{ INGEST_RATE_PER_IP: '0' }, 'Invalid environment variable INGEST_RATE_PER_IP: must be at least 1'],
      [
        { REQUEST_TIMEOUT_SECONDS: '0' },
        'Invalid environment variable REQUEST_TIMEOUT_SECONDS: must be more than 0',
      ],
      [
        { HEADERS_TIMEOUT_SECONDS: 'soon' },
        'Invalid environment variable HEADERS_TIMEOUT_SECONDS: must be a number of seconds',
      ],
      [
        { MAX_CONNECTIONS_PER_IP: '0' },
        'Invalid environment variable MAX_CONNECTIONS_PER_IP: must be at least 1',
      ],
    ];
    for (const [env, message] of cases) {
      const attempt = () => loadConfig({ DATA_DIR: tempDir(), ...env });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(message);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });

  it('keeps a generated secret in DATA_DIR, readable by the owner only, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    const second = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without SECRET_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      'Missing environment variable SECRET_KEY',
    );
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), SECRET_KEY: secret, ...CHARGEBEE }).secretKey,
    ).toBe(secret);
  });

  it('bills through Chargebee when configured, else the built-in test mode, refused in production but on staging', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).billing).toMatchObject({
      provider: 'builtin',
      signupsOpen: true,
    });
    const chargebee = loadConfig({ DATA_DIR: dataDir, ...CHARGEBEE, BILLING_SIGNUPS: 'closed' }).billing;
    expect(chargebee).toMatchObject({
      provider: 'chargebee',
      signupsOpen: false,
      chargebee: { site: 'acme-test', apiUrl: null, webhookUser: 'hooks' },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, CHARGEBEE_SITE: 'acme-test' })).toThrow(
      'Missing environment variable CHARGEBEE_API_KEY: CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USER and CHARGEBEE_WEBHOOK_PASSWORD go together',
    );
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    expect(() => loadConfig(production)).toThrow('Missing environment variable CHARGEBEE_SITE');
    expect(() =>
      loadConfig({
        ...production,
        PUBLIC_URL: 'https://app.example.com',
        BILLING_TEST_MODE_HOST: 'staging.example.com',
      }),
    ).toThrow('Missing environment variable CHARGEBEE_SITE');
    const staging = loadConfig({
      ...production,
      PUBLIC_URL: 'https://staging.example.com',
      BILLING_TEST_MODE_HOST: 'staging.example.com',
    });
    expect(staging.billing.provider).toBe('builtin');
    expect(() =>
      loadConfig({ ...production, ...CHARGEBEE, CHARGEBEE_API_URL: 'http://127.0.0.1:4100' }),
    ).toThrow('Invalid environment variable CHARGEBEE_API_URL');
  });

  it('reads the optional stores and the proxy setting', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9090',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/veracity',
      CLICKHOUSE_URL: 'http://127.0.0.1:8123',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://app.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/veracity',
      clickhouseUrl: 'http://127.0.0.1:8123',
      smtpUrl: 'smtp://127.0.0.1:2525',
      publicUrl: 'https://app.example.com',
      trustProxy: true,
    });
  });

  it('accepts only an http(s) ClickHouse URL', () => {
    for (const url of ['clickhouse://127.0.0.1:9000', 'tcp://127.0.0.1:9000', '127.0.0.1:8123']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), CLICKHOUSE_URL: url })).toThrow(
        /Invalid environment variable CLICKHOUSE_URL: must be an http\(s\) URL/,
      );
    }
    expect(
      loadConfig({ DATA_DIR: tempDir(), CLICKHOUSE_URL: 'https://ch.example:8443/veracity' }),
    ).toMatchObject({ clickhouseUrl: 'https://ch.example:8443/veracity' });
  });
  it('reads the postback delivery period and refuses the loopback allowance for outbound calls in production', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      postbackDeliverySeconds: 5,
      outbound: { allowLoopback: false },
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, POSTBACK_DELIVERY_SECONDS: '0', OUTBOUND_ALLOW_LOOPBACK: 'true' }),
    ).toMatchObject({ postbackDeliverySeconds: 0, outbound: { allowLoopback: true } });
    expect(() => loadConfig({ DATA_DIR: dataDir, POSTBACK_DELIVERY_SECONDS: '-1' })).toThrow(
      'Invalid environment variable POSTBACK_DELIVERY_SECONDS: must be 0 (off) or more',
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SECRET_KEY: 'k'.repeat(40),
        OUTBOUND_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(
      'Invalid environment variable OUTBOUND_ALLOW_LOOPBACK: a test-only setting, refused in production',
    );
  });

  it("reads Google Ads settings with Google's endpoints by default, and refuses a local fake in production", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).googleAds).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      apiUrl: 'https://googleads.googleapis.com',
      apiVersion: 'v26',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
    });
    const fake = {
      DATA_DIR: dataDir,
      GOOGLE_ADS_API_URL: 'http://127.0.0.1:18101/',
      GOOGLE_ADS_API_VERSION: 'v27',
    };
    expect(loadConfig(fake).googleAds).toMatchObject({ apiUrl: 'http://127.0.0.1:18101', apiVersion: 'v27' });
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    expect(() => loadConfig({ ...fake, ...production })).toThrow(
      'Invalid environment variable GOOGLE_ADS_API_URL: must use https in production',
    );
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.9', '[::1]', 'fake-google']) {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, ...production, GOOGLE_OAUTH_TOKEN_URL: `https://${host}/token` }),
      ).toThrow(
        'Invalid environment variable GOOGLE_OAUTH_TOKEN_URL: points at this machine or a private network',
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, GOOGLE_ADS_CLIENT_ID: 'id' })).toThrow(
      'Missing environment variable GOOGLE_ADS_CLIENT_SECRET',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, GOOGLE_ADS_API_VERSION: '26' })).toThrow(
      'Invalid environment variable GOOGLE_ADS_API_VERSION',
    );
  });

  it('reads Meta and Microsoft Ads only when their credentials come together, and refuses a fake in production', () => {
    const dataDir = tempDir();
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ metaAds: null, microsoftAds: null });
    expect(
      loadConfig({ DATA_DIR: dataDir, META_ADS_APP_ID: '1234567890', META_ADS_APP_SECRET: 's' }).metaAds,
    ).toEqual({
      appId: '1234567890',
      appSecret: 's',
      graphUrl: 'https://graph.facebook.com',
      version: 'v26.0',
      dialogUrl: 'https://www.facebook.com',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, META_ADS_APP_ID: '1234567890' })).toThrow(
      'Missing environment variable META_ADS_APP_SECRET',
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        ...production,
        META_ADS_APP_ID: '1234567890',
        META_ADS_APP_SECRET: 's',
        META_GRAPH_URL: 'https://127.0.0.1:9/',
      }),
    ).toThrow('Invalid environment variable META_GRAPH_URL: points at this machine or a private network');
    const microsoft = {
      MICROSOFT_ADS_CLIENT_ID: 'c',
      MICROSOFT_ADS_CLIENT_SECRET: 's',
      MICROSOFT_ADS_DEVELOPER_TOKEN: 'd',
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...microsoft }).microsoftAds).toMatchObject({
      apiUrl: 'https://campaign.api.bingads.microsoft.com/CampaignManagement/v13',
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, MICROSOFT_ADS_CLIENT_ID: 'c', MICROSOFT_ADS_CLIENT_SECRET: 's' }),
    ).toThrow('Missing environment variable MICROSOFT_ADS_DEVELOPER_TOKEN');
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        ...production,
        ...microsoft,
        MICROSOFT_ADS_API_URL: 'https://localhost/cm',
      }),
    ).toThrow(
      'Invalid environment variable MICROSOFT_ADS_API_URL: points at this machine or a private network',
    );
  });

  it('reads TikTok Ads only when its app id and secret come together, and refuses a fake in production', () => {
    const dataDir = tempDir();
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    const tiktok = { TIKTOK_ADS_APP_ID: '7300000000000000001', TIKTOK_ADS_SECRET: 's' };
    expect(loadConfig({ DATA_DIR: dataDir }).tiktokAds).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, ...tiktok }).tiktokAds).toEqual({
      appId: '7300000000000000001',
      secret: 's',
      apiUrl: 'https://business-api.tiktok.com/open_api',
      authorizeUrl: 'https://business-api.tiktok.com/portal/auth',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, TIKTOK_ADS_SECRET: 's' })).toThrow(
      'Missing environment variable TIKTOK_ADS_APP_ID',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...tiktok, TIKTOK_ADS_APP_ID: 'my-app' })).toThrow(
      'Invalid environment variable TIKTOK_ADS_APP_ID',
    );
    // A local fake is fine outside production, and refused in it.
    expect(
      loadConfig({ DATA_DIR: dataDir, ...tiktok, TIKTOK_ADS_API_URL: 'http://127.0.0.1:4010/open_api/' })
        .tiktokAds?.apiUrl,
    ).toBe('http://127.0.0.1:4010/open_api');
    for (const name of ['TIKTOK_ADS_API_URL', 'TIKTOK_OAUTH_AUTHORIZE_URL']) {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, ...production, ...tiktok, [name]: 'https://localhost:4010/x' }),
      ).toThrow(`Invalid environment variable ${name}: points at this machine or a private network`);
    }
  });
});
