import { randomBytes } from 'node:crypto';
import type {
  ConversionFields,
  SensorBehaviour,
  SensorConversion,
  SensorEngagement,
  SensorHit,
} from '@veracity/contracts/collect';
import { afterEach, beforeEach } from 'vitest';
import { createApiKey } from '../accounts/api-keys.js';
import { inList, rawSql, sql } from '../storage/events/sql.js';
import { createTenant, type Tenant } from './fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * An account ready to send events: its sensor key, an S2S API key, and the proof token the served
 * script carries at the app's time (absent when the app signs none), as a visitor loading it gets.
 */
export interface IngestTenant extends Tenant {
  sensorKey: string;
  apiKey: string;
  sensorProof?: () => string | undefined;
}

export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** Headers a real Chrome sends with the sensor's cross-site fetch. */
export const CHROME_HEADERS = {
  'user-agent': CHROME,
  'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
  'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not.A/Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};
/** Telefónica, Spain: residential. */
export const HOME_IP = '81.33.20.7';

export async function createIngestTenant(t: TestApp): Promise<IngestTenant> {
  const tenant = await createTenant(t);
  const row = await t.stores.accounts.db
    .selectFrom('relationships')
    .select('sensor_key')
    .where('id', '=', tenant.relationshipId)
    .executeTakeFirstOrThrow();
  const { key } = await createApiKey(t.stores.accounts.db, tenant.relationshipId, tenant.userId, 'Server');
  // Read at each page view from the app of the moment (a restart replaces it), by its clock.
  const sensorProof = () => t.app.ingest.currentSensorProof();
  return { ...tenant, sensorKey: row.sensor_key, apiKey: key, sensorProof };
}

/** A test app (the arguments of `startTestApp`) with an account ready to send events. */
export async function startIngestApp(
  ...args: Parameters<typeof startTestApp>
): Promise<{ t: TestApp; tenant: IngestTenant }> {
  const t = await startTestApp(...args);
  return { t, tenant: await createIngestTenant(t) };
}

/** The app and account of the test that is running, from `ingestAppPerTest`. */
export interface IngestApp {
  readonly t: TestApp;
  readonly tenant: IngestTenant;
}

/**
 * `startIngestApp` before each test and the app closed after it, by the hooks this registers (call it
 * at a test file's top level); read `t` and `tenant` inside a test.
 */
export function ingestAppPerTest(...args: Parameters<typeof startTestApp>): IngestApp {
  let started: { t: TestApp; tenant: IngestTenant } | undefined;
  beforeEach(async () => {
    started = await startIngestApp(...args);
  });
  afterEach(async () => {
    await started?.t.close();
    started = undefined;
  });
  const running = () => {
    if (!started) throw new Error('ingestAppPerTest: t and tenant exist only while a test runs');
    return started;
  };
  return {
    get t() {
      return running().t;
    },
    get tenant() {
      return running().tenant;
    },
  };
}

let sequence = 0;
/**
 * A fresh id the sensor's contract accepts (16-64 url-safe characters): the prefix, a sequence number
 * and 12 random base64url characters, so its length never depends on the random value.
 */
export function eventId(prefix = 'ev'): string {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(6, '0')}${randomBytes(9).toString('base64url')}`;
}

/** The signals a real Chrome on Windows reports. */
export function chromeSignals(): SensorHit['signals'] {
  return {
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
    webgl: { vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)' },
    notificationPermission: 'default',
    notificationQueryState: 'prompt',
    visibilityAtLoad: 'visible',
    hiddenAtLoad: false,
    visibleMs: 900,
  };
}

/** A page view of a real Chrome visitor. */
export function sensorHit(tenant: IngestTenant, changes: Partial<SensorHit> = {}): SensorHit {
  const proof = tenant.sensorProof?.();
  return {
    type: 'hit',
    key: tenant.sensorKey,
    eventId: eventId('hit'),
    sessionId: eventId('ses'),
    ts: Date.now(),
    url: 'https://shop.example.com/landing?utm_source=newsletter',
    referrer: 'https://news.example.org/',
    title: 'Winter sale',
    utm: { source: 'newsletter' },
    clickIds: {},
    signals: chromeSignals(),
    ...(proof === undefined ? {} : { proof }),
    ...changes,
  };
}

/** The sensor's conversion event on the page of a page view. */
export function sensorConversion(
  tenant: IngestTenant,
  hit: Pick<SensorHit, 'eventId' | 'sessionId'>,
  conversion: ConversionFields,
  changes: Partial<SensorConversion> = {},
): SensorConversion {
  return {
    type: 'conversion',
    key: tenant.sensorKey,
    eventId: eventId('cnv'),
    sessionId: hit.sessionId,
    ts: Date.now(),
    hitId: hit.eventId,
    conversion,
    ...changes,
  };
}

/** What a visitor who reads the page for 20 seconds does: moves, scrolls and two clicks. */
export const READING_BEHAVIOUR: SensorBehaviour = {
  pointerMoves: 40,
  clicks: 2,
  keys: 0,
  scrolls: 6,
  touches: 0,
  dwellMs: 20_000,
};

/** The engagement beacon of a page view: what the visitor did, visible for `dwellMs` unless told. */
export function engagementBeacon(
  tenant: IngestTenant,
  hit: Pick<SensorHit, 'eventId' | 'sessionId'>,
  behaviour: SensorBehaviour,
  visibleMs = behaviour.dwellMs,
): SensorEngagement {
  return {
    type: 'engagement',
    key: tenant.sensorKey,
    eventId: eventId('eng'),
    sessionId: hit.sessionId,
    ts: Date.now(),
    hitId: hit.eventId,
    behaviour,
    visibleMs,
  };
}

/**
 * POSTs a sensor event as the sensor does: a JSON text (a string or a Buffer is sent as is), from a
 * residential address unless told, to the default event path unless told.
 */
export function collect(
  t: TestApp,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string>; url?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: options.url ?? '/c/e',
    remoteAddress: options.ip ?? HOME_IP,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...CHROME_HEADERS, ...options.headers },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

/**
 * POSTs an S2S call with the tenant's API key, another key, or none (`null`); a string body is sent
 * as is.
 */
export function s2s(
  t: TestApp,
  tenant: IngestTenant,
  path: string,
  body: unknown,
  key: string | null = tenant.apiKey,
) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Stored rows of one table by id, once everything acknowledged is loaded into the event store. */
export async function storedRows(
  t: TestApp,
  table: 'hits' | 'conversions',
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  await t.stores.journal.drain();
  const rows = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const found = await t.stores.events.query(
      () => sql`select * from ${rawSql(table)} where ${inList(rawSql('id'), chunk)}`,
    );
    for (const row of found) rows.set(String(row.id), row);
  }
  return rows;
}
