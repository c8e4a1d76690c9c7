import type { GlobalIntelligenceEntry } from '@veracity/contracts/google-ads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../jobs/clock.js';
import { makeSession } from '../../storage/events/event-store.fixtures.js';
import type { SessionRow } from '../../storage/events/event-store.js';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { accountToken, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Global intelligence on both event stores: what at least five accounts found high risk over the last
 * 30 days, counted (never named), typed for the viewing account's country.
 */
const EVENT_STORES = eventStoreEngines('global_intel');
const NOW = new Date('2026-11-20T10:00:00.000Z');
const RECENT = new Date('2026-11-18T10:00:00.000Z');
const OLD = new Date('2026-10-15T10:00:00.000Z');

let sequence = 0;
function sessions(
  ip: string,
  accounts: readonly number[],
  fields: Partial<SessionRow> & { at?: Date } = {},
): SessionRow[] {
  const { at = RECENT, ...rest } = fields;
  return accounts.map((relationshipId) => {
    sequence += 1;
    return makeSession({
      id: `gi-${sequence}`,
      relationshipId,
      startedAt: at,
      lastSeenAt: at,
      ip,
      riskLevel: 'high',
      threats: ['automation:webdriver'],
      trafficType: 'google',
      country: 'DE',
      ...rest,
    });
  });
}

const FIVE = [9001, 9002, 9003, 9004, 9005];
const SIX = [...FIVE, 9006];

describe.each(EVENT_STORES)('global intelligence, on $name', ({ opener }) => {
  let t: TestApp;
  let home: Tenant;
  let token: string;

  beforeEach(async () => {
    const openEvents = opener();
    t = await startTestApp({}, { clock: new VirtualClock(NOW) }, openEvents ? { openEvents } : {});
    home = await createTenant(t);
    token = await accountToken(t, home);
    await t.stores.events.insertSessions([
      // The viewing account's own traffic: mostly from Germany.
      ...sessions('10.1.1.1', [home.relationshipId, home.relationshipId], { riskLevel: 'low', threats: [] }),
      ...sessions('10.1.1.2', [home.relationshipId], { riskLevel: 'low', threats: [], country: 'FR' }),
      ...sessions('198.51.100.7', FIVE),
      ...sessions('198.51.100.8', FIVE, { trafficType: 'facebook' }),
      ...sessions('192.0.2.50', SIX, { country: 'US' }),
      ...sessions('2001:db8::5', FIVE, { country: 'US' }),
      ...sessions('203.0.113.9', [9001, 9002, 9003, 9004]),
      ...sessions('203.0.113.10', FIVE, { at: OLD }),
      ...sessions('203.0.113.11', SIX, { riskLevel: 'medium' }),
    ]);
    await t.stores.accounts.db
      .insertInto('exclusion_entries')
      .values({
        relationship_id: home.relationshipId,
        provider: 'google_ads',
        customer_id: '1234567890',
        campaign_id: '',
        cidr: '192.0.2.50',
        ip_type: 'GLOBAL_REGULAR',
        state: 'active',
        added_at: RECENT.toISOString(),
        threats: '{}',
        updated_at: RECENT.toISOString(),
      })
      .execute();
  });

  afterEach(async () => {
    await t.close();
  });

  it('lists addresses and /24 ranges of five or more accounts, typed for the account, counts only', async () => {
    const response = await call(t, 'GET', '/integrations/google-ads/global-intelligence', { token });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json() as GlobalIntelligenceEntry[];
    const byCidr = Object.fromEntries(entries.map((entry) => [entry.cidr, entry]));
    expect(Object.keys(byCidr).sort()).toEqual(
      ['192.0.2.50', '198.51.100.0/24', '198.51.100.7', '198.51.100.8', '2001:db8::5'].sort(),
    );
    expect(byCidr['198.51.100.7']).toMatchObject({ type: 'COUNTRY_GOOGLE', accounts: 5, excluded: false });
    expect(byCidr['198.51.100.8']).toMatchObject({ type: 'COUNTRY_GLOBAL', accounts: 5 });
    expect(byCidr['198.51.100.0/24']).toMatchObject({ type: 'COUNTRY_GOOGLE', accounts: 5 });
    expect(byCidr['192.0.2.50']).toMatchObject({ type: 'GLOBAL_REGULAR', accounts: 6, excluded: true });
    expect(byCidr['2001:db8::5']).toMatchObject({ type: 'GLOBAL_REGULAR', accounts: 5 });
    expect(Date.parse(byCidr['198.51.100.7']?.lastSeenAt ?? '')).toBe(RECENT.getTime());
    // Anonymised: nothing but the counted fields.
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['accounts', 'cidr', 'excluded', 'lastSeenAt', 'type']);
    }
    expect(response.body).not.toContain('9001');
  });

  it('is refused where the plan lacks global intelligence', async () => {
    const lite = await createTenant(t, { plan: 'lite' });
    const response = await call(t, 'GET', '/integrations/google-ads/global-intelligence', {
      token: await accountToken(t, lite),
    });
    expect(response.statusCode).toBe(403);
  });
});
