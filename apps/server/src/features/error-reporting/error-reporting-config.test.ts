import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'veracity-config-'));
const KEY = '0123456789abcdef0123456789abcdef';

describe('SENTRY_DSN and the support chat in the config', () => {
  it('takes a DSN of a Sentry project and keeps where reports go', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SENTRY_DSN: `https://${KEY}@o42.ingest.sentry.io/4501`,
    });
    expect(config.errorTracking).toEqual({
      dsn: `https://${KEY}@o42.ingest.sentry.io/4501`,
      origin: 'https://o42.ingest.sentry.io',
      environment: 'development',
    });
    const selfHosted = loadConfig({
      DATA_DIR: dataDir(),
      SENTRY_DSN: `http://${KEY}@127.0.0.1:9000/sentry/7`,
      SENTRY_ENVIRONMENT: 'staging',
    });
    expect(selfHosted.errorTracking).toMatchObject({
      origin: 'http://127.0.0.1:9000',
      environment: 'staging',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).errorTracking).toBeUndefined();
  });

  it('refuses a DSN that is not one, carries a secret key, or is plain http in production', () => {
    const cases: [Record<string, string>, string][] = [
      [
        { SENTRY_DSN: 'o42.ingest.sentry.io' },
        'must be a Sentry DSN such as https://<key>@o1.ingest.sentry.io/<project>',
      ],
      [{ SENTRY_DSN: 'https://o42.ingest.sentry.io/4501' }, 'must start with the project key'],
      [{ SENTRY_DSN: `https://${KEY}@o42.ingest.sentry.io/` }, 'must end with the numeric project id'],
      [{ SENTRY_DSN: `https://${KEY}:secret@o42.ingest.sentry.io/1` }, 'must not contain a secret key'],
      [{ SENTRY_DSN: `ftp://${KEY}@o42.ingest.sentry.io/1` }, 'must be an http(s) URL'],
      [
        { SENTRY_DSN: `http://${KEY}@127.0.0.1:9000/1`, NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) },
        'must use https in production',
      ],
      [{ CRISP_WEBSITE_ID: 'my-site' }, "must be Crisp's website id (a UUID)"],
      [
        {
          CRISP_WEBSITE_ID: '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b',
          CRISP_SCRIPT_URL: 'http://127.0.0.1:9/l.js',
          NODE_ENV: 'production',
          SECRET_KEY: 'k'.repeat(32),
        },
        'Invalid environment variable CRISP_SCRIPT_URL: must use https in production',
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    }
  });

  it("defaults the chat's script to Crisp's own and lets tests point it at a local one", () => {
    const id = '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b';
    expect(loadConfig({ DATA_DIR: dataDir(), CRISP_WEBSITE_ID: id }).supportChat).toEqual({
      provider: 'crisp',
      websiteId: id,
      scriptUrl: 'https://client.crisp.chat/l.js',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        CRISP_WEBSITE_ID: id,
        CRISP_SCRIPT_URL: 'http://127.0.0.1:8171/l.js',
      }).supportChat?.scriptUrl,
    ).toBe('http://127.0.0.1:8171/l.js');
    expect(loadConfig({ DATA_DIR: dataDir() }).supportChat).toBeUndefined();
  });
});
