import type { SensorHit } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { buildSensor } from '@veracity/sensor/build.mjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { rawSql, sql } from '../storage/events/sql.js';
import { accountToken, call, createTenant } from '../test-support/fixtures.js';
import {
  CHROME,
  CHROME_HEADERS,
  chromeSignals,
  collect,
  engagementBeacon,
  HOME_IP,
  type IngestTenant,
  s2s,
  sensorConversion,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';

const AWS_IP = '3.120.10.10'; // Amazon, Frankfurt: hosting

let t: TestApp;
let tenant: IngestTenant;

/** A page view landing from a Google Ads click. */
const adClickView = (changes: Partial<SensorHit> = {}) =>
  sensorHit(tenant, {
    url: 'https://shop.example.com/landing?gclid=Cj0KCQ_test&utm_source=google&utm_medium=cpc&utm_campaign=winter',
    referrer: 'https://www.google.com/',
    utm: { source: 'google', medium: 'cpc', campaign: 'winter' },
    clickIds: { gclid: 'Cj0KCQ_test' },
    ...changes,
  });

/** The engagement beacon of a page view left open a minute, visible, without any interaction. */
const idleMinute = (hit: SensorHit) =>
  engagementBeacon(tenant, hit, {
    pointerMoves: 0,
    clicks: 0,
    keys: 0,
    scrolls: 0,
    touches: 0,
    dwellMs: 60_000,
  });

/** Everything acknowledged so far, loaded into the event store. */
const loaded = () => t.stores.journal.drain();

async function storedHit(hitId: string) {
  await loaded();
  const rows = await t.stores.events.query<{ risk_level: string; threats: string[]; traffic_type: string }>(
    () =>
      sql`select risk_level, threats, traffic_type, country, click_id, domain from hits where id = ${hitId}`,
  );
  return rows[0];
}

async function count(table: 'hits' | 'sessions' | 'conversions'): Promise<number> {
  await loaded();
  const rows = await t.stores.events.query<{ n: number }>(
    () =>
      sql`select count(*)::INTEGER as n from ${rawSql(table)} where relationship_id = ${tenant.relationshipId}`,
  );
  return rows[0]?.n ?? 0;
}

beforeEach(async () => {
  ({ t, tenant } = await startIngestApp());
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ sensor_integrated: 0 })
    .where('id', '=', tenant.relationshipId)
    .execute();
});

afterEach(async () => {
  await t.close();
});

