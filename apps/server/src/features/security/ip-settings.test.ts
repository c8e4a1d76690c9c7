import { setTimeout as pause } from 'node:timers/promises';
import type { IpExclusionLists } from '@veracity/contracts/ip-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../storage/events/sql.js';
import { accountToken, addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import {
  chromeSignals,
  collect,
  createIngestTenant,
  type IngestTenant,
  sensorHit,
} from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedHierarchy } from '../google-ads/google-ads.fixtures.js';

/** A residential address (Telefónica, Spain) no other suite of this file uses. */
const VISITOR_IP = '81.33.61.14';

let t: TestApp;
let tenant: IngestTenant;
let token: string;

beforeAll(async () => {
  // The collector keeps an account's lists a millisecond: each hit below reads them afresh, as every
  // hit does once INGEST_ACCOUNT_CACHE_SECONDS has passed.
  t = await startTestApp({ INGEST_ACCOUNT_CACHE_SECONDS: '0.001' });
  tenant = await createIngestTenant(t);
  token = await accountToken(t, tenant);
});
afterAll(async () => {
  await t.close();
});

/** A page view from VISITOR_IP through the public collection endpoint: its answer and its stored verdict. */
async function visit(changes: Parameters<typeof sensorHit>[1] = {}) {
  await pause(5);
  const hit = sensorHit(tenant, changes);
  const response = await collect(t, hit, { ip: VISITOR_IP });
  expect(response.statusCode, response.body).toBe(200);
  await t.stores.journal.drain();
  const [stored] = await t.stores.events.query<{ risk_level: string; threats: string[] }>(
    () => sql`select risk_level, threats from hits where id = ${hit.eventId}`,
  );
  return { answer: response.json() as { riskLevel: string; exclude: boolean }, stored };
}

const auditActions = async (relationshipId: number) =>
  (
    await t.stores.accounts.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('relationship_id', '=', relationshipId)
      .where('action', 'like', 'ip_list.%')
      .orderBy('id')
      .execute()
  ).map((row) => ({ action: row.action, detail: JSON.parse(row.detail) as Record<string, unknown> }));

