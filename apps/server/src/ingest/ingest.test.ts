import type { SensorHit } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { buildSensor } from '@veracity/sensor/build.mjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { createApiKey } from '../features/account/api-keys.js';
import { rawSql, sql } from '../storage/events/sql.js';
import { accountToken, call, createTenant, type Tenant } from '../test-support/fixtures.js';
import { eventId } from '../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** Headers a real Chrome sends with the sensor's cross-site fetch. */
const CHROME_HEADERS = {
  'user-agent': CHROME,
  'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
  'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not.A/Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};
const HOME_IP = '81.33.20.7'; // Telefónica, Spain: residential
const AWS_IP = '3.120.10.10'; // Amazon, Frankfurt: hosting

let t: TestApp;
let tenant: Tenant;
let sensorKey: string;
const id = eventId;

function sensorHit(changes: Partial<SensorHit> = {}): SensorHit {
  return {
    type: 'hit',
    key: sensorKey,
    eventId: id('hit'),
    sessionId: id('ses'),
    ts: Date.now(),
    url: 'https://shop.example.com/landing?gclid=Cj0KCQ_test&utm_source=google&utm_medium=cpc&utm_campaign=winter',
    referrer: 'https://www.google.com/',
    title: 'Winter sale',
    utm: { source: 'google', medium: 'cpc', campaign: 'winter' },
    clickIds: { gclid: 'Cj0KCQ_test' },
    signals: {
      userAgent: CHROME,
      platform: 'Win32',
      webdriver: false,
      chromeObject: true,
      pluginsCount: 5,
      mimeTypesCount: 2,
      languages: ['es-ES', 'es', 'en'],
      timezone: 'Europe/Madrid',
      screen: { width: 1920, height: 1080 },
      window: { innerWidth: 1903, innerHeight: 937, outerWidth: 1920, outerHeight: 1040 },
      devicePixelRatio: 1,
      maxTouchPoints: 0,
      hardwareConcurrency: 8,
      webgl: {
        vendor: 'Google Inc. (NVIDIA)',
        renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)',
      },
      notificationPermission: 'default',
      notificationQueryState: 'prompt',
      visibilityAtLoad: 'visible',
      hiddenAtLoad: false,
      visibleMs: 900,
    },
    ...changes,
  };
}

function collect(body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/c/e',
    remoteAddress: options.ip ?? HOME_IP,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...CHROME_HEADERS, ...options.headers },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

/** The engagement beacon of a page view left open a minute, visible, without any interaction. */
function idleMinute(hit: SensorHit) {
  return {
    type: 'engagement',
    key: sensorKey,
    eventId: id('eng'),
    sessionId: hit.sessionId,
    ts: Date.now(),
    hitId: hit.eventId,
    behaviour: { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs: 60_000 },
    visibleMs: 60_000,
  };
}

/** Everything acknowledged so far, loaded into the event store. */
const loaded = () => t.app.ingest.writer.drain();

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
  t = await startTestApp();
  tenant = await createTenant(t);
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ sensor_integrated: 0 })
    .where('id', '=', tenant.relationshipId)
    .execute();
  const row = await t.stores.accounts.db
    .selectFrom('relationships')
    .select('sensor_key')
    .where('id', '=', tenant.relationshipId)
    .executeTakeFirstOrThrow();
  sensorKey = row.sensor_key;
});

afterEach(async () => {
  await t.close();
});

