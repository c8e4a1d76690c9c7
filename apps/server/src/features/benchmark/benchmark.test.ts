import type { Benchmark } from '@veracity/contracts/benchmark';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BENCHMARK_REFRESH_JOB } from '../../jobs/benchmark-refresh.js';
import { VirtualClock } from '../../jobs/clock.js';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import {
  accountToken,
  call,
  createTenant,
  firstStartDemoUser,
  type Tenant,
} from '../../test-support/fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The industry benchmark (docs/benchmark.md): the job's cells from the accounts' stored visits, on
 * DuckDB and on ClickHouse (chdb), and the page's call reading them.
 */

const DAY = '2026-11-20';
const NEXT_DAY = '2026-11-21';
const BENCHMARK_JOB_ONLY = { ...NO_JOBS, BENCHMARK_REFRESH_MINUTES: '60' };
const EVENT_STORES = eventStoreEngines('benchmark');

let t: TestApp;
let clock: VirtualClock;
let sequence = 0;

async function accountIn(vertical: string, features = [{ name: 'benchmark', value: true }]): Promise<Tenant> {
  const tenant = await createTenant(t, { plan: 'custom', features });
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ vertical })
    .where('id', '=', tenant.relationshipId)
    .execute();
  return tenant;
}

/** Stores `visits` hits of the account on a day, the first `invalid` of them high risk. */
async function visits(
  tenant: Tenant,
  count: number,
  invalid: number,
  cell: { country?: string; trafficType?: string; googleCampaignId?: string; day?: string } = {},
): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => {
    sequence += 1;
    return makeHit({
      id: `bench-${sequence}`,
      relationshipId: tenant.relationshipId,
      sessionId: `bench-s-${sequence}`,
      ts: new Date(`${cell.day ?? DAY}T10:00:00.000Z`),
      trafficType: cell.trafficType ?? 'google',
      country: cell.country ?? 'ES',
      riskLevel: index < invalid ? 'high' : 'low',
      ...(cell.googleCampaignId ? { googleCampaignId: cell.googleCampaignId } : {}),
    });
  });
  await t.stores.events.insertHits(rows);
}

async function runRefresh(): Promise<void> {
  expect(await t.app.jobs.tick()).toEqual([BENCHMARK_REFRESH_JOB]);
  await t.app.jobs.idle();
}

async function cells() {
  const rows = await t.stores.accounts.db.selectFrom('benchmark_cells').selectAll().execute();
  return rows.map(
    (row) => `${row.vertical}/${row.day}/${row.country}/${row.traffic_type}/${row.google_campaign_type}`,
  );
}

