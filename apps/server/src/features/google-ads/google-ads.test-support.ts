import { accountToken, addTenantUser, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedHierarchy } from './google-ads.fixtures.js';

/**
 * The dashboard API suites' server: a real server and accounts store with two accounts, Home and
 * Other, each holding a Google Ads hierarchy as the callback stores it (prefixes 11 and 22, see
 * seedHierarchy), and the tokens of Home's admin, Home's viewer and Other's admin: what the access
 * and tenant-isolation checks of every route need.
 */
export interface TwoAccounts {
  t: TestApp;
  home: Tenant;
  other: Tenant;
  admin: string;
  viewer: string;
  otherAdmin: string;
}

export async function startTwoAccounts(...args: Parameters<typeof startTestApp>): Promise<TwoAccounts> {
  const t = await startTestApp(...args);
  const home = await createTenant(t, { company: 'Home' });
  const other = await createTenant(t, { company: 'Other' });
  const db = t.stores.accounts.db;
  await seedHierarchy(db, home.relationshipId, '11');
  await seedHierarchy(db, other.relationshipId, '22');
  return {
    t,
    home,
    other,
    admin: await accountToken(t, home),
    viewer: await accountToken(t, await addTenantUser(t, home.relationshipId, 'Viewer')),
    otherAdmin: await accountToken(t, other),
  };
}
