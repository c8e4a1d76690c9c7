import { Writable } from 'node:stream';
import { SENSOR_EVENT_PATH } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import type { InjectTarget } from '@veracity/simulator/transport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listApiKeys } from '../../accounts/api-keys.js';
import { UNLOGGED_REQUEST_HEADER } from '../../app.js';
import { type DemoSeedOptions, runDemoSeed } from '../../demo-seed.js';
import { rawSql } from '../../storage/events/sql.js';
import { getMeta } from '../../storage/oltp/app-meta.repo.js';
import { createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDemoPeers, DEMO_VERTICAL } from './demo-peers.js';
import { scheduleDemoTraffic } from './demo-traffic.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

async function counts() {
  const rows = await t.stores.events.query<{ kind: string; risk_level: string; n: number }>(() =>
    rawSql(`select 'hits' as kind, risk_level, count(*)::INTEGER as n from hits group by all
      union all select 'sessions', risk_level, count(*)::INTEGER from sessions group by all
      union all select 'conversions', risk_level, count(*)::INTEGER from conversions group by all`),
  );
  const total = (kind: string) =>
    rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.n, 0);
  const level = (kind: string, risk: string) =>
    rows.find((row) => row.kind === kind && row.risk_level === risk)?.n ?? 0;
  return { total, level };
}

/** Around the seed app's inject: records what the demo traffic sent and calls `each` before every request. */
function recording(each: (sent: number) => void = () => {}) {
  const requests: string[] = [];
  const authorizations = new Set<string>();
  const through = (app: InjectTarget): InjectTarget => ({
    inject: (options) => {
      requests.push(`${options.method} ${options.url}`);
      authorizations.add(options.headers.authorization ?? '');
      each(requests.length);
      return app.inject(options);
    },
  });
  return { through, requests, authorizations };
}

const options = { days: 3, visitsPerDay: 40 };
/** The first start's demo history over the test app's stores, in an app of its own (as main.ts runs it). */
const seed = (extra: DemoSeedOptions = {}) =>
  runDemoSeed(t.config, t.stores, t.app.log, { ...options, ...extra });

describe('first-start demo traffic', () => {
  it('goes through the public S2S endpoints with a key of its own, once; a second run stores nothing twice', async () => {
    const tenant = await createTenant(t);
    const db = t.stores.accounts.db;
    await scheduleDemoTraffic(db, [tenant.relationshipId]);
    const sent = recording();
    const stored = await seed({ through: sent.through });
    expect(stored?.hits).toBeGreaterThan(120);
    expect(await getMeta(db, 'demo_traffic')).toBe('done');
    // Every event arrived as a customer's server sends it: an S2S call with the account's API key;
    // and the sensor's exclusion firings as the sensor reports them, with the public sensor key only.
    expect(new Set(sent.requests)).toEqual(
      new Set([`POST ${S2S_HITS_PATH}`, `POST ${S2S_CONVERSIONS_PATH}`, `POST ${SENSOR_EVENT_PATH}`]),
    );
    expect(stored?.exclusions).toBeGreaterThan(0);
    expect(sent.requests).toHaveLength(
      (stored?.hits ?? 0) + (stored?.conversions ?? 0) + (stored?.exclusions ?? 0),
    );
    expect([...sent.authorizations].sort()).toEqual(['', expect.stringMatching(/^Bearer vk_/)]);
    // The key was the run's own: the account keeps none.
    expect(await listApiKeys(db, tenant.relationshipId)).toEqual([]);
    const first = await counts();
    expect(first.total('hits')).toBe(stored?.hits);
    expect(first.total('sessions')).toBeGreaterThanOrEqual(120);
    expect(first.total('conversions')).toBe(stored?.conversions);
    // People and bots: both ends of the scale are there.
    expect(first.level('hits', 'low')).toBeGreaterThan(first.total('hits') / 3);
    expect(first.level('hits', 'high')).toBeGreaterThan(10);
    // Done means done; scheduled again (an interrupted run), the same ids are recognised.
    expect(await seed()).toBeUndefined();
    await scheduleDemoTraffic(db, [tenant.relationshipId]);
    await seed();
    const second = await counts();
    expect(second.total('hits')).toBe(first.total('hits'));
    expect(second.total('conversions')).toBe(first.total('conversions'));
    expect(second.total('sessions')).toBe(first.total('sessions'));
  }, 90_000);

  it('stops when the server shuts down, and the next start finishes it', async () => {
    const tenant = await createTenant(t);
    const db = t.stores.accounts.db;
    // With the demo's peers of its vertical, whose traffic is resumed like the rest.
    await db
      .updateTable('relationships')
      .set({ vertical: DEMO_VERTICAL })
      .where('id', '=', tenant.relationshipId)
      .execute();
    const peers = await createDemoPeers(db);
    await scheduleDemoTraffic(db, [tenant.relationshipId, ...peers]);
    const shutdown = new AbortController();
    const sent = recording((n) => {
      if (n === 60) shutdown.abort();
    });
    expect(await seed({ through: sent.through, signal: shutdown.signal })).toBeUndefined();
    expect(await getMeta(db, 'demo_traffic')).not.toBe('done');
    // Requests in flight finish; no visit starts after the shutdown.
    expect(sent.requests.length).toBeLessThan(200);

    const resumed = await seed();
    expect(await getMeta(db, 'demo_traffic')).toBe('done');
    const stored = await counts();
    expect(stored.total('hits')).toBe(resumed?.hits);
    expect(stored.total('conversions')).toBe(resumed?.conversions);
    // The interrupted run's key is removed too.
    expect(await listApiKeys(db, tenant.relationshipId)).toEqual([]);
    // Every peer got its own light history, and the benchmark was computed at the end of it.
    const perAccount = await t.stores.events.query<{ relationship_id: number; n: number }>(() =>
      rawSql('select relationship_id, count(*)::INTEGER as n from hits group by all'),
    );
    expect(perAccount.map((row) => Number(row.relationship_id)).sort((a, b) => a - b)).toEqual(
      [tenant.relationshipId, ...peers].sort((a, b) => a - b),
    );
    const cells = await db
      .selectFrom('benchmark_cells')
      .selectAll()
      .where('vertical', '=', DEMO_VERTICAL)
      .where('country', '=', '*')
      .where('traffic_type', '=', '*')
      .where('google_campaign_type', '=', '*')
      .execute();
    expect(cells.length).toBeGreaterThanOrEqual(3);
    expect(cells.every((cell) => cell.accounts === 5 && cell.p90 > cell.p25)).toBe(true);
  }, 120_000);
});

describe('the request log during the demo traffic', () => {
  it("leaves out requests with this process's token, and logs any other", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await startTestApp(
      { LOG_LEVEL: 'info' },
      { logStream, unloggedRequestToken: 'process-token' },
    );
    try {
      const probe = (token: string) =>
        logged.app.inject({
          method: 'GET',
          url: `/api/health?probe=${token}`,
          headers: { [UNLOGGED_REQUEST_HEADER]: token },
        });
      await probe('process-token');
      await probe('guessed-token');
      await logged.app.inject({ method: 'GET', url: '/api/health?probe=none' });
      const requests = lines.filter((line) => line.includes('"incoming request"'));
      expect(requests.some((line) => line.includes('probe=process-token'))).toBe(false);
      expect(requests.some((line) => line.includes('probe=guessed-token'))).toBe(true);
      expect(requests.some((line) => line.includes('probe=none'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
