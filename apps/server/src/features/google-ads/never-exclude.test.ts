import type { NeverExcludeEntry } from '@veracity/contracts/google-ads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Tenant } from '../../test-support/fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';
import { addToIpList } from '../account/ip-lists.repo.js';
import { startTwoAccounts } from './google-ads.test-support.js';

/**
 * The never-exclude list and the exclusion reads of the Google Ads pages, on a real server without a
 * Google OAuth client (as a deployment that has not set GOOGLE_ADS_CLIENT_ID yet).
 */
let t: TestApp;
let home: Tenant;
let other: Tenant;
let admin: string;
let viewer: string;
let otherAdmin: string;

const db = () => t.stores.accounts.db;
const base = '/integrations/google-ads';

beforeAll(async () => {
  ({ t, home, other, admin, viewer, otherAdmin } = await startTwoAccounts());
});

afterAll(async () => {
  await t.close();
});

describe('the never-exclude list', () => {
  it('adds addresses and ranges in canonical form, refuses what is neither', async () => {
    const add = (cidr: string, token = admin) =>
      call(t, 'POST', `${base}/never-exclude`, { token, body: { cidr, note: 'office' } });
    for (const [input, canonical] of [
      ['203.0.113.7', '203.0.113.7'],
      ['198.51.100.9/24', '198.51.100.0/24'],
      ['2001:DB8:0:0:1::1/64', '2001:db8::/64'],
      ['::ffff:192.0.2.1', '::ffff:c000:201'],
    ] as const) {
      const response = await add(input);
      expect(response.statusCode, `${input}: ${response.body}`).toBe(201);
      expect((response.json() as NeverExcludeEntry).cidr).toBe(canonical);
    }
    for (const bad of ['300.1.1.1', '1.2.3.4/33', '2001:db8::/129', 'office', '1.2.3.4/', '1.2.3.4/2/3']) {
      expect((await add(bad)).statusCode, bad).toBe(400);
    }
    expect((await add('203.0.113.7')).statusCode).toBe(409);
    expect((await add('10.0.0.1', viewer)).statusCode).toBe(403);
  });

  it("lists the account's own access addresses read-only, and deletes only this account's entries", async () => {
    await addToIpList(db(), home.relationshipId, 'login_allow', '192.0.2.44', 'HQ');
    const listed = (
      await call(t, 'GET', `${base}/never-exclude`, { token: viewer })
    ).json() as NeverExcludeEntry[];
    const access = listed.find((entry) => entry.source === 'access');
    expect(access?.cidr).toBe('192.0.2.44');
    const own = listed.find((entry) => entry.cidr === '203.0.113.7');
    if (!access || !own) throw new Error('entries missing');
    expect((await call(t, 'DELETE', `${base}/never-exclude/${access.id}`, { token: admin })).statusCode).toBe(
      404,
    );
    // Another account can neither see nor delete it.
    const theirs = (
      await call(t, 'GET', `${base}/never-exclude`, { token: otherAdmin })
    ).json() as NeverExcludeEntry[];
    expect(theirs).toEqual([]);
    expect(
      (await call(t, 'DELETE', `${base}/never-exclude/${own.id}`, { token: otherAdmin })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `${base}/never-exclude/${own.id}`, { token: admin })).statusCode).toBe(
      204,
    );
    const after = (
      await call(t, 'GET', `${base}/never-exclude`, { token: admin })
    ).json() as NeverExcludeEntry[];
    expect(after.map((entry) => entry.cidr)).not.toContain('203.0.113.7');
  });
});

describe('a server without a Google OAuth client', () => {
  it('says so in the state, and connecting answers 503', async () => {
    const state = await call(t, 'GET', base, { token: viewer });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ configured: false, connection: 'none' });
    const connect = await call(t, 'POST', `${base}/connect`, {
      token: admin,
      body: { returnPath: '/integrations/google-ads/linking' },
    });
    expect(connect.statusCode, connect.body).toBe(503);
  });
});

describe('exclusions and the exclusion log', () => {
  beforeAll(async () => {
    const entry = (
      relationshipId: number,
      customer: string,
      campaign: string,
      cidr: string,
      addedAt: string,
    ) => ({
      relationship_id: relationshipId,
      provider: 'google_ads' as const,
      customer_id: customer,
      campaign_id: campaign,
      cidr,
      ip_type: campaign === '' ? 'ACCOUNT_REGULAR' : 'DYNAMIC',
      state: 'active' as const,
      added_at: addedAt,
      expires_at: '2026-12-10T00:00:00.000Z',
      threats: JSON.stringify({ 'automation:webdriver': 3 }),
      updated_at: addedAt,
    });
    await db()
      .insertInto('exclusion_entries')
      .values([
        entry(home.relationshipId, '1100000001', '111', '203.0.113.1', '2026-11-10T00:00:00.000Z'),
        entry(home.relationshipId, '1100000001', '112', '203.0.113.2', '2026-11-10T00:00:00.000Z'),
        entry(home.relationshipId, '1100000001', '113', '203.0.113.3', '2026-11-10T00:00:00.000Z'),
        entry(home.relationshipId, '1100000001', '', '203.0.113.4', '2026-11-10T00:00:00.000Z'),
        entry(other.relationshipId, '2200000001', '221', '203.0.113.5', '2026-11-10T00:00:00.000Z'),
      ])
      .execute();
    await db()
      .insertInto('exclusion_log')
      .values({
        relationship_id: home.relationshipId,
        provider: 'google_ads',
        at: '2026-11-10T00:00:00.000Z',
        action: 'add',
        mode: 'protection',
        outcome: 'applied',
        customer_id: '1100000001',
        campaign_id: '111',
        cidr: '203.0.113.1',
        ip_type: 'DYNAMIC',
        reason: '3 invalid sessions',
        threats: JSON.stringify({ 'automation:webdriver': 3 }),
        error: null,
      })
      .execute();
  });

  it("lists each section's campaigns by type with the account-level ones, this account's only", async () => {
    const list = async (query: string, token = admin) => {
      const response = await call(t, 'GET', `${base}/exclusions?${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { cidr: string; campaignId: string | null; threats: object }[]).map(
        (entry) => entry.cidr,
      );
    };
    expect(await list('section=search-display')).toEqual(['203.0.113.4', '203.0.113.1']);
    expect(await list('section=pmax')).toEqual(['203.0.113.4', '203.0.113.2']);
    expect(await list('section=shopping')).toEqual(['203.0.113.4', '203.0.113.3']);
    expect(await list('section=account')).toEqual(['203.0.113.4']);
    expect(await list('section=search-display&from=2026-12-11&to=2026-12-20')).toEqual([]);
    expect(await list('section=search-display&from=2026-11-01&to=2026-11-09')).toEqual([]);
    expect(await list('section=search-display', otherAdmin)).toEqual(['203.0.113.5']);
    expect((await call(t, 'GET', `${base}/exclusions?section=video`, { token: admin })).statusCode).toBe(400);
  });

  it("reads the log with its reasons, this account's only", async () => {
    const mine = (await call(t, 'GET', `${base}/exclusion-log?limit=10`, { token: viewer })).json() as {
      reason: string;
      threats: Record<string, number>;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]?.threats).toEqual({ 'automation:webdriver': 3 });
    expect((await call(t, 'GET', `${base}/exclusion-log`, { token: otherAdmin })).json()).toEqual([]);
    expect((await call(t, 'GET', `${base}/exclusion-log?limit=0`, { token: admin })).statusCode).toBe(400);
  });
});
