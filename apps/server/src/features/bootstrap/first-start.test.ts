import { SENSOR_EVENT_PATH } from '@veracity/contracts/collect';
import { FEATURE_FLAGS, isSelfServicePlan } from '@veracity/contracts/plans';
import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { runDemoSeed } from '../../demo-seed.js';
import type { VirtualClock } from '../../jobs/clock.js';
import { sql } from '../../storage/events/sql.js';
import { accountToken, call, firstStartDemoUser } from '../../test-support/fixtures.js';
import { startTestApp } from '../../test-support/test-app.js';
import { ALERT_EVALUATION_DELAY_MS } from '../alerts/alert-evaluator.js';
import { DEMO_ALERTS } from './demo-alerts.js';
import { scheduleDemoTraffic } from './demo-traffic.js';
import { DEMO_EMAIL, prepareAccounts } from './first-start.js';

describe('first start', () => {
  it('creates the demo, pro and enterprise accounts once, with the given admin credentials, and nothing on a restart', async () => {
    const fresh = await startTestApp();
    try {
      await fresh.stores.accounts.db.deleteFrom('memberships').execute();
      await fresh.stores.accounts.db.deleteFrom('users').execute();
      await fresh.stores.accounts.db.deleteFrom('relationships').execute();
      const seeded = await prepareAccounts(fresh.stores.accounts.db, {
        email: 'owner@northwind.example',
        password: 'owner-password',
      });
      expect(seeded?.admin).toEqual({
        email: 'owner@northwind.example',
        password: 'owner-password',
        generated: false,
      });
      expect(
        await prepareAccounts(fresh.stores.accounts.db, { email: undefined, password: undefined }),
      ).toBeUndefined();

      const login = await call(fresh, 'POST', '/auth/login', {
        body: { email: 'owner@northwind.example', password: 'owner-password' },
      });
      const token = (login.json() as { hash: string }).hash;
      const relationships = (await call(fresh, 'GET', '/me/relationships', { token })).json() as {
        companyName: string;
        planType: string;
      }[];
      expect(relationships.map((r) => [r.companyName, r.planType])).toEqual([
        ['Veracity', 'pro'],
        ['Veracity Demo', 'demo'],
        ['Veracity Enterprise', 'custom'],
      ]);
      // Created in that order, Enterprise last: lists by creation keep the older accounts first.
      const created = await fresh.stores.accounts.db
        .selectFrom('relationships')
        .select(['id', 'company_name'])
        .orderBy('id')
        .execute();
      expect(created.map((row) => row.company_name)).toEqual([
        'Veracity Demo',
        'Veracity',
        'Veracity Enterprise',
      ]);
      expect(seeded?.relationships.enterprise).toBe(created[2]?.id);
      const me = (await call(fresh, 'GET', '/me', { token })).json() as { isSupport: boolean };
      expect(me.isSupport).toBe(true);

      const demoLogin = await call(fresh, 'POST', '/auth/login', {
        body: { email: DEMO_EMAIL, password: seeded?.demo.password },
      });
      expect(demoLogin.statusCode).toBe(200);
      // The demo account has costs per click, so its home dashboard shows savings.
      const demo = await fresh.stores.accounts.db
        .selectFrom('relationships')
        .select('default_cpc')
        .where('company_name', '=', 'Veracity Demo')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(demo.default_cpc)).toMatchObject({ google: 0.85, facebook: 0.6 });

      // Veracity Enterprise: not self-service, every feature flag of spec 01 §3, the admin its admin,
      // so the firewall's views and calls are there (and nothing answers 418 as in the demo).
      const enterpriseId = seeded?.relationships.enterprise ?? 0;
      const chosen = (await call(fresh, 'GET', `/auth/account/${enterpriseId}`, { token })).json() as {
        token: { hash: string };
      };
      const enterpriseToken = chosen.token.hash;
      const enterpriseMe = (await call(fresh, 'GET', '/me', { token: enterpriseToken })).json() as {
        companyName: string;
        planType: string;
        accountFeatures: { name: string; value: boolean }[];
        isAdmin: boolean;
        isDemo: boolean;
        visibleViews: string[];
      };
      expect(enterpriseMe).toMatchObject({
        companyName: 'Veracity Enterprise',
        planType: 'custom',
        isAdmin: true,
        isDemo: false,
      });
      expect(isSelfServicePlan('custom')).toBe(false);
      expect(new Map(enterpriseMe.accountFeatures.map((feature) => [feature.name, feature.value]))).toEqual(
        new Map(FEATURE_FLAGS.map((flag) => [flag, true])),
      );
      expect(enterpriseMe.visibleViews).toEqual(
        expect.arrayContaining(['firewall_campaigns', 'firewall_offers', 'firewall_traffic_sources']),
      );
      const firewall = await call(fresh, 'GET', '/sensors/firewall', { token: enterpriseToken });
      expect(firewall.statusCode).toBe(200);
      const source = await call(fresh, 'POST', '/sensors/firewall/trafficsources', {
        token: enterpriseToken,
        body: { name: 'Push network' },
      });
      expect(source.statusCode).toBe(201);
    } finally {
      await fresh.close();
    }
  });

  it('generates a password when none is given', async () => {
    const fresh = await startTestApp();
    try {
      await fresh.stores.accounts.db.deleteFrom('users').execute();
      await fresh.stores.accounts.db.deleteFrom('relationships').execute();
      const seeded = await prepareAccounts(fresh.stores.accounts.db, {
        email: undefined,
        password: undefined,
      });
      expect(seeded?.admin.generated).toBe(true);
      expect(seeded?.admin.password.length).toBeGreaterThanOrEqual(16);
      expect(seeded?.admin.email).toBe('admin@veracity.example');
    } finally {
      await fresh.close();
    }
  });

  it("plays the demo account's history on a virtual clock: hits stamped with its time, alerts fired on past days", async () => {
    const fresh = await startTestApp();
    try {
      const demo = await firstStartDemoUser(fresh);
      await scheduleDemoTraffic(fresh.stores.accounts.db, [demo.relationshipId]);
      // A fixed end: the history (and so which windows fire) is the same in every run.
      const now = new Date('2026-11-20T00:00:00.000Z');
      let clock: VirtualClock | undefined;
      const received = new Map<string, string>();
      const timesSent = new Set<unknown>();
      const stored = await runDemoSeed(fresh.config, fresh.stores, fresh.app.log, {
        now,
        days: 6,
        visitsPerDay: 150,
        onClock: (seedClock) => {
          clock = seedClock;
        },
        through: (app) => ({
          inject: (request) => {
            const body = JSON.parse(request.payload ?? '{}') as { id: string; ts?: unknown };
            // The sensor's exclusion reports carry the browser's clock, informative only.
            if (request.url !== SENSOR_EVENT_PATH) timesSent.add(body.ts);
            if (request.url === S2S_HITS_PATH) received.set(body.id, clock?.now().toISOString() ?? '');
            return app.inject(request);
          },
        }),
      });

      // Each hit went in with no time of its own, and was stored at the seed clock's time then.
      expect(timesSent).toEqual(new Set([undefined]));
      const hits = await fresh.stores.events.query<{ id: string; ts: string }>(
        () => sql`select id, ts from hits where relationship_id = ${demo.relationshipId}`,
      );
      expect(hits.length).toBe(stored?.hits);
      expect(hits.length).toBeGreaterThan(1000);
      expect(new Map(hits.map((hit) => [hit.id, hit.ts]))).toEqual(received);
      const times = [...received.values()].sort();
      expect(times[0]?.slice(0, 10)).toBe(
        new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10),
      );
      expect(new Date(times.at(-1) ?? '').getTime()).toBeLessThan(now.getTime());

      // The alert job ran as the clock moved: the demo alerts fired on past days, each after its
      // window had ended and been given its evaluation delay, never after the history's end.
      const token = await accountToken(fresh, demo);
      const history = (await call(fresh, 'GET', '/alerts/history', { token })).json() as {
        alertName: string;
        windowEnd: string;
        firedAt: string;
      }[];
      expect(history.length).toBeGreaterThan(0);
      const names = new Set(DEMO_ALERTS.map((alert) => alert.name));
      expect(history.every((firing) => names.has(firing.alertName))).toBe(true);
      const days = new Set(history.map((firing) => firing.windowEnd.slice(0, 10)));
      expect(days.size).toBeGreaterThan(1);
      for (const firing of history) {
        const fired = Date.parse(firing.firedAt);
        expect(fired).toBeGreaterThanOrEqual(Date.parse(firing.windowEnd) + ALERT_EVALUATION_DELAY_MS);
        expect(fired).toBeLessThan(Date.parse(firing.windowEnd) + 3_600_000);
        expect(fired).toBeLessThanOrEqual(now.getTime());
      }
    } finally {
      await fresh.close();
    }
  }, 600_000);
});