describe('traffic IP lists change the verdict of the same address', () => {
  it('legitimate, then invalid once denied (network:denylisted), then legitimate again once allowed', async () => {
    const before = await visit();
    expect(before.answer).toMatchObject({ riskLevel: 'low', exclude: false });
    expect(before.stored?.risk_level).toBe('low');
    expect(before.stored?.threats ?? []).not.toContain('network:denylisted');

    const denied = await call(t, 'POST', '/me/ip-blacklist', {
      token,
      body: { entries: [{ value: '81.33.61.0/24', note: 'Scraper farm' }] },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const invalid = await visit();
    expect(invalid.answer).toMatchObject({ riskLevel: 'high', exclude: true });
    expect(invalid.stored?.risk_level).toBe('high');
    expect(invalid.stored?.threats).toContain('network:denylisted');

    // Allow-listed traffic is legitimate whatever its signals, even on the deny list and automated.
    const allowed = await call(t, 'POST', '/me/ip-whitelist', {
      token,
      body: { entries: [{ value: VISITOR_IP, note: 'Our office' }] },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const legitimate = await visit({ signals: { ...chromeSignals(), webdriver: true } });
    expect(legitimate.answer).toMatchObject({ riskLevel: 'low', exclude: false });
    expect(legitimate.stored?.risk_level).toBe('low');
    expect(legitimate.stored?.threats ?? []).toEqual([]);

    expect(await auditActions(tenant.relationshipId)).toEqual([
      {
        action: 'ip_list.traffic_deny.replaced',
        detail: { entries: 1, count: { from: 0, to: 1 }, added: '81.33.61.0/24' },
      },
      {
        action: 'ip_list.traffic_allow.replaced',
        detail: { entries: 1, count: { from: 0, to: 1 }, added: VISITOR_IP },
      },
    ]);
  });

  it('refuses a list with any bad entry, naming each one, and writes nothing', async () => {
    const other = await createTenant(t);
    const otherToken = await accountToken(t, other);
    const bad = await call(t, 'POST', '/me/ip-blacklist', {
      token: otherToken,
      body: {
        entries: [
          { value: '203.0.113.0/24' },
          { value: '203.0.113.0/33' },
          { value: '2001:db8::/129' },
          { value: '2001:db8::/64' },
          { value: 'example.com' },
          { value: '1.2.3' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (bad.json() as { field: string; value: string }[]).map(({ field, value }) => ({ field, value })),
    ).toEqual([
      { field: 'entries.1.value', value: '203.0.113.0/33' },
      { field: 'entries.2.value', value: '2001:db8::/129' },
      { field: 'entries.4.value', value: 'example.com' },
      { field: 'entries.5.value', value: '1.2.3' },
    ]);
    const list = await call(t, 'GET', '/me/ip-blacklist', { token: otherToken });
    expect(list.json()).toEqual({ entries: [] });
    expect(await auditActions(other.relationshipId)).toEqual([]);
  });

  it('needs the ip_settings view of the plan, and the IP permission to change a list', async () => {
    const lite = await createTenant(t, { plan: 'lite' });
    const liteToken = await accountToken(t, lite);
    expect((await call(t, 'GET', '/me/ip-whitelist', { token: liteToken })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/security/ip-lists', { token: liteToken })).statusCode).toBe(403);
    const viewer = await accountToken(t, await addTenantUser(t, tenant.relationshipId, 'Viewer'));
    expect((await call(t, 'GET', '/me/ip-whitelist', { token: viewer })).statusCode).toBe(200);
    const refused = await call(t, 'POST', '/me/ip-whitelist', { token: viewer, body: { entries: [] } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/security/ip-lists', () => {
  let home: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    home = await createTenant(t, { company: 'Lists home' });
    other = await createTenant(t, { company: 'Lists other' });
    const db = t.stores.accounts.db;
    await seedHierarchy(db, home.relationshipId, '33');
    const entry = (
      relationshipId: number,
      campaign: string,
      cidr: string,
      ipType: string,
      state: 'active' | 'planned' | 'removed' = 'active',
    ) => ({
      relationship_id: relationshipId,
      provider: 'google_ads' as const,
      customer_id: '3300000001',
      campaign_id: campaign,
      cidr,
      ip_type: ipType,
      state,
      added_at: `2026-11-1${cidr.length % 10}T00:00:00.000Z`,
      expires_at: ipType === 'DYNAMIC' ? '2026-12-10T00:00:00.000Z' : null,
      last_invalid_at: '2026-11-09T00:00:00.000Z',
      invalid_sessions: 4,
      threats: JSON.stringify({ 'automation:webdriver': 3, 'network:datacenter': 1 }),
      updated_at: '2026-11-10T00:00:00.000Z',
    });
    await db
      .insertInto('exclusion_entries')
      .values([
        entry(home.relationshipId, '331', '203.0.113.1', 'DYNAMIC'),
        entry(home.relationshipId, '331', '203.0.113.2', 'DYNAMIC'),
        entry(home.relationshipId, '331', '203.0.113.3', 'STATIC'),
        entry(home.relationshipId, '332', '203.0.113.4', 'DYNAMIC', 'planned'),
        entry(home.relationshipId, '332', '203.0.113.5', 'DYNAMIC', 'removed'),
        entry(home.relationshipId, '', '198.51.100.0/24', 'GLOBAL_REGULAR'),
        entry(other.relationshipId, '331', '192.0.2.9', 'DYNAMIC'),
      ])
      .execute();
  });

  it('answers each dynamic IP type with its meaning, its fill against the caps and its entries', async () => {
    const response = await call(t, 'GET', '/security/ip-lists', { token: await accountToken(t, home) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as IpExclusionLists;
    expect(answer.connection).toBe('none');
    expect(answer.caps).toEqual({ perCampaign: 500, perAccount: 500 });
    expect(answer.lists.map((list) => [list.type, list.group, list.entries])).toEqual([
      ['DYNAMIC', 'individual', 3],
      ['PARALLEL', 'individual', 0],
      ['STATIC', 'individual', 1],
      ['ACCOUNT_REGULAR', 'individual', 0],
      ['COUNTRY_GOOGLE', 'global', 0],
      ['COUNTRY_GLOBAL', 'global', 0],
      ['GLOBAL_REGULAR', 'global', 1],
    ]);
    const dynamic = answer.lists[0];
    expect(dynamic?.meaning).toMatch(/rotation window/);
    // Campaign 331 holds two DYNAMIC entries (three entries in all) against the campaign cap.
    expect(dynamic?.fullest).toEqual({
      customerId: '3300000001',
      campaignId: '331',
      campaignName: 'SEARCH 331',
      entries: 2,
      listEntries: 3,
      cap: 500,
    });
    expect(dynamic?.items.map((item) => item.cidr).sort()).toEqual([
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.4',
    ]);
    expect(dynamic?.items[0]).toMatchObject({
      invalidSessions: 4,
      threats: { 'automation:webdriver': 3, 'network:datacenter': 1 },
      expiresAt: '2026-12-10T00:00:00.000Z',
    });
    const global = answer.lists[6];
    expect(global?.fullest).toMatchObject({ campaignId: null, entries: 1, listEntries: 1, cap: 500 });
    expect(global?.items).toEqual([expect.objectContaining({ cidr: '198.51.100.0/24', expiresAt: null })]);
    expect(answer.lists[1]).toMatchObject({ entries: 0, fullest: null, items: [] });
  });

  it("shows an account nothing of another's exclusions", async () => {
    const response = await call(t, 'GET', '/security/ip-lists', { token: await accountToken(t, other) });
    const answer = response.json() as IpExclusionLists;
    expect(answer.lists.find((list) => list.type === 'DYNAMIC')?.items.map((item) => item.cidr)).toEqual([
      '192.0.2.9',
    ]);
    expect(answer.lists.filter((list) => list.type !== 'DYNAMIC').every((list) => list.entries === 0)).toBe(
      true,
    );
  });
});
