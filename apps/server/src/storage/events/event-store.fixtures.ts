import type { AnalyticsQuery } from './dialect.js';
import type { ConversionRow, EventStore, HitRow, SessionRow } from './event-store.js';
import { sql } from './sql.js';

/** Well-known tenants and event builders for the conformance suite. */

export const RELATIONSHIP = 101;
export const OTHER_RELATIONSHIP = 202;

export function makeHit(overrides: Partial<HitRow> & Pick<HitRow, 'id'>): HitRow {
  return {
    relationshipId: RELATIONSHIP,
    sessionId: 'session-1',
    ts: new Date('2024-03-10T12:00:00.000Z'),
    url: 'https://shop.example/landing',
    trafficType: 'google',
    riskLevel: 'low',
    threats: [],
    hitStatus: 'delivered',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<SessionRow> & Pick<SessionRow, 'id'>): SessionRow {
  return {
    relationshipId: RELATIONSHIP,
    startedAt: new Date('2024-03-10T10:00:00.000Z'),
    lastSeenAt: new Date('2024-03-10T10:05:00.000Z'),
    landingUrl: 'https://shop.example/landing',
    trafficType: 'google',
    riskLevel: 'low',
    threats: [],
    hits: 1,
    ...overrides,
  };
}

export function makeConversion(overrides: Partial<ConversionRow> & Pick<ConversionRow, 'id'>): ConversionRow {
  return {
    relationshipId: RELATIONSHIP,
    sessionId: 'session-1',
    hitId: 'hit-1',
    ts: new Date('2024-03-10T12:30:00.000Z'),
    name: 'purchase',
    value: 75,
    currency: 'EUR',
    trafficType: 'google',
    riskLevel: 'low',
    threats: [],
    status: 'reported',
    ...overrides,
  };
}

export async function countRows(
  store: EventStore,
  table: 'hits' | 'sessions' | 'conversions',
  relationshipId = RELATIONSHIP,
): Promise<number> {
  const query: AnalyticsQuery = (d) =>
    sql`select count(*) as n from ${d.ident(table)} where relationship_id = ${relationshipId}`;
  const [row] = await store.query<{ n: number }>(query);
  return row?.n ?? -1;
}

/**
 * Hits around midnight in New York across the 2024 DST change (10 March, 02:00 local):
 * local days 9 March (2 hits), 10 March (2 hits), 11 March (1 hit). In UTC they fall on 10 and 11 March.
 */
export const MIDNIGHT_HITS: readonly HitRow[] = [
  makeHit({
    id: 'ny-1',
    ts: new Date('2024-03-10T03:30:00.000Z'), // 9 March 22:30 EST
    riskLevel: 'high',
    threats: ['automation:webdriver', 'network:datacenter'],
    hitStatus: 'blocked',
  }),
  makeHit({ id: 'ny-2', ts: new Date('2024-03-10T04:59:59.999Z') }), // 9 March 23:59:59.999 EST
  makeHit({
    id: 'ny-3',
    ts: new Date('2024-03-10T05:00:00.000Z'), // 10 March 00:00 EST
    riskLevel: 'medium',
    threats: ['network:datacenter'],
  }),
  makeHit({
    id: 'ny-4',
    ts: new Date('2024-03-11T03:59:00.000Z'), // 10 March 23:59 EDT
    riskLevel: 'high',
    threats: ['network:datacenter'],
    hitStatus: 'paused',
  }),
  makeHit({ id: 'ny-5', ts: new Date('2024-03-11T04:00:00.000Z') }), // 11 March 00:00 EDT
  makeHit({
    id: 'ny-other',
    relationshipId: OTHER_RELATIONSHIP,
    riskLevel: 'high',
    threats: ['network:vpn'],
  }),
];
