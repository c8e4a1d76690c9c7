import type { SensorHit } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../storage/events/sql.js';
import { eventStoreEngines } from '../test-support/event-store-engines.js';
import { accountToken, call } from '../test-support/fixtures.js';
import {
  CHROME,
  collect,
  engagementBeacon,
  type IngestTenant,
  READING_BEHAVIOUR,
  s2s,
  sensorConversion,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';

/**
 * What ingestion remembers between events (verdicts of known ids, visits and their hit counts) holds
 * across a real restart: the app and both stores closed and opened again on the same DATA_DIR, on
 * each event store.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const EVENT_STORES = eventStoreEngines('restart');

/**
 * The app's clock: the system's, or held at a time a test sets, so that what the server times itself
 * (a sensor event's receive time) does not depend on how long a restart takes on this machine.
 */
const clock = {
  held: undefined as Date | undefined,
  now: () => clock.held ?? new Date(),
};

describe.each(EVENT_STORES)('ingestion state across a restart, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;

  beforeEach(async () => {
    clock.held = undefined;
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, { clock }, openEvents ? { openEvents } : {}));
  });

  afterEach(async () => {
    await t.close();
  });

  /** A page view typed in or bookmarked: no referrer. */
  const pageView = (changes: Partial<SensorHit> = {}) => sensorHit(tenant, { referrer: '', ...changes });

  /** A click of one visitor's device, forwarded by the customer's server without a session id. */
  const click = (at: number, extra: Record<string, unknown> = {}) =>
    s2s(t, tenant, S2S_HITS_PATH, {
      ip: '88.12.40.9',
      userAgent: CHROME,
      url: 'https://shop.example.com/offer?utm_source=partner',
      ts: at,
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      ...extra,
    });

  async function storedSessions() {
    await t.stores.journal.drain();
    const rows = await t.stores.events.query<{ id: string; hits: number; risk_level: string }>(
      () =>
        sql`select id, hits, risk_level from sessions where relationship_id = ${tenant.relationshipId} order by started_at`,
    );
    return rows.map((row) => ({ ...row, hits: Number(row.hits) }));
  }

  /** The visits and hits the analytics show for the last few days. */
  async function analyticsTotals(): Promise<{ sessions: number; hits: number }> {
    await t.stores.journal.drain();
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const response = await call(t, 'POST', '/analytics/tree', {
      token: await accountToken(t, tenant),
      body: {
        dimensions: ['trafficType'],
        metrics: ['sessions', 'hits'],
        from: day(Date.now() - 5 * DAY),
        to: day(Date.now() + DAY),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { totals } = response.json() as { totals: { sessions: number; hits: number } };
    return { sessions: totals.sessions, hits: totals.hits };
  }

  it('answers a page view resent after a restart with its first verdict, and its visit keeps it', async () => {
    const first = pageView();
    expect((await collect(t, first)).json()).toMatchObject({ riskLevel: 'low', exclude: false });
    await t.restart();

    // The same page view id again, now claiming automation: a replay, not a new page view.
    const replay = { ...first, signals: { ...first.signals, webdriver: true } };
    const again = await collect(t, replay);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ hitId: first.eventId, riskLevel: 'low', exclude: false });
    expect(await storedSessions()).toEqual([{ id: first.sessionId, hits: 1, risk_level: 'low' }]);
    expect(await analyticsTotals()).toEqual({ sessions: 1, hits: 1 });
  });

  it('joins the beacon and the conversion of a page view replayed after a restart with its first verdict', async () => {
    const first = pageView();
    clock.held = new Date(first.ts);
    expect((await collect(t, first)).json()).toMatchObject({ riskLevel: 'low' });
    await t.restart();
    // Received a second after the page view, however long the restart took here.
    clock.held = new Date(first.ts + 1000);
    await collect(t, { ...first, signals: { ...first.signals, webdriver: true } });

    const beacon = await collect(t, engagementBeacon(tenant, first, READING_BEHAVIOUR));
    expect(beacon.statusCode).toBe(204);
    const conversion = await collect(t, sensorConversion(tenant, first, { name: 'lead' }));
    expect(conversion.statusCode).toBe(204);
    await t.stores.journal.drain();
    // The page view's own verdict (clean) and a lead within seconds of it: suspicious, not automation.
    const conversions = await t.stores.events.query<{ risk_level: string; threats: string[] }>(
      () => sql`select risk_level, threats from conversions where relationship_id = ${tenant.relationshipId}`,
    );
    expect(conversions).toEqual([{ risk_level: 'medium', threats: ['conversion:too_fast'] }]);
    expect(await storedSessions()).toEqual([{ id: first.sessionId, hits: 1, risk_level: 'low' }]);
  });

  it('answers an S2S click and a conversion resent after a restart with their first verdicts', async () => {
    const firstClick = await click(Date.now(), { id: 'click-1', sessionId: 'visit-1' });
    const conversion = { id: 'order-1', hitId: 'click-1', name: 'lead', value: 10 };
    const firstConversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, conversion);
    await t.restart();

    const replayedClick = await click(Date.now(), {
      id: 'click-1',
      sessionId: 'visit-1',
      ip: '3.120.10.10', // Amazon, Frankfurt: a hosting network would be invalid
      userAgent: 'curl/8.5.0',
    });
    expect(replayedClick.json()).toEqual({ ...firstClick.json(), duplicate: true });
    const replayedConversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, { ...conversion, value: 99 });
    expect(replayedConversion.json()).toEqual({ ...firstConversion.json(), duplicate: true });
    expect(await storedSessions()).toEqual([{ id: 'visit-1', hits: 1, risk_level: 'low' }]);
  });

  it('keeps a sensor conversion resent after a restart as first stored', async () => {
    const view = pageView();
    await collect(t, view);
    const conversion = sensorConversion(tenant, view, { name: 'lead', value: 10 });
    expect((await collect(t, conversion)).statusCode).toBe(204);
    await t.restart();
    expect((await collect(t, { ...conversion, conversion: { name: 'sale', value: 99 } })).statusCode).toBe(
      204,
    );
    await t.stores.journal.drain();
    const conversions = await t.stores.events.query(
      () => sql`select name, value from conversions where relationship_id = ${tenant.relationshipId}`,
    );
    expect(conversions).toEqual([{ name: 'lead', value: 10 }]);
  });

  it('continues a visit with its own session id after a restart, counting every hit', async () => {
    const landing = pageView();
    await collect(t, landing);
    await collect(t, pageView({ sessionId: landing.sessionId, url: 'https://shop.example.com/cart' }));
    await t.restart();
    await collect(t, pageView({ sessionId: landing.sessionId, url: 'https://shop.example.com/checkout' }));

    expect(await storedSessions()).toEqual([{ id: landing.sessionId, hits: 3, risk_level: 'low' }]);
    expect(await analyticsTotals()).toEqual({ sessions: 1, hits: 3 });
  });

  it('continues the visit of a device seen 10 minutes before a restart, without a session id', async () => {
    const now = Date.now();
    const first = (await click(now - 10 * MINUTE)).json() as { sessionId: string };
    const second = (await click(now - 9 * MINUTE)).json() as { sessionId: string };
    expect(second.sessionId).toBe(first.sessionId);
    await t.restart();
    const third = (await click(now)).json() as { sessionId: string };

    expect(third.sessionId).toBe(first.sessionId);
    expect(await storedSessions()).toEqual([{ id: first.sessionId, hits: 3, risk_level: 'low' }]);
    expect(await analyticsTotals()).toEqual({ sessions: 1, hits: 3 });
  });

  it('continues a back-dated visit after a restart, and starts a new one after 30 idle minutes', async () => {
    const start = Date.now() - 3 * DAY;
    const first = (await click(start)).json() as { sessionId: string };
    await t.restart();
    const continued = (await click(start + 5 * MINUTE)).json() as { sessionId: string };
    expect(continued.sessionId).toBe(first.sessionId);
    await t.restart();
    const later = (await click(start + 40 * MINUTE)).json() as { sessionId: string };
    expect(later.sessionId).not.toBe(first.sessionId);

    expect(await storedSessions()).toEqual([
      { id: first.sessionId, hits: 2, risk_level: 'low' },
      { id: later.sessionId, hits: 1, risk_level: 'low' },
    ]);
    expect(await analyticsTotals()).toEqual({ sessions: 2, hits: 3 });
  });
});
