import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { sql } from '../storage/events/sql.js';
import {
  CHROME,
  chromeSignals,
  collect,
  engagementBeacon,
  eventId,
  HOME_IP,
  ingestAppPerTest,
  s2s,
  sensorConversion,
  sensorHit,
  storedRows,
} from '../test-support/ingest-fixtures.js';

/** One schema decides: what the collector accepts is stored, and what the store refuses is a 400. */

const ingest = ingestAppPerTest();

describe('values the store cannot hold', () => {
  it('answers 400 with a reason to a page view without a url and a conversion without a name', async () => {
    const hit = sensorHit(ingest.tenant, { url: '' });
    const refused = await collect(ingest.t, hit);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([expect.objectContaining({ field: 'url', code: 'REQUIRED' })]);

    const landed = sensorHit(ingest.tenant);
    expect((await collect(ingest.t, landed)).statusCode).toBe(200);
    const conversion = sensorConversion(ingest.tenant, landed, { name: '' });
    const unnamed = await collect(ingest.t, conversion);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual([expect.objectContaining({ field: 'conversion.name', code: 'REQUIRED' })]);

    expect((await storedRows(ingest.t, 'hits', [hit.eventId])).size).toBe(0);
    expect((await storedRows(ingest.t, 'conversions', [conversion.eventId])).size).toBe(0);
  });
});

describe('fields a sensor of another release sends', () => {
  it('stores a page view with a click id parameter this release does not know, as other unknown fields', async () => {
    const hit = {
      ...sensorHit(ingest.tenant),
      clickIds: { gclid: 'Cj0KCQ_test', newclid: 'abc' },
      extra: true,
    };
    const response = await collect(ingest.t, hit);
    expect(response.statusCode).toBe(200);
    expect((await storedRows(ingest.t, 'hits', [hit.eventId])).size).toBe(1);
  });
});

describe('browser signals are evidence', () => {
  /** Values no browser reports: older stealth scripts, tampered probes, wrong types. */
  const oddSignals = {
    ...chromeSignals(),
    notificationPermission: 'prompt',
    notificationQueryState: 'default',
    visibilityAtLoad: 'unloaded',
    webdriver: 'false',
    pluginsCount: -1,
    hardwareConcurrency: 1e9,
    devicePixelRatio: 'NaN',
    screen: { width: 'wide', height: 1080 },
    languages: ['es-ES', 42],
    webgl: null,
    behaviour: { clicks: 'many' },
  };

  it('stores a page view whose signals hold unexpected values, and counts them against it', async () => {
    const hit = { ...sensorHit(ingest.tenant), signals: oddSignals };
    const response = await collect(ingest.t, hit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hitId: hit.eventId });
    const stored = (await storedRows(ingest.t, 'hits', [hit.eventId])).get(hit.eventId);
    expect(stored?.threats).toContain('automation:inconsistent_environment');
  });

  it('stores an S2S hit whose signals hold an unexpected value, and judges one that holds none as before', async () => {
    const odd = eventId('s2s');
    const body = { ip: HOME_IP, userAgent: CHROME, url: 'https://shop.example.com/' };
    const response = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, {
      ...body,
      id: odd,
      signals: { ...chromeSignals(), notificationQueryState: 'default' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().threats).toContainEqual(
      expect.objectContaining({ id: 'automation:inconsistent_environment' }),
    );
    const plain = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, {
      ...body,
      id: eventId('s2s'),
      signals: chromeSignals(),
    });
    expect(plain.json().threats).not.toContainEqual(
      expect.objectContaining({ id: 'automation:inconsistent_environment' }),
    );
    expect((await storedRows(ingest.t, 'hits', [odd])).size).toBe(1);
  });

  it('takes an engagement beacon whose figures hold unexpected values, and counts them against the visit', async () => {
    const hit = sensorHit(ingest.tenant);
    expect((await collect(ingest.t, hit)).json()).toMatchObject({ riskLevel: 'low' });
    const behaviour = { pointerMoves: 0, clicks: 2, keys: 0, scrolls: 1, touches: 0, dwellMs: 4000 };
    const beacon = {
      ...engagementBeacon(ingest.tenant, hit, behaviour),
      behaviour: { ...behaviour, pointerMoves: 'lots' },
      visibleMs: -5,
    };
    expect((await collect(ingest.t, beacon)).statusCode).toBe(204);
    await ingest.t.stores.journal.drain();
    const sessions = await ingest.t.stores.events.query(
      () => sql`select threats from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions[0]?.threats).toContain('automation:inconsistent_environment');
  });

  it('stores a page view whose signals are not an object, as evidence against it (issue 38)', async () => {
    const hit = { ...sensorHit(ingest.tenant), signals: 'headless' };
    const response = await collect(ingest.t, hit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hitId: hit.eventId, riskLevel: 'medium' });
  });
});
