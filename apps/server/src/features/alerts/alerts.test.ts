import type { Alert, AlertFiring } from '@veracity/contracts/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitRow } from '../../storage/events/event-store.js';
import { accountToken, addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { listOutbox } from '../email/outbox.repo.js';
import { ALERT_LEASE_MS, runDueAlerts } from './alert-evaluator.js';
import { lastCompleteWindow } from './alert-windows.js';
import { claimAlert, findAlert, insertFiring } from './alerts.repo.js';

let t: TestApp;
let home: Tenant;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t, { company: 'Alert Home' });
  token = await accountToken(t, home);
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Google bots',
  type: 'click',
  dimensions: ['trafficType'],
  values: { trafficType: ['google'] },
  threshold: 3,
  minEvents: 500,
  frequency: 'daily',
};

async function create(body: object, as = token): Promise<Alert> {
  const response = await call(t, 'POST', '/alerts', { token: as, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Alert;
}

describe('alert calls', () => {
  it('lists (204 when none), creates, updates and deletes with PATCH', async () => {
    const tenant = await createTenant(t);
    const own = await accountToken(t, tenant);
    expect((await call(t, 'GET', '/alerts', { token: own })).statusCode).toBe(204);

    const created = await create(
      { ...valid, name: '  Google bots  ', values: { trafficType: ['google', 'google'] } },
      own,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Google bots',
      type: 'click',
      dimensions: ['trafficType'],
      values: { trafficType: ['google'] },
      threshold: 3,
      minEvents: 500,
      frequency: 'daily',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastEvaluatedAt: null,
    });
    // Defaults: a click alert, evaluated daily.
    const defaults = await create({ name: 'Everything', threshold: '12.5', minEvents: '20' }, own);
    expect(defaults).toMatchObject({
      type: 'click',
      frequency: 'daily',
      dimensions: [],
      threshold: 12.5,
      minEvents: 20,
    });

    const updated = await call(t, 'PUT', `/alerts/${created.id}`, {
      token: own,
      body: { ...valid, threshold: 7.25, frequency: '8' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ threshold: 7.25, frequency: '8' });
    const list = (await call(t, 'GET', '/alerts', { token: own })).json() as Alert[];
    expect(list.map((alert) => [alert.name, alert.threshold])).toEqual([
      ['Google bots', 7.25],
      ['Everything', 12.5],
    ]);

    expect((await call(t, 'PATCH', `/alerts/${created.id}`, { token: own })).statusCode).toBe(204);
    expect((await call(t, 'PATCH', `/alerts/${created.id}`, { token: own })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/alerts/${created.id}`, { token: own, body: valid })).statusCode).toBe(404);
    const badId = await call(t, 'PUT', '/alerts/abc', { token: own, body: valid });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual([{ code: 'NOT_VALID', field: 'id' }]);
    expect(((await call(t, 'GET', '/alerts', { token: own })).json() as Alert[]).map((a) => a.name)).toEqual([
      'Everything',
    ]);
  });

  it("answers the form's rules with the spec's messages", async () => {
    const errors = async (body: object) => {
      const response = await call(t, 'POST', '/alerts', { token, body: { ...valid, ...body } });
      expect(response.statusCode, response.body).toBe(400);
      return Object.fromEntries(
        (response.json() as { field: string; message: string }[]).map((item) => [item.field, item.message]),
      );
    };
    expect(await errors({ name: '   ' })).toEqual({ name: 'Required field' });
    expect(await errors({ type: 'impression' })).toEqual({ type: 'Required field' });
    for (const threshold of [0, '0.00', 100.01, 1.234, 'ten', -3]) {
      expect(await errors({ threshold })).toEqual({ threshold: 'Use only numeric values between 0.01-100' });
    }
    expect(await errors({ threshold: null })).toEqual({ threshold: 'Required field' });
    expect(await errors({ minEvents: '12a' })).toEqual({ minEvents: 'Use only numeric values' });
    expect(await errors({ minEvents: 0 })).toEqual({ minEvents: 'Use only numeric values' });
    expect(await errors({ minEvents: 2_147_483_648 })).toEqual({
      minEvents: 'Maximum number of events exceeded',
    });
    expect(await errors({ frequency: 'weekly' })).toEqual({ frequency: 'Required field' });
    // A dimension cannot repeat, and each one needs a value.
    expect(
      (
        await call(t, 'POST', '/alerts', {
          token,
          body: { ...valid, dimensions: ['trafficType', 'trafficType'] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(t, 'POST', '/alerts', { token, body: { ...valid, values: { trafficType: [] } } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t, 'POST', '/alerts', {
          token,
          body: { ...valid, dimensions: ['day'], values: { day: ['x'] } },
        })
      ).statusCode,
    ).toBe(400);
    // Accepted at the limits.
    await create({ ...valid, threshold: 0.01, minEvents: 2_147_483_647 });
    await create({ ...valid, threshold: '100' });
  });

  it('keeps to the plan, the permission, the tenant and the demo account', async () => {
    const free = await createTenant(t, { plan: 'free_trial' });
    expect((await call(t, 'GET', '/alerts', { token: await accountToken(t, free) })).statusCode).toBe(403);
    const lite = await accountToken(t, await createTenant(t, { plan: 'lite' }));
    await create(valid, lite);
    // Google dimensions need the Google feature.
    const google = await call(t, 'POST', '/alerts', {
      token: lite,
      body: { ...valid, dimensions: ['googleCampaignId'], values: { googleCampaignId: ['555'] } },
    });
    expect(google.statusCode).toBe(403);

    const viewer = await addTenantUser(t, home.relationshipId, 'Viewer');
    const viewerToken = await accountToken(t, viewer);
    expect((await call(t, 'GET', '/alerts', { token: viewerToken })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/alerts', { token: viewerToken, body: valid })).statusCode).toBe(403);

    const other = await accountToken(t, await createTenant(t));
    const ours = await create(valid);
    expect((await call(t, 'PATCH', `/alerts/${ours.id}`, { token: other })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/alerts/${ours.id}`, { token: other, body: valid })).statusCode).toBe(404);

    const demo = await accountToken(t, await createTenant(t, { plan: 'demo' }));
    expect((await call(t, 'POST', '/alerts', { token: demo, body: valid })).statusCode).toBe(418);
    expect([200, 204]).toContain((await call(t, 'GET', '/alerts', { token: demo })).statusCode);
  });
});

describe('alert evaluation', () => {
  const NOW = new Date('2026-03-10T10:30:00Z');

  /** Clicks in the last complete daily window (Madrid) of NOW: `invalid` of `count` high risk. */
  async function traffic(tenant: Tenant, channel: string, count: number, invalid: number) {
    const window = lastCompleteWindow('daily', 'Europe/Madrid', NOW);
    if (!window) throw new Error('no window');
    const hits: HitRow[] = Array.from({ length: count }, (_, index) => ({
      relationshipId: tenant.relationshipId,
      id: `${channel}-${index}`,
      sessionId: `${channel}-s${index}`,
      ts: new Date(window.start.getTime() + 60_000 + index * 1000),
      url: 'https://shop.example/',
      trafficType: channel as HitRow['trafficType'],
      riskLevel: index < invalid ? 'high' : 'low',
      threats: index < invalid ? ['automation:webdriver'] : [],
      hitStatus: 'delivered',
    }));
    await t.stores.events.insertHits(hits);
  }

  async function tenantWithTraffic() {
    const tenant = await createTenant(t);
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ timezone: 'Europe/Madrid' })
      .where('id', '=', tenant.relationshipId)
      .execute();
    await traffic(tenant, 'google', 600, 30); // 5 % invalid
    await traffic(tenant, 'facebook', 400, 100); // 25 % invalid, under 500 events
    await traffic(tenant, 'tiktok', 1000, 20); // 2 % invalid
    return { tenant, token: await accountToken(t, tenant) };
  }

  const history = async (as: string) =>
    (await call(t, 'GET', '/alerts/history', { token: as })).json() as AlertFiring[];
  const mails = async (tenant: Tenant) =>
    (await listOutbox(t.stores.accounts.db, tenant.email)).filter((mail) => mail.kind === 'alert');

  it('fires once above the threshold, and not below it, under minEvents or deactivated', async () => {
    const { tenant, token: own } = await tenantWithTraffic();
    const above = await create({ ...valid, name: 'Google above' }, own);
    await create({ ...valid, name: 'TikTok below', values: { trafficType: ['tiktok'] } }, own);
    await create({ ...valid, name: 'Meta few', values: { trafficType: ['facebook'] } }, own);
    await create({ ...valid, name: 'Google off', frequency: 'deactivated', threshold: 1 }, own);

    const first = await runDueAlerts(t.app.alertDeps, NOW, 'worker-a');
    expect(first.fired).toBe(1);
    const fired = await history(own);
    expect(fired).toEqual([
      expect.objectContaining({
        alertId: above.id,
        alertName: 'Google above',
        events: 600,
        invalidEvents: 30,
        invalidPercent: 5,
        threshold: 3,
        windowStart: '2026-03-08T23:00:00.000Z',
        windowEnd: '2026-03-09T23:00:00.000Z',
        recipients: 1,
      }),
    ]);
    const sent = await mails(tenant);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Alert "Google above": 5% invalid clicks');
    expect(sent[0]?.text).toContain('30 invalid clicks among 600');
    expect(sent[0]?.text).toContain(
      '/intelligence/analytics?dimensions=trafficType&from=2026-03-09&to=2026-03-09&filters=',
    );
    expect(sent[0]?.html).toContain('See the traffic in Veracity');

    // The same window is not evaluated again; the next day's is.
    expect(await runDueAlerts(t.app.alertDeps, new Date(NOW.getTime() + 3_600_000), 'worker-a')).toEqual({
      evaluated: 0,
      fired: 0,
    });
    expect(await history(own)).toHaveLength(1);
    expect(await mails(tenant)).toHaveLength(1);
    expect((await findAlert(t.stores.accounts.db, tenant.relationshipId, above.id))?.lastEvaluatedAt).toBe(
      '2026-03-09T23:00:00.000Z',
    );
  });

  it('neither loses nor repeats a firing when a process stops in the middle', async () => {
    const { tenant, token: own } = await tenantWithTraffic();
    const alert = await create({ ...valid, name: 'Crash test' }, own);
    const db = t.stores.accounts.db;
    // Worker A claimed the alert, recorded the firing, and died before mailing it.
    expect(await claimAlert(db, alert.id, 'worker-a', NOW, new Date(NOW.getTime() + ALERT_LEASE_MS))).toBe(
      true,
    );
    const window = lastCompleteWindow('daily', 'Europe/Madrid', NOW);
    if (!window) throw new Error('no window');
    await insertFiring(db, {
      alertId: alert.id,
      relationshipId: tenant.relationshipId,
      windowStart: window.start,
      windowEnd: window.end,
      events: 600,
      invalidEvents: 30,
      thresholdBp: 300,
      firedAt: NOW,
    });
    // While its lease lasts, worker B leaves the alert alone.
    expect(await runDueAlerts(t.app.alertDeps, new Date(NOW.getTime() + 60_000), 'worker-b')).toEqual({
      evaluated: 0,
      fired: 0,
    });
    expect(await mails(tenant)).toHaveLength(0);
    // Once it runs out, B evaluates the window again: the firing is already there, and is mailed once.
    const later = new Date(NOW.getTime() + ALERT_LEASE_MS + 1000);
    expect(await runDueAlerts(t.app.alertDeps, later, 'worker-b')).toEqual({ evaluated: 1, fired: 0 });
    expect(await runDueAlerts(t.app.alertDeps, later, 'worker-b')).toEqual({ evaluated: 0, fired: 0 });
    expect(await history(own)).toHaveLength(1);
    expect(await mails(tenant)).toHaveLength(1);
  });

  it('mails a firing whose mail failed at the next check, once', async () => {
    const { tenant, token: own } = await tenantWithTraffic();
    await create({ ...valid, name: 'Mail fails' }, own);
    const deps = t.app.alertDeps;
    let failing = true;
    const flaky = {
      ...deps,
      mailer: {
        send: async (mail: Parameters<typeof deps.mailer.send>[0]) => {
          if (failing) throw new Error('mail server gone');
          await deps.mailer.send(mail);
        },
        deliver: deps.mailer.deliver,
      },
    };
    expect((await runDueAlerts(flaky, NOW, 'worker-a')).fired).toBe(1);
    expect(await mails(tenant)).toHaveLength(0);
    failing = false;
    expect(await runDueAlerts(flaky, NOW, 'worker-a')).toEqual({ evaluated: 1, fired: 0 });
    expect(await mails(tenant)).toHaveLength(1);
    expect((await history(own))[0]?.recipients).toBe(1);
  });
});
