import type { ExclusionPlatform, SensorExclusion, SensorHit } from '@veracity/contracts/collect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../storage/events/sql.js';
import { eventStoreEngines } from '../test-support/event-store-engines.js';
import {
  chromeSignals,
  collect,
  createIngestTenant,
  eventId,
  type IngestTenant,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';

/**
 * The sensor reports the exclusion events it fired (`type: 'exclusion'` on the collector): stored
 * through the journal once per hit and platform, and only for a page view the collector stored for
 * the same key's account, on each event store.
 */

const EVENT_STORES = eventStoreEngines('firings');

describe.each(EVENT_STORES)('exclusion firings through the collector, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;

  beforeEach(async () => {
    const openEvents = opener();
    // Loads far apart: an acknowledged firing stays in the journal until the test drains or restarts.
    ({ t, tenant } = await startIngestApp(
      {},
      {},
      { journal: { loadIntervalMs: 3_600_000 }, ...(openEvents ? { openEvents } : {}) },
    ));
  });

  afterEach(async () => {
    await t.close();
  });

  /** A robot's page view from a Google Ads click on campaign 2001: invalid, the page is told to exclude. */
  const robotView = (owner: IngestTenant = tenant): SensorHit =>
    sensorHit(owner, {
      url: 'https://shop.example.com/landing?gclid=Cj0KCQ_firing&campaignid=2001',
      referrer: 'https://www.google.com/',
      clickIds: { gclid: 'Cj0KCQ_firing' },
      signals: { ...chromeSignals(), webdriver: true },
    });

  const firing = (
    hit: Pick<SensorHit, 'eventId' | 'sessionId'>,
    platforms: ExclusionPlatform[],
    owner: IngestTenant = tenant,
  ): SensorExclusion => ({
    type: 'exclusion',
    key: owner.sensorKey,
    eventId: eventId('exc'),
    sessionId: hit.sessionId,
    ts: Date.now(),
    hitId: hit.eventId,
    platforms,
  });

  async function storedFirings(relationshipId = tenant.relationshipId) {
    await t.stores.journal.drain();
    return t.stores.events.query<{
      hit_id: string;
      platform: string;
      risk_level: string;
      traffic_type: string;
      google_campaign_id: string | null;
    }>(
      () => sql`select hit_id, platform, risk_level, traffic_type, google_campaign_id from exclusion_firings
        where relationship_id = ${relationshipId} order by platform`,
    );
  }

  it("stores each platform's firing of the account's own page view, with the hit's verdict", async () => {
    const view = robotView();
    expect((await collect(t, view)).json()).toMatchObject({ riskLevel: 'high', exclude: true });
    const response = await collect(t, firing(view, ['google', 'facebook']));
    expect(response.statusCode, response.body).toBe(204);
    expect(await storedFirings()).toEqual([
      {
        hit_id: view.eventId,
        platform: 'facebook',
        risk_level: 'high',
        traffic_type: 'google',
        google_campaign_id: '2001',
      },
      {
        hit_id: view.eventId,
        platform: 'google',
        risk_level: 'high',
        traffic_type: 'google',
        google_campaign_id: '2001',
      },
    ]);
  });

  it("refuses a firing of another account's page view, and of an id no page view has", async () => {
    const other = await createIngestTenant(t);
    const theirs = robotView(other);
    expect((await collect(t, theirs)).statusCode).toBe(200);

    const foreign = await collect(t, firing(theirs, ['google']));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual([
      { code: 'NOT_VALID', field: 'hitId', value: 'no page view with this id' },
    ]);
    const unknown = await collect(
      t,
      firing({ eventId: eventId('nohit'), sessionId: theirs.sessionId }, ['tiktok']),
    );
    expect(unknown.statusCode).toBe(400);
    // A platform the sensor does not fire on, and one listed twice, are refused by the contract.
    const view = robotView();
    await collect(t, view);
    const bad = { ...firing(view, ['google']), platforms: ['myspace'] };
    expect((await collect(t, bad)).statusCode).toBe(400);
    expect((await collect(t, firing(view, ['google', 'google']))).statusCode).toBe(400);

    expect(await storedFirings()).toEqual([]);
    // Their own key counts their firing.
    expect((await collect(t, firing(theirs, ['google'], other))).statusCode).toBe(204);
    expect(await storedFirings(other.relationshipId)).toHaveLength(1);
  });

  it('counts a firing sent again (same page view and platform) once', async () => {
    const view = robotView();
    await collect(t, view);
    await Promise.all([
      collect(t, firing(view, ['google', 'microsoft'])),
      collect(t, firing(view, ['google'])),
    ]);
    await collect(t, firing(view, ['microsoft', 'tiktok']));
    expect((await storedFirings()).map((row) => row.platform)).toEqual(['google', 'microsoft', 'tiktok']);
  });

  it('keeps an acknowledged firing across a restart, and still counts it once after', async () => {
    const view = robotView();
    await collect(t, view);
    expect((await collect(t, firing(view, ['google']))).statusCode).toBe(204);
    // Acknowledged = in the journal: not loaded into the event store yet.
    expect(t.stores.journal.pending).toBeGreaterThan(0);
    await t.restart();
    expect(await storedFirings()).toHaveLength(1);
    // After the restart the page view is read back from the store: its firing is still known.
    expect((await collect(t, firing(view, ['google', 'facebook']))).statusCode).toBe(204);
    expect((await storedFirings()).map((row) => row.platform)).toEqual(['facebook', 'google']);
  });
});
