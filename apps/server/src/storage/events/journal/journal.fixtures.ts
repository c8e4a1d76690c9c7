import type { HitRow } from '../event-store.js';

/** A valid hit of relationship 1, as the journal tests write it. */
export function hit(id: string): HitRow {
  return {
    relationshipId: 1,
    id,
    sessionId: `s-${id}`,
    ts: new Date('2026-11-21T10:00:00Z'),
    url: 'https://shop.example.com/',
    trafficType: 'direct',
    riskLevel: 'low',
    threats: [],
    hitStatus: 'delivered',
  };
}
