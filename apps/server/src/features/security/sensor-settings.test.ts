import type { ExclusionPlatform, SensorHit } from '@veracity/contracts/collect';
import {
  DEFAULT_SENSOR_SETTINGS,
  type SensorSettings,
  type SensorSettingsAnswer,
} from '@veracity/contracts/sensor-settings';
import { describe, expect, it } from 'vitest';
import { sql } from '../../storage/events/sql.js';
import { accountToken, addTenantUser, call, createTenant } from '../../test-support/fixtures.js';
import {
  chromeSignals,
  collect,
  eventId,
  ingestAppPerTest,
  sensorConversion,
  sensorHit,
  storedRows,
} from '../../test-support/ingest-fixtures.js';

/**
 * /api/security/sensor-settings (issue 40): each setting changed through the API changes what the
 * public collector answers and stores, and the snippet the dashboard hands out.
 */

// The collector reads the account's settings at each event: a change shows on the next one.
const ctx = ingestAppPerTest({}, { ingest: { accounts: { ttlMs: 0 } } });

async function token() {
  return accountToken(ctx.t, ctx.tenant);
}

async function put(settings: SensorSettings, as?: string) {
  return call(ctx.t, 'PUT', '/security/sensor-settings', { token: as ?? (await token()), body: settings });
}

