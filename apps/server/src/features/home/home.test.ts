import {
  CHANNEL_CARDS,
  type Channels,
  type KeyFigures,
  type Savings,
  type Trends,
  type Watchlist,
} from '@veracity/contracts/home';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import type { HitRow } from '../../storage/events/event-store.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let token: string;

/** `count` hits of a channel on a day, the first `high` invalid and the next `medium` suspicious. */
function hits(
  relationshipId: number,
  channel: string,
  day: string,
  count: number,
  levels: { high?: number; medium?: number; highDay?: string } = {},
): HitRow[] {
  return Array.from({ length: count }, (_, index) => {
    const high = index < (levels.high ?? 0);
    const medium = !high && index < (levels.high ?? 0) + (levels.medium ?? 0);
    const threat = channel === 'google' ? 'network:datacenter' : 'automation:webdriver';
    return makeHit({
      id: `${channel}-${day}-${index}`,
      relationshipId,
      sessionId: `${channel}-${day}-${index}`,
      trafficType: channel,
      ts: new Date(`${high && levels.highDay ? levels.highDay : day}T12:00:00Z`),
      riskLevel: high ? 'high' : medium ? 'medium' : 'low',
      threats: high ? [threat] : medium ? ['network:vpn'] : [],
    });
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t);
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ default_cpc: JSON.stringify({ google: 0.5, facebook: 1 }), currency: 'EUR' })
    .where('id', '=', tenant.relationshipId)
    .execute();
  const id = tenant.relationshipId;
  // Selected week 8-14 March: google 30 (6 invalid on the 12th, 4 suspicious), facebook 10 (5 invalid),
  // tiktok 25 (5 invalid, no cost per click set), direct 5 (1 invalid). Previous week: google 40 (2
  // invalid), tiktok 25 (5 invalid).
  await t.stores.events.insertHits([
    ...hits(id, 'google', '2026-03-10', 30, { high: 6, medium: 4, highDay: '2026-03-12' }),
    ...hits(id, 'facebook', '2026-03-10', 10, { high: 5 }),
    ...hits(id, 'tiktok', '2026-03-10', 25, { high: 5 }),
    ...hits(id, 'direct', '2026-03-10', 5, { high: 1 }),
    ...hits(id, 'google', '2026-03-03', 40, { high: 2 }),
    ...hits(id, 'tiktok', '2026-03-03', 25, { high: 5 }),
  ]);
  token = await accountToken(t, tenant);
});
afterAll(async () => {
  await t.close();
});

const WEEK = 'from=2026-03-08&to=2026-03-14';

