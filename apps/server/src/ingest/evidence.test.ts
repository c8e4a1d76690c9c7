import type { SensorBehaviour, SensorHit } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEvidence } from '../storage/events/event-evidence.js';
import { rawSql, sql } from '../storage/events/sql.js';
import { eventStoreEngines } from '../test-support/event-store-engines.js';
import { accountToken, call } from '../test-support/fixtures.js';
import {
  CHROME,
  chromeSignals,
  collect,
  engagementBeacon,
  eventId,
  type IngestTenant,
  s2s,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';

/** Ingestion stores the evidence of each reason with the verdict, on each event store (issue 32 §6). */

const AWS_IP = '3.120.10.10'; // Amazon, Frankfurt: a hosting network.

const EVENT_STORES = eventStoreEngines('evidence');

const IDLE: SensorBehaviour = {
  pointerMoves: 0,
  clicks: 0,
  keys: 0,
  scrolls: 0,
  touches: 0,
  dwellMs: 60_000,
};

describe.each(EVENT_STORES)('the evidence of a verdict, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;

  beforeEach(async () => {
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, {}, openEvents ? { openEvents } : {}));
  });

  afterEach(async () => {
    await t.close();
  });

  /** The stored evidence of the rows of a table with the given id, once everything is loaded. */
  async function storedEvidence(table: 'hits' | 'sessions' | 'conversions', id: string) {
    await t.stores.journal.drain();
    const rows = await t.stores.events.query<{ evidence: string | null }>(
      () => sql`select evidence from ${rawSql(table)} where id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    return parseEvidence(rows[0]?.evidence);
  }

  it('stores what triggered each reason of a hit, and of what its visit added, and lists it with the latest hits', async () => {
    const hit: SensorHit = sensorHit(tenant, {
      signals: { ...chromeSignals(), webdriver: true, languages: [] },
    });
    expect((await collect(t, hit, { ip: AWS_IP })).statusCode).toBe(200);
    const expected = {
      'automation:webdriver': { probe: 'navigator.webdriver', value: true },
      'automation:headless': { marker: 'no_languages' },
      'network:datacenter': { asn: 16509, organisation: expect.stringMatching(/amazon/i), class: 'cloud' },
      // The visitor's Madrid time zone against the German address.
      'consistency:timezone_country': { timezone: 'Europe/Madrid', country: 'DE' },
    };
    expect(await storedEvidence('hits', hit.eventId)).toEqual(expected);
    // The hit's evidence stays on the hit: its session has none of its own yet.
    expect(await storedEvidence('sessions', hit.sessionId)).toBeNull();

    // The engagement beacon's reason joins the session with its evidence and the evidence of the hit it
    // joined; the hit stays as stored.
    expect((await collect(t, engagementBeacon(tenant, hit, IDLE), { ip: AWS_IP })).statusCode).toBe(204);
    expect(await storedEvidence('sessions', hit.sessionId)).toEqual({
      ...expected,
      'behaviour:no_interaction': { dwellMs: 60_000, visibleMs: 60_000 },
    });
    expect(await storedEvidence('hits', hit.eventId)).toEqual(expected);

    const owner = await accountToken(t, tenant);
    const recent = await call(t, 'GET', '/sensors/recent-hits', { token: owner });
    expect(recent.json()).toEqual([expect.objectContaining({ id: hit.eventId, evidence: expected })]);
  });

  it('stores no evidence for a clean hit; S2S hits and conversions carry theirs', async () => {
    const hit = sensorHit(tenant);
    await collect(t, hit);
    expect(await storedEvidence('hits', hit.eventId)).toBeNull();
    const aloneId = eventId('cnv');
    const alone = await s2s(t, tenant, S2S_CONVERSIONS_PATH, {
      id: aloneId,
      name: 'signup',
      ip: AWS_IP,
      userAgent: 'python-requests/2.31.0',
    });
    expect(alone.statusCode).toBe(200);
    expect(await storedEvidence('conversions', aloneId)).toMatchObject({
      'ua:http_library': { userAgent: 'python-requests/2.31.0' },
      'network:datacenter': { asn: 16509, class: 'cloud' },
    });
    // A click forwarded by the customer's server, and its conversion a second later: the click's
    // evidence and the conversion's own.
    const clickId = eventId('clk');
    const at = Date.now() - 60_000;
    const click = await s2s(t, tenant, S2S_HITS_PATH, {
      id: clickId,
      ts: at,
      url: 'https://shop.example.com/',
      ip: AWS_IP,
      userAgent: CHROME,
    });
    expect(click.statusCode).toBe(200);
    const datacenter = { asn: 16509, organisation: expect.stringMatching(/amazon/i), class: 'cloud' };
    expect(await storedEvidence('hits', clickId)).toEqual({ 'network:datacenter': datacenter });
    const conversionId = eventId('cnv');
    const conversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, {
      id: conversionId,
      ts: at + 1_000,
      hitId: clickId,
      name: 'lead',
    });
    expect(conversion.statusCode).toBe(200);
    expect(await storedEvidence('conversions', conversionId)).toEqual({
      'network:datacenter': datacenter,
      'conversion:too_fast': { sinceClickMs: 1_000, minimumMs: 3_000 },
    });
  });
});
