import type { SensorBehaviour } from '@veracity/contracts/collect';
import type { SessionForensics } from '@veracity/contracts/forensics';
import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import {
  CHROME,
  chromeSignals,
  collect,
  engagementBeacon,
  eventId,
  type IngestTenant,
  s2s,
  sensorConversion,
  sensorHit,
  startIngestApp,
} from '../../test-support/ingest-fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';
import { ipv4Prefix } from './forensics.service.js';

/**
 * Session forensics (issue 36) over both event stores: a bot's visit read back by its session id or
 * one of its hits' ids, every reason with the evidence stored when it was assessed, its hits,
 * conversion and similar visits; malformed and unknown ids as spec 01 §8 says; another account's
 * session is not found.
 */
const AWS_IP = '3.120.10.10';
const IDLE: SensorBehaviour = {
  pointerMoves: 0,
  clicks: 0,
  keys: 0,
  scrolls: 0,
  touches: 0,
  dwellMs: 60_000,
};
const EVENT_STORES = eventStoreEngines('forensics');

describe.each(EVENT_STORES)('session forensics, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;
  let token: string;

  beforeEach(async () => {
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, {}, openEvents ? { openEvents } : {}));
    token = await accountToken(t, tenant);
  });

  afterEach(async () => {
    await t.close();
  });

  const forensics = async (id: string, as = token) => {
    await t.stores.journal.drain();
    return call(t, 'GET', `/forensics/sessions/${encodeURIComponent(id)}`, { token: as });
  };

  it('reads a bot visit back by its session or a hit: every reason with its stored evidence', async () => {
    const sessionId = eventId('ses');
    const landing = sensorHit(tenant, {
      sessionId,
      url: 'https://shop.example.com/?gclid=abc&utm_source=google',
      signals: { ...chromeSignals(), webdriver: true },
    });
    const second = sensorHit(tenant, { sessionId, url: 'https://shop.example.com/pricing' });
    expect((await collect(t, landing, { ip: AWS_IP })).statusCode).toBe(200);
    expect((await collect(t, second, { ip: AWS_IP })).statusCode).toBe(200);
    expect((await collect(t, engagementBeacon(tenant, landing, IDLE), { ip: AWS_IP })).statusCode).toBe(204);
    const conversion = sensorConversion(tenant, second, { name: 'lead', value: 20, currency: 'EUR' });
    expect((await collect(t, conversion, { ip: AWS_IP })).statusCode).toBe(204);
    // Another visit from the same /24.
    const neighbour = sensorHit(tenant);
    expect((await collect(t, neighbour, { ip: '3.120.10.77' })).statusCode).toBe(200);

    const bySession = await forensics(sessionId);
    expect(bySession.statusCode, bySession.body).toBe(200);
    const visit = bySession.json() as SessionForensics;
    expect(visit.session).toMatchObject({ id: sessionId, riskLevel: 'high', hits: 2, trafficType: 'google' });
    expect(visit.hits.map((hit) => hit.id)).toEqual([landing.eventId, second.eventId]);
    const reasons = Object.fromEntries(visit.reasons.map((reason) => [reason.id, reason]));
    expect(reasons['automation:webdriver']).toMatchObject({
      decisive: true,
      weight: 100,
      foundOn: 'hit',
      eventId: landing.eventId,
      evidence: { probe: 'navigator.webdriver', value: true },
    });
    expect(reasons['network:datacenter']?.evidence).toMatchObject({ asn: 16509, class: 'cloud' });
    // The engagement beacon's reason belongs to the visit.
    expect(reasons['behaviour:no_interaction']).toMatchObject({
      foundOn: 'session',
      evidence: { dwellMs: 60_000, visibleMs: 60_000 },
    });
    expect(visit.reasons[0]?.decisive).toBe(true);
    expect(visit.conversions).toEqual([
      expect.objectContaining({ id: conversion.eventId, name: 'lead', value: 20, currency: 'EUR' }),
    ]);
    expect(visit.network).toMatchObject({ ip: AWS_IP, asn: 16509, country: 'DE' });
    expect(visit.device.deviceId).not.toBeNull();
    expect(visit.similar).toEqual([
      expect.objectContaining({ id: neighbour.sessionId, sharedBy: ['subnet'] }),
    ]);

    expect(visit.ipExclusions).toEqual([]);

    // The Google Ads exclusions whose range holds its address are listed; others are not.
    const exclusion = (relationshipId: number, cidr: string, campaignId = '') => ({
      relationship_id: relationshipId,
      provider: 'google_ads' as const,
      customer_id: '1234567890',
      campaign_id: campaignId,
      cidr,
      ip_type: 'GLOBAL_REGULAR',
      state: 'active' as const,
      added_at: new Date().toISOString(),
      threats: '{}',
      updated_at: new Date().toISOString(),
    });
    const other = await createTenant(t);
    await t.stores.accounts.db
      .insertInto('exclusion_entries')
      .values([
        exclusion(tenant.relationshipId, '3.120.10.0/24', '555'),
        exclusion(tenant.relationshipId, '3.120.11.0/24'),
        exclusion(other.relationshipId, AWS_IP),
      ])
      .execute();
    const excluded = (await forensics(sessionId)).json() as SessionForensics;
    expect(excluded.ipExclusions).toEqual([
      expect.objectContaining({
        cidr: '3.120.10.0/24',
        campaignId: '555',
        customerId: '1234567890',
        state: 'active',
      }),
    ]);

    // By a hit's id, or the conversion's: the same visit.
    for (const id of [second.eventId, conversion.eventId]) {
      const byEvent = await forensics(id);
      expect(byEvent.statusCode, byEvent.body).toBe(200);
      expect((byEvent.json() as SessionForensics).session.id).toBe(sessionId);
    }
  });

  it("shows each page view's engagement and the screen, time zone and languages the sensor saw", async () => {
    const sessionId = eventId('ses');
    const landing = sensorHit(tenant, {
      sessionId,
      signals: {
        ...chromeSignals(),
        screen: { width: 390.4, height: 844 },
        timezone: 'Europe/Madrid',
        // What the browser names is text: kept and answered as sent.
        languages: ['es-ES', '<img src=x onerror=alert(1)>', 'en'],
      },
    });
    const second = sensorHit(tenant, { sessionId, url: 'https://shop.example.com/pricing' });
    const third = sensorHit(tenant, { sessionId, url: 'https://shop.example.com/contact' });
    for (const hit of [landing, second, third]) expect((await collect(t, hit)).statusCode).toBe(200);
    const read = { pointerMoves: 120, clicks: 3, keys: 40, scrolls: 12, touches: 0, dwellMs: 12_400 };
    expect((await collect(t, engagementBeacon(tenant, landing, read, 9_100))).statusCode).toBe(204);
    // A second beacon of the same page view changes nothing: the first figures stand.
    expect((await collect(t, engagementBeacon(tenant, landing, IDLE, 1))).statusCode).toBe(204);
    // Behaviour no browser sends: the visible time is kept, the rest is not a figure.
    const odd = { ...engagementBeacon(tenant, second, IDLE, 5_000), behaviour: { pointerMoves: 'many' } };
    expect((await collect(t, odd)).statusCode).toBe(204);

    const response = await forensics(sessionId);
    expect(response.statusCode, response.body).toBe(200);
    const visit = response.json() as SessionForensics;
    expect(visit.hits.map((hit) => [hit.id, hit.engagement])).toEqual([
      [
        landing.eventId,
        {
          at: expect.any(String),
          dwellMs: 12_400,
          visibleMs: 9_100,
          pointerMoves: 120,
          clicks: 3,
          keys: 40,
          scrolls: 12,
          touches: 0,
        },
      ],
      [
        second.eventId,
        {
          at: expect.any(String),
          dwellMs: null,
          visibleMs: 5_000,
          pointerMoves: null,
          clicks: null,
          keys: null,
          scrolls: null,
          touches: null,
        },
      ],
      // The visitor is still on it: no beacon yet.
      [third.eventId, null],
    ]);
    expect(visit.network.country).toBe('ES');
    expect(visit.device).toMatchObject({
      screen: { width: 390, height: 844 },
      timeZone: 'Europe/Madrid',
      languages: ['es-ES', '<img src=x onerror=alert(1)>', 'en'],
      timeZoneInCountry: true,
    });
    // The odd beacon's figures are a reason of the visit.
    expect(visit.reasons.map((reason) => reason.id)).toContain('automation:inconsistent_environment');
  });

  it("says when the browser's time zone is not one of the IP country's", async () => {
    const hit = sensorHit(tenant, { signals: { ...chromeSignals(), timezone: 'America/Lima' } });
    expect((await collect(t, hit, { ip: AWS_IP })).statusCode).toBe(200);
    const visit = (await forensics(hit.eventId)).json() as SessionForensics;
    expect(visit.network.country).toBe('DE');
    expect(visit.device).toMatchObject({ timeZone: 'America/Lima', timeZoneInCountry: false });
    // A zone of no country says nothing either way.
    const utc = sensorHit(tenant, { signals: { ...chromeSignals(), timezone: 'Etc/UTC' } });
    expect((await collect(t, utc)).statusCode).toBe(200);
    const inUtc = (await forensics(utc.eventId)).json() as SessionForensics;
    expect(inUtc.device).toMatchObject({ timeZone: 'Etc/UTC', timeZoneInCountry: null });
  });

  it('has no engagement, screen, time zone or languages for a hit S2S sent without signals', async () => {
    const id = eventId('s2s');
    const click = await s2s(t, tenant, S2S_HITS_PATH, {
      id,
      ts: Date.now() - 60_000,
      url: 'https://shop.example.com/',
      ip: '81.33.20.7',
      userAgent: CHROME,
    });
    expect(click.statusCode, click.body).toBe(200);
    const response = await forensics(id);
    expect(response.statusCode, response.body).toBe(200);
    const visit = response.json() as SessionForensics;
    expect(visit.hits).toEqual([expect.objectContaining({ id, engagement: null })]);
    expect(visit.device).toMatchObject({
      screen: null,
      timeZone: null,
      languages: null,
      timeZoneInCountry: null,
    });
  });

  it('answers INVALID_HIT for a malformed id, 404 for an unknown one or another account’s', async () => {
    const bad = await forensics('not a hit id!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual([expect.objectContaining({ code: 'INVALID_HIT' })]);
    // Ids up to 128 characters reach the look-up; longer ones are malformed, not a router error.
    expect((await forensics('a'.repeat(128))).statusCode).toBe(404);
    const long = await forensics('a'.repeat(200));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual([expect.objectContaining({ code: 'INVALID_HIT' })]);
    const unknown = await forensics(eventId('hit'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toBe('We couldn’t find a session with this ID');

    const hit = sensorHit(tenant);
    expect((await collect(t, hit)).statusCode).toBe(200);
    const other = await accountToken(t, await createTenant(t));
    expect((await forensics(hit.sessionId, other)).statusCode).toBe(404);
    expect((await forensics(hit.sessionId)).statusCode).toBe(200);
  });
});

describe('the /24 of an address', () => {
  it('is the first three octets of an IPv4 address, nothing for IPv6', () => {
    expect(ipv4Prefix('81.33.20.7')).toBe('81.33.20.');
    expect(ipv4Prefix('2001:db8::1')).toBeNull();
    expect(ipv4Prefix('81.33.20')).toBeNull();
  });
});