describe('the sensor collection endpoint', () => {
  it('stores a real visitor as legitimate, answers the verdict with CORS, and marks the sensor integrated', async () => {
    const hit = sensorHit();
    const response = await collect(hit);
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
    const human = sensorHit();
    const robot = sensorHit({ signals: { ...sensorHit().signals, webdriver: true } });
    await collect(human);
    await collect(robot);
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
    const hit = sensorHit({ signals: { ...sensorHit().signals, webdriver: true } });
    const response = await collect(hit);
    expect(response.json()).toEqual({ hitId: hit.eventId, riskLevel: 'high', exclude: true });
    expect((await storedHit(hit.eventId))?.threats).toContain('automation:webdriver');
  });

  it('stores a hit sent twice once, with the same answer', async () => {
    const hit = sensorHit();
    const first = await collect(hit);
    const second = await collect(hit);
    expect(second.json()).toEqual(first.json());
    expect(await count('hits')).toBe(1);
    expect(await count('sessions')).toBe(1);
  });

  it('takes the engagement beacon and a conversion with 204, and the visit without interaction gets the behaviour reason', async () => {
    const hit = sensorHit();
    await collect(hit);
    const engagement = await collect(idleMinute(hit));
    expect(engagement.statusCode).toBe(204);
    const conversion = await collect({
      type: 'conversion',
      key: sensorKey,
      eventId: id('cnv'),
      sessionId: hit.sessionId,
      ts: Date.now(),
      hitId: hit.eventId,
      conversion: { name: 'lead', value: 30, currency: 'EUR', id: 'order-1' },
    });
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
    const hit = sensorHit({ signals: { ...sensorHit().signals, timezone: 'America/New_York' } });
    expect((await collect(hit)).json()).toMatchObject({ riskLevel: 'low' });
    expect((await storedHit(hit.eventId))?.threats).toEqual(['consistency:timezone_country']);
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const engagement = await collect(idleMinute(hit));
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
      ...sensorHit().signals,
      timezone: 'America/New_York',
      notificationPermission: 'denied' as const,
    };
    const recent = sensorHit({ signals });
    const stored = sensorHit({ signals });
    expect((await collect(recent)).json()).toMatchObject({ riskLevel: 'medium' });
    await collect(stored);
    const convert = (hit: SensorHit) =>
      collect({
        type: 'conversion',
        key: sensorKey,
        eventId: id('cnv'),
        sessionId: hit.sessionId,
        ts: hit.ts + 1_000,
        hitId: hit.eventId,
        conversion: { name: 'lead' },
      });
    expect((await convert(recent)).statusCode).toBe(204);
    await loaded();
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
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
    const malformed = await collect('{"type":"hit",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toBe('Malformed JSON body');
    const badUtf8 = await collect(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json()).toBe('The body is not valid UTF-8');
    const wrongType = await collect({ ...sensorHit(), url: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual([expect.objectContaining({ field: 'url' })]);
    const tooLong = await collect(sensorHit({ url: `https://shop.example.com/?q=${'x'.repeat(9000)}` }));
    expect(tooLong.statusCode).toBe(400);
    const oversized = await collect(`{"pad":"${'x'.repeat(40 * 1024)}"}`);
    expect(oversized.statusCode).toBe(413);
    const unknownKey = await collect(sensorHit({ key: 'vs_unknownkey123' }));
    expect(unknownKey.statusCode).toBe(401);
    expect(unknownKey.json()).toBe('Unknown key');
    const form = await collect(sensorHit(), {
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
    const response = await collect(sensorHit());
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
    t = await startTestApp({ SENSOR_PATH: '/assets-v2/px', PUBLIC_URL: 'https://track.shop.example' });
    tenant = await createTenant(t);
    sensorKey = (
      await t.stores.accounts.db
        .selectFrom('relationships')
        .select('sensor_key')
        .where('id', '=', tenant.relationshipId)
        .executeTakeFirstOrThrow()
    ).sensor_key;
    const hit = sensorHit();
    const moved = await t.app.inject({
      method: 'POST',
      url: '/assets-v2/px/e',
      remoteAddress: HOME_IP,
      headers: { 'content-type': 'text/plain', ...CHROME_HEADERS },
      payload: JSON.stringify(hit),
    });
    expect(moved.json()).toMatchObject({ hitId: hit.eventId, riskLevel: 'low' });
    expect((await collect(sensorHit())).statusCode).toBe(404);
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
    t = await startTestApp({}, { ingest: { rateLimits: { perIpPerMinute: 3, perKeyPerMinute: 1000 } } });
    tenant = await createTenant(t);
    sensorKey = (
      await t.stores.accounts.db
        .selectFrom('relationships')
        .select('sensor_key')
        .where('id', '=', tenant.relationshipId)
        .executeTakeFirstOrThrow()
    ).sensor_key;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await collect(sensorHit())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await collect(sensorHit(), { ip: '83.44.10.20' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses with 503 rather than queue what it cannot store', async () => {
    await t.close();
    t = await startTestApp({}, { ingest: { writer: { maxPending: 0 } } });
    tenant = await createTenant(t);
    sensorKey = (
      await t.stores.accounts.db
        .selectFrom('relationships')
        .select('sensor_key')
        .where('id', '=', tenant.relationshipId)
        .executeTakeFirstOrThrow()
    ).sensor_key;
    const response = await collect(sensorHit());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(await count('hits')).toBe(0);
  });
});

describe('server-to-server', () => {
  let apiKey: string;

  beforeEach(async () => {
    apiKey = (
      await createApiKey(t.stores.accounts.db, tenant.relationshipId, tenant.userId, 'Landing server')
    ).key;
  });

  function s2s(path: string, body: unknown, key: string | null = apiKey) {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload: JSON.stringify(body),
    });
  }

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
    const human = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-1' });
    expect(human.statusCode).toBe(200);
    expect(human.json()).toMatchObject({
      id: 'click-1',
      riskLevel: 'low',
      label: 'Legitimate',
      threats: [],
      duplicate: false,
      trafficType: 'microsoft',
    });
    const script = await s2s(S2S_HITS_PATH, {
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
    const first = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    const again = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
    // A new server on the same stores: nothing in memory, the store answers.
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const afterRestart = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-2' });
    expect(afterRestart.json()).toEqual({ ...first.json(), duplicate: true });
    expect(await count('hits')).toBe(1);
  });

  it('reads the stored ids at start, and then looks up only an id that may be stored', async () => {
    const first = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-7' });
    await loaded();
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    expect(await t.app.ingest.pipeline.storedIds?.load()).toEqual({ hits: 1, conversions: 0 });
    const lookups = vi.spyOn(t.stores.events, 'query');

    const again = await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-7' });
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
    expect(lookups).toHaveBeenCalledTimes(1);

    // New ids are not looked up; once written, a repeat is answered from memory.
    lookups.mockClear();
    expect((await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-8' })).json()).toMatchObject({
      duplicate: false,
    });
    expect((await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-8' })).json()).toMatchObject({
      duplicate: true,
    });
    const conversion = await s2s(S2S_CONVERSIONS_PATH, { id: 'order-1', hitId: 'click-8', name: 'lead' });
    expect(conversion.json()).toMatchObject({ duplicate: false });
    const ofUnknownHit = await s2s(S2S_CONVERSIONS_PATH, { hitId: 'click-unknown', name: 'lead' });
    expect(ofUnknownHit.statusCode).toBe(400);
    expect(lookups).not.toHaveBeenCalled();
    expect(await count('hits')).toBe(2);
  });

  it('carries the click verdict into its conversion', async () => {
    const click = await s2s(S2S_HITS_PATH, {
      ip: AWS_IP,
      userAgent: 'python-requests/2.32',
      url: 'https://shop.example.com/?gclid=x1',
      id: 'click-3',
    });
    expect(click.json()).toMatchObject({ riskLevel: 'high' });
    const conversion = await s2s(S2S_CONVERSIONS_PATH, {
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
    await s2s(S2S_HITS_PATH, { ...visitor, id: 'click-9', vars: { var1: 'landing-a' } });
    await loaded();
    await t.app.close();
    t.app = await buildApp(t.config, t.stores);
    const conversion = await s2s(S2S_CONVERSIONS_PATH, { id: 'order-9', hitId: 'click-9', name: 'lead' });
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
    expect((await s2s(S2S_HITS_PATH, visitor, null)).statusCode).toBe(401);
    // The key is checked before the body: an empty body without a key is 401, not a schema lesson.
    expect((await s2s(S2S_HITS_PATH, {}, null)).statusCode).toBe(401);
    expect((await s2s(S2S_CONVERSIONS_PATH, {}, 'vk_not-a-key')).statusCode).toBe(401);
    expect((await s2s(S2S_HITS_PATH, visitor, 'vk_not-a-key')).statusCode).toBe(401);
    const unknownField = await s2s(S2S_HITS_PATH, { ...visitor, verdict: 'low' });
    expect(unknownField.statusCode).toBe(400);
    const badIp = await s2s(S2S_HITS_PATH, { ...visitor, ip: '999.1.1.1' });
    expect(badIp.json()).toEqual([expect.objectContaining({ field: 'ip' })]);
    const old = await s2s(S2S_HITS_PATH, { ...visitor, ts: '2020-01-01T00:00:00Z' });
    expect(old.json()).toEqual([
      { code: 'NOT_VALID', field: 'ts', value: 'must be within the last 30 days' },
    ]);
    const orphan = await s2s(S2S_CONVERSIONS_PATH, { hitId: 'nope', name: 'lead' });
    expect(orphan.json()).toEqual([{ code: 'NOT_VALID', field: 'hitId', value: 'no hit with this id' }]);
    const campaign = await s2s(S2S_HITS_PATH, { ...visitor, campaignId: 999 });
    expect(campaign.json()).toEqual([
      { code: 'NOT_VALID', field: 'campaignId', value: 'no such S2S campaign' },
    ]);
    expect(await count('hits')).toBe(0);
  });

  it('limits a customer server per key, not per address, and a wrong key per address', async () => {
    await t.close();
    t = await startTestApp({}, { ingest: { rateLimits: { perIpPerMinute: 2, perKeyPerMinute: 4 } } });
    tenant = await createTenant(t);
    apiKey = (await createApiKey(t.stores.accounts.db, tenant.relationshipId, tenant.userId, 'Server')).key;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await s2s(S2S_HITS_PATH, visitor)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const guesses: number[] = [];
    for (let i = 0; i < 3; i++) guesses.push((await s2s(S2S_HITS_PATH, visitor, `vk_guess${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 429]);
  });

  it('accepts hits dated in the past month and groups hits without a session id into visits of one device', async () => {
    const at = Date.now() - 3 * 86_400_000;
    const first = await s2s(S2S_HITS_PATH, { ...visitor, ts: at });
    const second = await s2s(S2S_HITS_PATH, { ...visitor, ts: new Date(at + 60_000).toISOString() });
    await loaded();
    expect((first.json() as { sessionId: string }).sessionId).toBe(
      (second.json() as { sessionId: string }).sessionId,
    );
    const sessions = await t.stores.events.query<{ hits: number }>(() => rawSql('select hits from sessions'));
    expect(sessions).toEqual([{ hits: 2 }]);
  });
});
