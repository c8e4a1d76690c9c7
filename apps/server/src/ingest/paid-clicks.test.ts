import type { CollectAnswer, SensorHit } from '@veracity/contracts/collect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { VirtualClock } from '../jobs/clock.js';
import { sql } from '../storage/events/sql.js';
import {
  chromeSignals,
  collect,
  engagementBeacon,
  eventId,
  type IngestTenant,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';

/**
 * Paid clicks through the collector as a browser posts them: the burst of one address (velocity and
 * cadence, counted by the server's recent activity per account) and a paid landing left at once (the
 * engagement beacon's bounce).
 */

let t: TestApp;
let tenant: IngestTenant;
let clock: VirtualClock;

beforeEach(async () => {
  clock = new VirtualClock(new Date());
  ({ t, tenant } = await startIngestApp({}, { clock }));
});

afterEach(async () => {
  await t.close();
});

/** A page view landing from its own Google Ads click, from a browser told apart by its screen. */
function paidClick(browser: number): SensorHit {
  const gclid = eventId('gclid');
  const signals = chromeSignals();
  return sensorHit(tenant, {
    ts: clock.now().getTime(),
    url: `https://shop.example.com/landing?gclid=${gclid}&utm_source=google&utm_medium=cpc`,
    referrer: 'https://www.google.com/',
    title: 'Winter sale',
    utm: { source: 'google', medium: 'cpc' },
    clickIds: { gclid },
    signals: { ...signals, screen: { width: 1920 + browser, height: 1080 } },
  });
}

/** Posts the clicks from one residential address, `gapsMs[i]` after the one before, and their answers. */
async function clicksFromOneAddress(gapsMs: readonly number[]): Promise<CollectAnswer['riskLevel'][]> {
  const levels: CollectAnswer['riskLevel'][] = [];
  for (const [index, gap] of gapsMs.entries()) {
    clock.set(new Date(clock.now().getTime() + gap));
    const response = await collect(t, paidClick(index));
    expect(response.statusCode).toBe(200);
    levels.push((response.json() as CollectAnswer).riskLevel);
  }
  return levels;
}

async function storedThreats(): Promise<{ risk_level: string; threats: string[] }[]> {
  await t.stores.journal.drain();
  return t.stores.events.query<{ risk_level: string; threats: string[] }>(
    () =>
      sql`select risk_level, threats from hits where relationship_id = ${tenant.relationshipId} order by ts`,
  );
}

describe('paid clicks from one address', () => {
  it('50 clicks in a minute on a clock from a residential address are invalid, each a new browser', async () => {
    const levels = await clicksFromOneAddress(Array.from({ length: 50 }, () => 1_200));
    // The first clicks are a household's; once the count and the clock both show, the rest are invalid.
    expect(levels.slice(0, 5)).toEqual(['low', 'low', 'low', 'low', 'low']);
    expect(levels.filter((level) => level === 'high').length).toBeGreaterThanOrEqual(40);
    expect(levels.at(-1)).toBe('high');
    const last = (await storedThreats()).at(-1);
    expect(last?.risk_level).toBe('high');
    expect(last?.threats).toEqual(
      expect.arrayContaining(['velocity:ip_clicks', 'cadence:regular_clicks', 'frequency:ip_burst']),
    );
  });

  it('a dozen people behind one address clicking at their own pace in a minute are never invalid', async () => {
    // Independent arrivals: gaps as uneven as people's (seconds, fixed so the run is the same each time).
    const gaps = [0, 9_100, 1_300, 4_200, 600, 11_800, 2_500, 7_400, 300, 5_900, 3_100, 8_700];
    const levels = await clicksFromOneAddress(gaps);
    expect(levels).not.toContain('high');
    expect((await storedThreats()).flatMap((row) => row.threats)).not.toContain('cadence:regular_clicks');
  });
});

describe('a paid landing left at once', () => {
  const untouched = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0 };

  it('is a bounce when the engagement beacon says it was seen under a second without interaction', async () => {
    const hit = paidClick(0);
    expect((await collect(t, hit)).json()).toMatchObject({ riskLevel: 'low' });
    const beacon = engagementBeacon(tenant, hit, { ...untouched, dwellMs: 1_600 }, 450);
    expect((await collect(t, beacon)).statusCode).toBe(204);
    await t.stores.journal.drain();
    const sessions = await t.stores.events.query<{ risk_level: string; threats: string[] }>(
      () => sql`select risk_level, threats from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions).toEqual([{ risk_level: 'medium', threats: ['behaviour:bounce'] }]);
  });

  it('is a bounce when the beacon comes before its page view; a beacon of a page view that never comes is refused', async () => {
    const hit = paidClick(0);
    // A page left at once: the beacon leaves on its own connection and lands first.
    const beacon = collect(t, engagementBeacon(tenant, hit, { ...untouched, dwellMs: 700 }, 400));
    expect((await collect(t, hit)).statusCode).toBe(200);
    expect((await beacon).statusCode).toBe(204);
    expect(await storedThreats()).toEqual([{ risk_level: 'low', threats: [] }]);
    const sessions = await t.stores.events.query<{ threats: string[] }>(
      () => sql`select threats from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions).toEqual([{ threats: ['behaviour:bounce'] }]);
    // Waited for PAGE_VIEW_RACE_MS, then refused: not acknowledged and dropped.
    const orphan = await collect(t, engagementBeacon(tenant, paidClick(1), { ...untouched, dwellMs: 700 }));
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject([{ field: 'hitId', code: 'NOT_VALID' }]);
  });

  it('is a bounce for a page view read back after a restart, paid by its stored click id', async () => {
    const hit = paidClick(0);
    await collect(t, hit);
    await t.app.close();
    t.app = await buildApp(t.config, t.stores, { clock });
    const beacon = engagementBeacon(tenant, hit, { ...untouched, dwellMs: 900 }, 200);
    expect((await collect(t, beacon)).statusCode).toBe(204);
    await t.stores.journal.drain();
    const sessions = await t.stores.events.query<{ threats: string[] }>(
      () => sql`select threats from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions).toEqual([{ threats: ['behaviour:bounce'] }]);
  });

  it('is not a bounce off paid traffic, nor with a touch', async () => {
    const organic = { ...paidClick(1), url: 'https://shop.example.com/landing', clickIds: {}, utm: {} };
    const touched = paidClick(2);
    await collect(t, organic);
    await collect(t, touched);
    await collect(t, engagementBeacon(tenant, organic, { ...untouched, dwellMs: 1_600 }, 450));
    await collect(t, engagementBeacon(tenant, touched, { ...untouched, touches: 1, dwellMs: 1_600 }, 450));
    await t.stores.journal.drain();
    const sessions = await t.stores.events.query<{ threats: string[] }>(
      () => sql`select threats from sessions where relationship_id = ${tenant.relationshipId}`,
    );
    expect(sessions.flatMap((session) => session.threats)).toEqual([]);
  });
});
