import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSession } from '../../storage/events/event-store.fixtures.js';
import type { SessionRow } from '../../storage/events/event-store.js';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { invalidIpsOfCampaigns, LEGITIMATE_EVERYWHERE, legitimatePrefixes } from './invalid-traffic.repo.js';

/** The exclusion engine's event-store reads give the same rows on DuckDB and ClickHouse. */
const EVENT_STORES = eventStoreEngines('invalid_traffic');
const RELATIONSHIP = 4242;
const SINCE = new Date('2026-11-01T00:00:00.000Z');
const RECENT = new Date('2026-11-18T10:00:00.000Z');
const LATER = new Date('2026-11-19T08:30:00.000Z');
const OLD = new Date('2026-10-15T10:00:00.000Z');

let sequence = 0;
function session(ip: string, fields: Partial<SessionRow> = {}): SessionRow {
  sequence += 1;
  return makeSession({
    id: `it-${sequence}`,
    relationshipId: RELATIONSHIP,
    startedAt: fields.lastSeenAt ?? RECENT,
    lastSeenAt: RECENT,
    ip,
    riskLevel: 'high',
    threats: ['datacenter'],
    googleCampaignId: '111',
    ...fields,
  });
}

describe.each(EVENT_STORES)('invalid traffic of linked campaigns, on $name', ({ opener }) => {
  let t: TestApp;

  beforeEach(async () => {
    const openEvents = opener();
    t = await startTestApp({}, {}, openEvents ? { openEvents } : {});
    await t.stores.events.insertSessions([
      session('198.51.100.7', { threats: ['datacenter', 'bot_ua'] }),
      session('198.51.100.7', { lastSeenAt: LATER, startedAt: LATER }),
      session('198.51.100.7', { googleCampaignId: '222' }),
      session('2001:db8::5', { threats: [] }),
      // Not counted: another campaign, too old, not high, another account.
      session('203.0.113.1', { googleCampaignId: '333' }),
      session('203.0.113.2', { lastSeenAt: OLD, startedAt: OLD }),
      session('203.0.113.3', { riskLevel: 'medium' }),
      session('203.0.113.4', { relationshipId: RELATIONSHIP + 1 }),
      // Legitimate traffic.
      session('192.0.2.10', { riskLevel: 'low', threats: [] }),
      session('192.0.2.11', { riskLevel: 'low', threats: [] }),
      session('2001:db8:1::9', { riskLevel: 'low', threats: [] }),
    ]);
  });
  afterEach(async () => {
    await t.close();
  });

  it('counts high-risk sessions per campaign and IP with their threats and last time', async () => {
    expect(await invalidIpsOfCampaigns(t.stores.events, RELATIONSHIP, ['111', '222'], SINCE)).toEqual([
      {
        campaignId: '111',
        ip: '198.51.100.7',
        invalidSessions: 2,
        threats: { bot_ua: 1, datacenter: 2 },
        lastInvalidAt: LATER.toISOString(),
      },
      {
        campaignId: '111',
        ip: '2001:db8::5',
        invalidSessions: 1,
        threats: {},
        lastInvalidAt: RECENT.toISOString(),
      },
      {
        campaignId: '222',
        ip: '198.51.100.7',
        invalidSessions: 1,
        threats: { datacenter: 1 },
        lastInvalidAt: RECENT.toISOString(),
      },
    ]);
    expect(await invalidIpsOfCampaigns(t.stores.events, RELATIONSHIP, [], SINCE)).toEqual([]);
  });

  it('lists the /24 of legitimate IPv4 traffic and other legitimate addresses as they are', async () => {
    expect(await legitimatePrefixes(t.stores.events, RELATIONSHIP, SINCE)).toEqual([
      '192.0.2.0/24',
      '2001:db8:1::9',
    ]);
  });

  it('answers "everywhere" past its cap, so that no range is judged on a partial list', async () => {
    expect(await legitimatePrefixes(t.stores.events, RELATIONSHIP, SINCE, 2)).toEqual([
      '192.0.2.0/24',
      '2001:db8:1::9',
    ]);
    expect(await legitimatePrefixes(t.stores.events, RELATIONSHIP, SINCE, 1)).toEqual(LEGITIMATE_EVERYWHERE);
  });
});