async function benchmark(tenant: Tenant, query: string): Promise<Benchmark> {
  const response = await call(t, 'GET', `/benchmark?${query}`, { token: await accountToken(t, tenant) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Benchmark;
}

describe.each(EVENT_STORES)('the industry benchmark, on $name', ({ opener }) => {
  let retail: Tenant[];

  beforeEach(async () => {
    clock = new VirtualClock(new Date(`${NEXT_DAY}T09:00:00.000Z`));
    const openEvents = opener();
    t = await startTestApp(BENCHMARK_JOB_ONLY, { clock }, openEvents ? { openEvents } : {});
    retail = [];
    for (let i = 1; i <= 5; i++) retail.push(await accountIn('Retail'));
    // Each Retail account's Google campaign is a Search campaign, as imported from Google Ads.
    await t.stores.accounts.db
      .insertInto('ad_campaigns')
      .values(
        retail.map((tenant, i) => ({
          relationship_id: tenant.relationshipId,
          provider: 'google_ads' as const,
          customer_id: '1234567890',
          campaign_id: `g-${i}`,
          name: `Search ${i}`,
          type: 'SEARCH',
          status: 'ENABLED',
          updated_at: clock.now().toISOString(),
        })),
      )
      .execute();
    // Shares 0.1 .. 0.5 in Spain from Google Search; four of them also had clean visits from France.
    for (const [i, tenant] of retail.entries()) {
      await visits(tenant, 10, i + 1, { googleCampaignId: `g-${i}` });
      if (i < 4) await visits(tenant, 10, 0, { country: 'FR', trafficType: 'facebook' });
    }
    // Four Travel accounts, every visit invalid: too few for a cell, and never counted with Retail.
    for (let i = 0; i < 4; i++) await visits(await accountIn('Travel'), 10, 10);
  });

  afterEach(async () => {
    await t.close();
  });

  it('stores only the cells with at least 5 accounts of one vertical', async () => {
    await runRefresh();
    const stored = await cells();
    expect(stored.sort()).toEqual(
      [
        `Retail/${DAY}/*/*/*`,
        `Retail/${DAY}/*/*/SEARCH`,
        `Retail/${DAY}/*/google/*`,
        `Retail/${DAY}/*/google/SEARCH`,
        `Retail/${DAY}/ES/*/*`,
        `Retail/${DAY}/ES/*/SEARCH`,
        `Retail/${DAY}/ES/google/*`,
        `Retail/${DAY}/ES/google/SEARCH`,
      ].sort(),
    );
    const spain = await t.stores.accounts.db
      .selectFrom('benchmark_cells')
      .selectAll()
      .where('country', '=', 'ES')
      .where('traffic_type', '=', 'google')
      .where('google_campaign_type', '=', '*')
      .executeTakeFirstOrThrow();
    expect(spain.accounts).toBe(5);
    expect(spain.p25).toBeCloseTo(0.2);
    expect(spain.p50).toBeCloseTo(0.3);
    expect(spain.p75).toBeCloseTo(0.4);
    expect(spain.p90).toBeCloseTo(0.46);

    // A fifth Travel account: its vertical gets cells at the next refresh, still apart from Retail's.
    await visits(await accountIn('Travel'), 10, 10);
    clock.set(new Date(`${NEXT_DAY}T10:00:00.000Z`));
    await runRefresh();
    const travel = await t.stores.accounts.db
      .selectFrom('benchmark_cells')
      .selectAll()
      .where('vertical', '=', 'Travel')
      .where('country', '=', '*')
      .where('traffic_type', '=', '*')
      .where('google_campaign_type', '=', '*')
      .executeTakeFirstOrThrow();
    expect(travel).toMatchObject({ accounts: 5, p25: 1, p90: 1 });
    expect((await cells()).filter((cell) => cell.startsWith('Retail/'))).toHaveLength(8);
  });

  it('answers the account its share, the industry’s percentiles, its rank, the trend and the channels', async () => {
    await runRefresh();
    const [first, , , , last] = retail as [Tenant, Tenant, Tenant, Tenant, Tenant];
    const spain = await benchmark(first, `from=${DAY}&to=${DAY}&country=ES`);
    expect(spain.vertical).toBe('Retail');
    expect(spain.own).toEqual({ visits: 10, invalidVisits: 1, invalidShare: 0.1 });
    expect(spain.industry).toMatchObject({ accounts: 5, days: 1 });
    expect(spain.industry?.p50).toBeCloseTo(0.3);
    // Below the 25th percentile (0.2): between it and no invalid traffic at all.
    expect(spain.percentileRank).toBe(12.5);
    expect(spain.trendBucket).toBe('day');
    expect(spain.trend).toEqual([
      {
        date: DAY,
        account: 0.1,
        industryP25: expect.closeTo(0.2),
        industryMedian: expect.closeTo(0.3),
        industryP75: expect.closeTo(0.4),
      },
    ]);
    expect(spain.channels.map((channel) => channel.trafficType)).toEqual(['google']);

    const search = await benchmark(last, `from=${DAY}&to=${NEXT_DAY}&googleCampaignType=SEARCH`);
    expect(search.own.invalidShare).toBeCloseTo(0.5);
    // Above the 90th percentile (0.46): the most invalid traffic of the five.
    expect(search.percentileRank).toBeCloseTo(90.7, 1);
    expect(search.trend.map((point) => [point.date, point.industryMedian === null])).toEqual([
      [DAY, false],
      [NEXT_DAY, true],
    ]);

    // France had four accounts: no industry, though the account's own visits are shown.
    const france = await benchmark(first, `from=${DAY}&to=${DAY}&country=FR`);
    expect(france.industry).toBeNull();
    expect(france.percentileRank).toBeNull();
    expect(france.own).toEqual({ visits: 10, invalidVisits: 0, invalidShare: 0 });
    // Every country: Google has its cell, Facebook (four accounts) shows the account's share only.
    const all = await benchmark(first, `from=${DAY}&to=${DAY}`);
    expect(all.channels.map((channel) => [channel.trafficType, channel.industry === null])).toEqual([
      ['facebook', true],
      ['google', false],
    ]);
  });

  it('is refused to an account without the benchmark, and open to the read-only demo', async () => {
    await runRefresh();
    const without = await accountIn('Retail', []);
    const refused = await call(t, 'GET', `/benchmark?from=${DAY}&to=${DAY}`, {
      token: await accountToken(t, without),
    });
    expect(refused.statusCode).toBe(403);
    const lite = await createTenant(t, { plan: 'lite' });
    const liteCall = await call(t, 'GET', `/benchmark?from=${DAY}&to=${DAY}`, {
      token: await accountToken(t, lite),
    });
    expect(liteCall.statusCode).toBe(403);
    const demo = await firstStartDemoUser(t);
    const demoCall = await call(t, 'GET', `/benchmark?from=${DAY}&to=${DAY}`, {
      token: await accountToken(t, demo),
    });
    expect(demoCall.statusCode, demoCall.body).toBe(200);
    const upside = await call(t, 'GET', `/benchmark?from=${NEXT_DAY}&to=${DAY}`, {
      token: await accountToken(t, retail[0] as Tenant),
    });
    expect(upside.statusCode).toBe(400);
  });
});
