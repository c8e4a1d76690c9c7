import { describe, expect, it } from 'vitest';
import { call } from '../../test-support/fixtures.js';
import { startTestApp } from '../../test-support/test-app.js';
import { DEMO_EMAIL, prepareAccounts } from './first-start.js';

describe('first start', () => {
  it('creates the demo and pro accounts once, with the given admin credentials, and nothing on a restart', async () => {
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
      ]);
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
});
