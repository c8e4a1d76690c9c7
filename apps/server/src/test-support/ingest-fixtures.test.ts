import { zSensorEvent, zSensorId } from '@veracity/contracts/collect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  engagementBeacon,
  eventId,
  type IngestTenant,
  READING_BEHAVIOUR,
  sensorConversion,
  sensorHit,
} from './ingest-fixtures.js';

describe('eventId', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds an id the sensor contract accepts whatever Math.random returns', () => {
    // 0.5 in base 36 is "0.i": a builder that slices Math.random's digits gets one character.
    for (const random of [0.5, 0, 0.25, 0.123456789]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      for (const prefix of ['', 'c', 'pv', 'hit', 'ses', 'eng']) {
        const id = eventId(prefix);
        expect(zSensorId.safeParse(id).success, `${id} (prefix "${prefix}", random ${random})`).toBe(true);
      }
    }
  });

  it('never repeats an id', () => {
    const ids = Array.from({ length: 1000 }, () => eventId('ev'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('sensor event builders', () => {
  const tenant: IngestTenant = {
    relationshipId: 1,
    userId: 1,
    email: 'ana@acme-corp.com',
    sensorKey: 'vs_fixturekey123',
    apiKey: 'vk_fixture',
  };

  it('builds a page view, its conversion and its engagement beacon the sensor contract accepts', () => {
    const hit = sensorHit(tenant);
    const conversion = sensorConversion(tenant, hit, { name: 'lead', value: 10 });
    const beacon = engagementBeacon(tenant, hit, READING_BEHAVIOUR);
    for (const event of [hit, conversion, beacon]) {
      const parsed = zSensorEvent.safeParse(event);
      expect(parsed.error?.issues, JSON.stringify(event)).toBeUndefined();
    }
    expect(conversion).toMatchObject({ key: tenant.sensorKey, sessionId: hit.sessionId, hitId: hit.eventId });
    expect(beacon).toMatchObject({ sessionId: hit.sessionId, hitId: hit.eventId, visibleMs: 20_000 });
    expect(new Set([hit.eventId, conversion.eventId, beacon.eventId]).size).toBe(3);
  });
});