describe('the sensor collection endpoint', () => {
  it('stores a real visitor as legitimate, answers the verdict with CORS, and marks the sensor integrated', async () => {
    const hit = adClickView();
    const response = await collect(t, hit);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({ hitId: hit.eventId, riskLevel: 'low', exclude: false });
    const stored = await storedHit(hit.eventId);
    expect(stored).toMatchObject({
      risk_level: 'low',
      traffic_type: 'google',
      country: 'ES',
      click_id: 'Cj0KCQ_test',
      domain: 'shop.example.com',
    });
    const relationship = await t.stores.accounts.db
      .selectFrom('relationships')
      .select('sensor_integrated')
      .where('id', '=', tenant.relationshipId)
      .executeTakeFirstOrThrow();
    expect(relationship.sensor_integrated).toBe(1);
  });

  it('lists the latest hits with their verdicts to the account, and to no other', async () => {
    const human = adClickView();
    const robot = adClickView({ signals: { ...chromeSignals(), webdriver: true } });
    await collect(t, human);
    await collect(t, robot);
    await loaded();
    const token = await accountToken(t, tenant);
    const response = await call(t, 'GET', '/sensors/recent-hits', { token });
    expect(response.statusCode).toBe(200);
    const hits = response.json() as {
      id: string;
      riskLevel: string;
      threats: { id: string; label: string }[];
    }[];
    expect(hits.map((hit) => hit.id).sort()).toEqual([human.eventId, robot.eventId].sort());
    const listed = hits.find((hit) => hit.id === robot.eventId);
    expect(listed?.riskLevel).toBe('high');
    expect(listed?.threats).toContainEqual({
      id: 'automation:webdriver',
      category: 'automation',
      label: expect.any(String),
    });
    const other = await createTenant(t);
    const foreign = await call(t, 'GET', '/sensors/recent-hits', { token: await accountToken(t, other) });
    expect(foreign.json()).toEqual([]);
  });

  it('finds automation: webdriver makes the hit invalid and asks the page to exclude the visitor', async () => {
    const hit = adClickView({ signals: { ...chromeSignals(), webdriver: true } });
    const response = await collect(t, hit);
    // Every platform's tag: the account's exclusion switches are all on by default.
    expect(response.json()).toEqual({
      hitId: hit.eventId,
      riskLevel: 'high',
      exclude: true,
      platforms: ['google', 'facebook', 'microsoft', 'tiktok'],
    });
    expect((await storedHit(hit.eventId))?.threats).toContain('automation:webdriver');
  });

  it('stores a hit sent twice once, with the same answer', async () => {
    const hit = adClickView();
    const first = await collect(t, hit);
    const second = await collect(t, hit);
    expect(second.json()).toEqual(first.json());
    expect(await count('hits')).toBe(1);
    expect(await count('sessions')).toBe(1);
  });

  it('takes the engagement beacon and a conversion with 204, and the visit without interaction gets the behaviour reason', async () => {
    const hit = adClickView();
    await collect(t, hit);
    const engagement = await collect(t, idleMinute(hit));
    expect(engagement.statusCode).toBe(204);
    const conversion = await collect(
      t,
      sensorConversion(tenant, hit, { name: 'lead', value: 30, currency: 'EUR', id: 'order-1' }),
    );
    expect(conversion.statusCode).toBe(204);
    await loaded();
    const sessions = await t.stores.events.query<{ threats: string[]; hits: number }>(
      () => sql`select threats, hits from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions[0]?.threats).toContain('behaviour:no_interaction');
    const conversions = await t.stores.events.query<{ hit_id: string; traffic_type: string; value: number }>(
      () => rawSql('select hit_id, traffic_type, value, threats from conversions'),
    );
    expect(conversions).toEqual([
      expect.objectContaining({ hit_id: hit.eventId, traffic_type: 'google', value: 30 }),
    ]);
  });

  it('takes the engagement beacon of a page view read back after a restart, joining its stored verdict', async () => {
    // A Spanish address with a New York time zone: one light reason, low.
    const hit = adClickView({ signals: { ...chromeSignals(), timezone: 'America/New_York' } });
    expect((await collect(t, hit)).json()).toMatchObject({ riskLevel: 'low' });
    expect((await storedHit(hit.eventId))?.threats).toEqual(['consistency:timezone_country']);
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const engagement = await collect(t, idleMinute(hit));
    expect(engagement.statusCode).toBe(204);
    await loaded();
    // The stored reason (20) and no interaction (25): the visit is suspicious.
    const sessions = await t.stores.events.query<{ risk_level: string; threats: string[] }>(
      () => sql`select risk_level, threats from sessions where id = ${hit.sessionId}`,
    );
    expect(sessions).toEqual([
      { risk_level: 'medium', threats: ['behaviour:no_interaction', 'consistency:timezone_country'] },
    ]);
  });

  it('judges a conversion the same whether its page view is in memory or read back after a restart', async () => {
    // Sensor signals: a New York time zone on a Spanish address (20) and headless Chrome's
    // notification answers (35), suspicious; a lead a second after the page view adds 45.
    const signals = {
      ...chromeSignals(),
      timezone: 'America/New_York',
      notificationPermission: 'denied' as const,
    };
    const recent = adClickView({ signals });
    const stored = adClickView({ signals });
    expect((await collect(t, recent)).json()).toMatchObject({ riskLevel: 'medium' });
    await collect(t, stored);
    const convert = (hit: SensorHit) =>
      collect(t, sensorConversion(tenant, hit, { name: 'lead' }, { ts: hit.ts + 1_000 }));
    expect((await convert(recent)).statusCode).toBe(204);
    await loaded();
    await t.app.close();
    // The restarted app receives the conversion a second after its page view, however long the
    // restart took on this machine.
    t.app = await buildApp(t.config, t.stores, { clock: { now: () => new Date(stored.ts + 1_000) } });
    expect((await convert(stored)).statusCode).toBe(204);
    await loaded();
    const conversions = await t.stores.events.query<{ risk_level: string; threats: string[] }>(() =>
      rawSql('select risk_level, threats from conversions'),
    );
    const verdict = {
      risk_level: 'high',
      threats: ['automation:inconsistent_environment', 'consistency:timezone_country', 'conversion:too_fast'],
    };
    expect(conversions.map((row) => ({ ...row, threats: [...row.threats].sort() }))).toEqual([
      verdict,
      verdict,
    ]);
  });

  it('refuses bad input with a reason and stores nothing', async () => {
    const malformed = await collect(t, '{"type":"hit",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toBe('Malformed JSON body');
    const badUtf8 = await collect(t, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json()).toBe('The body is not valid UTF-8');
    const wrongType = await collect(t, { ...adClickView(), url: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual([expect.objectContaining({ field: 'url' })]);
    const tooLong = await collect(t, adClickView({ url: `https://shop.example.com/?q=${'x'.repeat(9000)}` }));
    expect(tooLong.statusCode).toBe(400);
    const oversized = await collect(t, `{"pad":"${'x'.repeat(40 * 1024)}"}`);
    expect(oversized.statusCode).toBe(413);
    const unknownKey = await collect(t, adClickView({ key: 'vs_unknownkey123' }));
    expect(unknownKey.statusCode).toBe(401);
    expect(unknownKey.json()).toBe('Unknown key');
    const form = await collect(t, adClickView(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(await count('hits')).toBe(0);
  });

  it('refuses the events of an inactive account', async () => {
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ active: 0 })
      .where('id', '=', tenant.relationshipId)
      .execute();
    const response = await collect(t, adClickView());
    expect(response.statusCode).toBe(403);
  });

  it('serves the built sensor script to any site', async () => {
    await buildSensor();
    const response = await t.app.inject({ method: 'GET', url: '/c/s.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The dashboard's page policy does not apply to a script other sites load.
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('VeracityExcludeVisitor');
  });

  it('serves both sensor paths from the folder SENSOR_PATH names, and /me gives pages the script address', async () => {
    await t.close();
    ({ t, tenant } = await startIngestApp({
      SENSOR_PATH: '/assets-v2/px',
      PUBLIC_URL: 'https://track.shop.example',
    }));
    const hit = adClickView();
    const moved = await collect(t, hit, {
      url: '/assets-v2/px/e',
      headers: { 'content-type': 'text/plain' },
    });
    expect(moved.json()).toMatchObject({ hitId: hit.eventId, riskLevel: 'low' });
    expect((await collect(t, adClickView())).statusCode).toBe(404);
    const me = await call(t, 'GET', '/me', { token: await accountToken(t, tenant) });
    expect(me.json()).toMatchObject({ sensorScriptUrl: 'https://track.shop.example/assets-v2/px/s.js' });
  });

  it('answers the CORS preflight', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/c/e',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('POST');
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After beyond the per-address limit', async () => {
    await t.close();
    ({ t, tenant } = await startIngestApp(
      {},
      { ingest: { rateLimits: { perIpPerMinute: 3, perKeyPerMinute: 1000 } } },
    ));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await collect(t, adClickView())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await collect(t, adClickView(), { ip: '83.44.10.20' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses with 503 rather than queue what it cannot store', async () => {
    await t.close();
    ({ t, tenant } = await startIngestApp({}, {}, { journal: { maxPending: 0 } }));
    const response = await collect(t, adClickView());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(await count('hits')).toBe(0);
  });
});

describe('server-to-server', () => {
  const visitor = {
    ip: HOME_IP,
    userAgent: CHROME,
    url: 'https://shop.example.com/offer?msclkid=abc123&utm_source=bing&utm_medium=cpc',
    headers: {
      'accept-language': 'es-ES,es;q=0.9',
      'sec-ch-ua': CHROME_HEADERS['sec-ch-ua'],
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-user': '?1',
    },
  };

  it('answers the verdict of a real visitor, and of a script from a hosting network', async () => {
    const human = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-1' });
    expect(human.statusCode).toBe(200);
    expect(human.json()).toMatchObject({
      id: 'click-1',
      riskLevel: 'low',
      label: 'Legitimate',
      threats: [],
      duplicate: false,
      trafficType: 'microsoft',
    });
    const script = await s2s(t, tenant, S2S_HITS_PATH, {
      ip: AWS_IP,
      userAgent: 'curl/8.5.0',
      url: 'https://shop.example.com/',
    });
    expect(script.statusCode).toBe(200);
    const verdict = script.json() as {
      riskLevel: string;
      label: string;
      threats: { id: string; label: string }[];
    };
    expect(verdict.riskLevel).toBe('high');
    expect(verdict.label).toBe('Invalid');
    expect(verdict.threats.map((threat) => threat.id)).toEqual(
      expect.arrayContaining(['ua:http_library', 'network:datacenter']),
    );
    expect(verdict.threats[0]?.label).toEqual(expect.any(String));
  });

  it('answers a repeated id as a duplicate and stores it once, also after a restart', async () => {
    const first = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    const again = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
    // A new server on the same stores: nothing in memory, the store answers.
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const afterRestart = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    expect(afterRestart.json()).toEqual({ ...first.json(), duplicate: true });
    expect(await count('hits')).toBe(1);
  });

  it('reads the stored ids at start, and then looks up only an id that may be stored', async () => {
    const first = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-7' });
    await loaded();
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    expect(await t.app.ingest.pipeline.storedIds?.load()).toEqual({ hits: 1, conversions: 0 });
    const lookups = vi.spyOn(t.stores.events, 'query');

    const again = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-7' });
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
    expect(lookups).toHaveBeenCalledTimes(1);

    // New ids are not looked up; once written, a repeat is answered from memory.
    lookups.mockClear();
    expect((await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-8' })).json()).toMatchObject({
      duplicate: false,
    });
    expect((await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-8' })).json()).toMatchObject({
      duplicate: true,
    });
    const conversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, {
      id: 'order-1',
      hitId: 'click-8',
      name: 'lead',
    });
    expect(conversion.json()).toMatchObject({ duplicate: false });
    const ofUnknownHit = await s2s(t, tenant, S2S_CONVERSIONS_PATH, { hitId: 'click-unknown', name: 'lead' });
    expect(ofUnknownHit.statusCode).toBe(400);
    expect(lookups).not.toHaveBeenCalled();
    expect(await count('hits')).toBe(2);
  });

  it('carries the click verdict into its conversion', async () => {
    const click = await s2s(t, tenant, S2S_HITS_PATH, {
      ip: AWS_IP,
      userAgent: 'python-requests/2.32',
      url: 'https://shop.example.com/?gclid=x1',
      id: 'click-3',
    });
    expect(click.json()).toMatchObject({ riskLevel: 'high' });
    const conversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, {
      hitId: 'click-3',
      name: 'lead',
      value: 12.5,
      currency: 'EUR',
    });
    expect(conversion.statusCode).toBe(200);
    expect(conversion.json()).toMatchObject({ riskLevel: 'high', label: 'Invalid', duplicate: false });
    expect((conversion.json() as { threats: { id: string }[] }).threats.map((threat) => threat.id)).toContain(
      'ua:http_library',
    );
    expect(await count('conversions')).toBe(1);
  });

  it('gives a conversion of a click read back after a restart the verdict and dimensions of that click', async () => {
    await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, id: 'click-9', vars: { var1: 'landing-a' } });
    await loaded();
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const conversion = await s2s(t, tenant, S2S_CONVERSIONS_PATH, {
      id: 'order-9',
      hitId: 'click-9',
      name: 'lead',
    });
    expect(conversion.statusCode).toBe(200);
    expect(conversion.json()).toMatchObject({ duplicate: false });
    await loaded();
    const dimensions = (table: string, id: string) =>
      t.stores.events.query(
        () => sql`select traffic_type, utm_source, utm_medium, country, isp, device_type, os_name, browser,
          domain, var1 from ${rawSql(table)} where id = ${id}`,
      );
    const [click] = await dimensions('hits', 'click-9');
    expect(click).toMatchObject({ traffic_type: 'microsoft', utm_source: 'bing', var1: 'landing-a' });
    expect(click?.country).toEqual(expect.any(String));
    expect(click?.browser).toEqual(expect.any(String));
    expect(await dimensions('conversions', 'order-9')).toEqual([click]);
  });

  it('refuses a missing or unknown key, unknown fields, a conversion of an unknown hit and dates out of range', async () => {
    expect((await s2s(t, tenant, S2S_HITS_PATH, visitor, null)).statusCode).toBe(401);
    // The key is checked before the body: an empty body without a key is 401, not a schema lesson.
    expect((await s2s(t, tenant, S2S_HITS_PATH, {}, null)).statusCode).toBe(401);
    expect((await s2s(t, tenant, S2S_CONVERSIONS_PATH, {}, 'vk_not-a-key')).statusCode).toBe(401);
    expect((await s2s(t, tenant, S2S_HITS_PATH, visitor, 'vk_not-a-key')).statusCode).toBe(401);
    const unknownField = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, verdict: 'low' });
    expect(unknownField.statusCode).toBe(400);
    const badIp = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, ip: '999.1.1.1' });
    expect(badIp.json()).toEqual([expect.objectContaining({ field: 'ip' })]);
    const old = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, ts: '2020-01-01T00:00:00Z' });
    expect(old.json()).toEqual([
      { code: 'NOT_VALID', field: 'ts', value: 'must be within the last 30 days' },
    ]);
    const orphan = await s2s(t, tenant, S2S_CONVERSIONS_PATH, { hitId: 'nope', name: 'lead' });
    expect(orphan.json()).toEqual([{ code: 'NOT_VALID', field: 'hitId', value: 'no hit with this id' }]);
    const campaign = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, campaignId: 999 });
    expect(campaign.json()).toEqual([
      { code: 'NOT_VALID', field: 'campaignId', value: 'no such S2S campaign' },
    ]);
    expect(await count('hits')).toBe(0);
  });

  it('limits a customer server per key, not per address, and a wrong key per address', async () => {
    await t.close();
    ({ t, tenant } = await startIngestApp(
      {},
      { ingest: { rateLimits: { perIpPerMinute: 2, perKeyPerMinute: 4 } } },
    ));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await s2s(t, tenant, S2S_HITS_PATH, visitor)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const guesses: number[] = [];
    for (let i = 0; i < 3; i++)
      guesses.push((await s2s(t, tenant, S2S_HITS_PATH, visitor, `vk_guess${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 429]);
  });

  it('accepts hits dated in the past month and groups hits without a session id into visits of one device', async () => {
    const at = Date.now() - 3 * 86_400_000;
    const first = await s2s(t, tenant, S2S_HITS_PATH, { ...visitor, ts: at });
    const second = await s2s(t, tenant, S2S_HITS_PATH, {
      ...visitor,
      ts: new Date(at + 60_000).toISOString(),
    });
    await loaded();
    expect((first.json() as { sessionId: string }).sessionId).toBe(
      (second.json() as { sessionId: string }).sessionId,
    );
    const sessions = await t.stores.events.query<{ hits: number }>(() => rawSql('select hits from sessions'));
    expect(sessions).toEqual([{ hits: 2 }]);
  });
});