async function get(): Promise<SensorSettingsAnswer> {
  const response = await call(ctx.t, 'GET', '/security/sensor-settings', { token: await token() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A robot's page view from a Google Ads click: invalid, so the page is told to exclude. */
const robotView = (): SensorHit =>
  sensorHit(ctx.tenant, {
    url: 'https://shop.example.com/landing?gclid=Cj0KCQ_settings',
    referrer: 'https://www.google.com/',
    clickIds: { gclid: 'Cj0KCQ_settings' },
    signals: { ...chromeSignals(), webdriver: true },
  });

const firing = (view: SensorHit, platforms: ExclusionPlatform[]) => ({
  type: 'exclusion',
  key: ctx.tenant.sensorKey,
  eventId: eventId('exc'),
  sessionId: view.sessionId,
  ts: Date.now(),
  hitId: view.eventId,
  platforms,
});

async function auditEntries() {
  return ctx.t.stores.accounts.db
    .selectFrom('audit_log')
    .select(['action', 'detail', 'actor_user_id'])
    .where('relationship_id', '=', ctx.tenant.relationshipId)
    .where('action', '=', 'sensor_settings.updated')
    .execute();
}

describe('the JavaScript sensor settings', () => {
  it('starts with the defaults and the plain snippet', async () => {
    const answer = await get();
    expect(answer.settings).toEqual(DEFAULT_SENSOR_SETTINGS);
    expect(answer.snippet).toMatch(
      new RegExp(
        `^<script async src="https?://[^"]+/c/s\\.js" data-key="${ctx.tenant.sensorKey}"></script>$`,
      ),
    );
    expect(answer.collectorUrl).toMatch(/^https?:\/\/[^/]+\/c$/);
  });

  it('stops asking the sensor to fire the Meta exclusion event once Meta is switched off (Google still fires)', async () => {
    const before = await collect(ctx.t, robotView());
    expect(before.json()).toMatchObject({
      riskLevel: 'high',
      exclude: true,
      platforms: ['google', 'facebook', 'microsoft', 'tiktok'],
    });

    const changed = await put({
      ...DEFAULT_SENSOR_SETTINGS,
      exclusionEvents: { ...DEFAULT_SENSOR_SETTINGS.exclusionEvents, facebook: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().settings.exclusionEvents.facebook).toBe(false);

    const view = robotView();
    const after = await collect(ctx.t, view);
    expect(after.json()).toMatchObject({ riskLevel: 'high', exclude: true });
    expect(after.json().platforms).toEqual(['google', 'microsoft', 'tiktok']);
    // An old copy of the script reporting a Meta firing: only Google's is counted.
    expect((await collect(ctx.t, firing(view, ['facebook', 'google']))).statusCode).toBe(204);
    await ctx.t.stores.journal.drain();
    const firings = await ctx.t.stores.events.query<{ platform: string }>(
      () => sql`select platform from exclusion_firings where hit_id = ${view.eventId} order by platform`,
    );
    expect(firings.map((row) => row.platform)).toEqual(['google']);

    // Every platform off: the verdict stands, nothing is fired.
    await put({
      ...DEFAULT_SENSOR_SETTINGS,
      exclusionEvents: { google: false, facebook: false, microsoft: false, tiktok: false },
    });
    const none = (await collect(ctx.t, robotView())).json();
    expect(none).toMatchObject({ riskLevel: 'high', exclude: false });
    expect(none.platforms).toBeUndefined();

    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toEqual({
      'exclusionEvents.facebook': { from: true, to: false },
    });
    expect(entries[0]?.actor_user_id).toBe(ctx.tenant.userId);
  });

  it('derives the visit on the server, not from the sensor id, in cookie-less mode; the snippet carries SPA and cookie-less', async () => {
    const first = sensorHit(ctx.tenant, { sessionId: eventId('sess-a') });
    expect((await collect(ctx.t, first)).statusCode).toBe(200);
    const before = await storedRows(ctx.t, 'hits', [first.eventId]);
    expect(before.get(first.eventId)?.session_id).toBe(first.sessionId);

    const changed = await put({ ...DEFAULT_SENSOR_SETTINGS, spaTracking: true, cookieless: true });
    expect(changed.statusCode, changed.body).toBe(200);
    const { snippet } = await get();
    expect(snippet).toContain(
      `data-key="${ctx.tenant.sensorKey}" data-spa="1" data-cookieless="1"></script>`,
    );

    // Two page views of one device whose (per-page) sensor ids differ: one visit the server derived.
    const a = sensorHit(ctx.tenant, { sessionId: eventId('page-1') });
    const b = sensorHit(ctx.tenant, { sessionId: eventId('page-2') });
    expect((await collect(ctx.t, a)).statusCode).toBe(200);
    expect((await collect(ctx.t, b)).statusCode).toBe(200);
    const conversion = sensorConversion(ctx.tenant, b, { name: 'lead' });
    expect((await collect(ctx.t, conversion)).statusCode).toBe(204);
    const rows = await storedRows(ctx.t, 'hits', [a.eventId, b.eventId]);
    const sessionA = String(rows.get(a.eventId)?.session_id);
    expect(sessionA).toMatch(/^d-/);
    expect(rows.get(b.eventId)?.session_id).toBe(sessionA);
    const conversions = await storedRows(ctx.t, 'conversions', [conversion.eventId]);
    expect(conversions.get(conversion.eventId)?.session_id).toBe(sessionA);
    // The served script reads the snippet's attributes.
    const script = await ctx.t.app.inject({ method: 'GET', url: '/c/s.js' });
    expect(script.body).toContain('data-spa');
    expect(script.body).toContain('data-cookieless');
  });

  it('puts the first-party path in the snippet, and refuses an unsafe path with a 400 that writes nothing', async () => {
    const ok = await put({ ...DEFAULT_SENSOR_SETTINGS, firstPartyPath: '/vx' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().snippet).toBe(
      `<script async src="/vx/s.js" data-key="${ctx.tenant.sensorKey}"></script>`,
    );

    for (const firstPartyPath of [
      'vx',
      '/vx/',
      '/../c',
      '/VX',
      'https://evil.example/c',
      '/a b',
      '//x',
      `/${'a'.repeat(70)}`,
    ]) {
      const bad = await put({ ...DEFAULT_SENSOR_SETTINGS, firstPartyPath });
      expect(bad.statusCode, firstPartyPath).toBe(400);
    }
    const incomplete = await call(ctx.t, 'PUT', '/security/sensor-settings', {
      token: await token(),
      body: { spaTracking: true },
    });
    expect(incomplete.statusCode).toBe(400);
    expect((await get()).settings.firstPartyPath).toBe('/vx');
    expect(await auditEntries()).toHaveLength(1);
  });

  it('lets a member without account_manage_settings read the settings but not change them', async () => {
    const viewer = await addTenantUser(ctx.t, ctx.tenant.relationshipId, 'Viewer');
    const viewerToken = await accountToken(ctx.t, viewer);
    const read = await call(ctx.t, 'GET', '/security/sensor-settings', { token: viewerToken });
    expect(read.statusCode).toBe(200);
    const write = await put({ ...DEFAULT_SENSOR_SETTINGS, cookieless: true }, viewerToken);
    expect(write.statusCode).toBe(403);
    expect((await get()).settings.cookieless).toBe(false);
    expect(await auditEntries()).toEqual([]);
    // A plan without the js_settings view (lite) has neither.
    const lite = await createTenant(ctx.t, { plan: 'lite' });
    const liteToken = await accountToken(ctx.t, lite);
    expect((await call(ctx.t, 'GET', '/security/sensor-settings', { token: liteToken })).statusCode).toBe(
      403,
    );
    expect((await put(DEFAULT_SENSOR_SETTINGS, liteToken)).statusCode).toBe(403);
  });
});