async function get<T>(path: string): Promise<T> {
  const response = await call(t, 'GET', `${path}?${WEEK}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('home dashboard', () => {
  it('gives the key figures of the week and the week before, savings at the account CPC', async () => {
    expect(await get<KeyFigures>('/home/key-figures')).toEqual({
      selectedPeriod: { legitimateVisits: 49, invalidVisits: 17, totalVisits: 70, savings: 8 },
      previousPeriod: { legitimateVisits: 58, invalidVisits: 7, totalVisits: 65, savings: 1 },
      currency: 'EUR',
      errors: ['No cost per click is set for TikTok: its invalid visits are not counted in savings'],
    });
  });

  it('gives every carousel channel its invalid visits, share and evolution', async () => {
    const { channels } = await get<Channels>('/home/channels');
    // Every card of the carousel, in its order, whether or not the channel had visits (reddit had none).
    expect(channels.map((channel) => channel.type)).toEqual([...CHANNEL_CARDS]);
    const byType = Object.fromEntries(channels.map((channel) => [channel.type, channel]));
    expect(byType.google).toEqual({
      type: 'google',
      invalidVisits: 6,
      percentInvalidTraffic: 20,
      evolution: 200,
      totalVisits: 30,
    });
    expect(byType.facebook).toMatchObject({ invalidVisits: 5, percentInvalidTraffic: 50, evolution: null });
    expect(byType.tiktok).toMatchObject({ invalidVisits: 5, percentInvalidTraffic: 20, evolution: 0 });
    expect(byType.reddit).toMatchObject({ invalidVisits: 0, percentInvalidTraffic: null, evolution: null });
  });

  it('lists the channels whose invalid share rose most, and the threats behind most invalid visits', async () => {
    const { trends } = await get<Trends>('/home/trends');
    // Facebook (10 visits) and direct (5) have too few visits to be a trend.
    expect(trends.map((trend) => [trend.type, trend.change])).toEqual([
      ['google', 15],
      ['tiktok', 0],
    ]);
    expect(await get<Watchlist>('/home/watchlist')).toEqual({
      items: [
        { threat: 'automation:webdriver', invalidVisits: 11, previousInvalidVisits: 5 },
        { threat: 'network:datacenter', invalidVisits: 6, previousInvalidVisits: 2 },
      ],
    });
  });

  it('gives savings per channel and per day', async () => {
    const savings = await get<Savings>('/home/savings');
    expect(savings.globalWidgets).toEqual({ savings: 8, invalidPaidVisits: 16, paidVisits: 65 });
    expect(savings.channels.find((channel) => channel.type === 'google')).toEqual({
      type: 'google',
      invalidVisits: 6,
      costPerClick: 0.5,
      savings: 3,
    });
    expect(savings.channels.find((channel) => channel.type === 'tiktok')).toMatchObject({
      costPerClick: null,
      savings: 0,
    });
    expect(savings.series).toEqual([
      { day: '2026-03-10', savings: 5 },
      { day: '2026-03-12', savings: 3 },
    ]);
  });

  it('computes the channel breakdowns once for widget calls made together, with the same answers', async () => {
    const widgets = ['/home/key-figures', '/home/channels', '/home/trends', '/home/savings'];
    const events = t.stores.events;
    const query = events.query.bind(events);
    const queries = vi.spyOn(events, 'query');
    const apart: unknown[] = [];
    for (const path of widgets) apart.push(await get(path));
    const queriesApart = queries.mock.calls.length;
    queries.mockClear();
    // The first query waits a moment, so that every call arrives while the first load is in flight
    // whatever the accounts store's own latency (PostgreSQL answers the session lookups later).
    queries.mockImplementationOnce(async (first) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return query(first);
    });
    const together = await Promise.all(widgets.map((path) => get(path)));
    const queriesTogether = queries.mock.calls.length;
    queries.mockRestore();
    expect(together).toEqual(apart);
    // Each call alone loads both periods' breakdowns (6 queries: rows, totals and priced invalid clicks
    // of each period); together the four calls share one load.
    expect(queriesApart - queriesTogether).toBe(3 * 6);
  });

  it('puts every channel with visits in the channels, so the pie adds up to the key figure', async () => {
    // A channel outside the carousel's spec list (Tradedoubler) with invalid visits, beside Google.
    const tenant = await createTenant(t);
    await t.stores.events.insertHits([
      ...hits(tenant.relationshipId, 'tradedoubler', '2026-03-10', 4, { high: 1 }),
      ...hits(tenant.relationshipId, 'google', '2026-03-10', 9, { high: 3 }),
    ]);
    const own = await accountToken(t, tenant);
    const answer = async <T>(path: string) =>
      (await call(t, 'GET', `${path}?${WEEK}`, { token: own })).json() as T;
    const figures = await answer<KeyFigures>('/home/key-figures');
    const { channels } = await answer<Channels>('/home/channels');
    const sum = (key: 'invalidVisits' | 'totalVisits') =>
      channels.reduce((total, channel) => total + channel[key], 0);
    expect(figures.selectedPeriod.invalidVisits).toBe(4);
    expect(sum('invalidVisits')).toBe(figures.selectedPeriod.invalidVisits);
    expect(sum('totalVisits')).toBe(figures.selectedPeriod.totalVisits);
    // The carousel's channels in the spec's order, then the others that had visits.
    expect(channels.at(-1)).toMatchObject({ type: 'tradedoubler', invalidVisits: 1, totalVisits: 4 });
  });

  it("prices a linked Google campaign's invalid clicks at its imported cost per click, others at the default", async () => {
    const tenant = await createTenant(t);
    const id = tenant.relationshipId;
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ default_cpc: JSON.stringify({ google: 0.5, facebook: 1 }) })
      .where('id', '=', id)
      .execute();
    const linked = hits(id, 'google', '2026-03-10', 4, { high: 4 }).map((hit) => ({
      ...hit,
      id: `linked-${hit.id}`,
      googleCampaignId: '9001',
    }));
    await t.stores.events.insertHits([
      ...linked,
      ...hits(id, 'google', '2026-03-10', 2, { high: 2 }),
      ...hits(id, 'facebook', '2026-03-10', 1, { high: 1 }),
    ]);
    // Campaign 9001 cost 12.00 for 10 clicks on the 10th: 1.20 a click (another day's cost is not used).
    await t.stores.events.upsertAdCosts(
      [
        { day: '2026-03-10', clicks: 10, costMicros: 12_000_000 },
        { day: '2026-03-11', clicks: 1, costMicros: 90_000_000 },
      ].map((figures) => ({
        relationshipId: id,
        provider: 'google_ads' as const,
        customerId: '1234567890',
        campaignId: '9001',
        currency: 'EUR',
        ...figures,
      })),
    );
    const own = await accountToken(t, tenant);
    const answer = async <T>(path: string) =>
      (await call(t, 'GET', `${path}?${WEEK}`, { token: own })).json() as T;
    const savings = await answer<Savings>('/home/savings');
    // 4 × 1.20 + 2 × 0.50 (google without a campaign day) + 1 × 1 (facebook).
    expect(savings.globalWidgets).toEqual({ savings: 6.8, invalidPaidVisits: 7, paidVisits: 7 });
    expect(savings.channels.filter((channel) => channel.invalidVisits > 0)).toEqual([
      { type: 'google', invalidVisits: 6, costPerClick: 0.9667, savings: 5.8 },
      { type: 'facebook', invalidVisits: 1, costPerClick: 1, savings: 1 },
    ]);
    expect(savings.series).toEqual([{ day: '2026-03-10', savings: 6.8 }]);
    const figures = await answer<KeyFigures>('/home/key-figures');
    expect(figures.selectedPeriod.savings).toBe(6.8);
    expect(figures.errors).toEqual([]);
  });

  it('says in one line when several paid channels have no cost per click', async () => {
    const tenant = await createTenant(t);
    await t.stores.events.insertHits(
      [
        'google',
        'facebook',
        'tiktok',
        'microsoft',
        'reddit',
        'taboola',
        'outbrain',
        'criteo',
        'yandex',
        'linkedin',
      ].flatMap((channel) => hits(tenant.relationshipId, channel, '2026-03-10', 2, { high: 1 })),
    );
    const own = await accountToken(t, tenant);
    const response = await call(t, 'GET', `/home/key-figures?${WEEK}`, { token: own });
    expect((response.json() as KeyFigures).errors).toEqual([
      'No cost per click is set for 10 paid channels: their invalid visits are not counted in savings',
    ]);
  });

  it('answers 400 for bad dates', async () => {
    const response = await call(t, 'GET', '/home/key-figures?from=2026-03-14&to=2026-03-08', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toBe('The end date is before the start date');
  });
});
