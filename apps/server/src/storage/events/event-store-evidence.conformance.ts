import type { ThreatEvidence } from '@veracity/contracts/threat-evidence';
import { expect, it } from 'vitest';
import { parseEvidence } from './event-evidence.js';
import type { ConformanceContext } from './event-store.conformance.js';
import { makeConversion, makeHit, makeSession, RELATIONSHIP } from './event-store.fixtures.js';
import type { SessionRow } from './event-store.js';
import { rawSql, sql } from './sql.js';

/** Evidence as the engine writes it: one object per reason, in the contract's shapes. */
const DATACENTER: ThreatEvidence = {
  'network:datacenter': { asn: 16509, organisation: 'AMAZON-02 «Ünïcode»', class: 'cloud' },
  'automation:webdriver': { probe: 'navigator.webdriver', value: true },
};
const burst = (count: number): ThreatEvidence => ({
  'frequency:ip_burst': { count, windowMs: 600_000, threshold: 30, network: 'isp' },
});

/** The stored evidence of each row of a table, by id. */
async function evidenceOf(context: ConformanceContext, table: string): Promise<Record<string, unknown>> {
  const rows = await context.store.query<{ id: string; evidence: string | null }>(
    () => sql`select id, evidence from ${rawSql(table)} where relationship_id = ${RELATIONSHIP} order by id`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, parseEvidence(row.evidence)]));
}

/** The evidence of each reason, stored with the verdict; runs inside the conformance suite's hooks. */
export function describeEvidenceConformance(context: ConformanceContext) {
  it("reads a hit's and a conversion's evidence back exactly; none is null", async () => {
    await context.store.insertHits([
      makeHit({ id: 'hit-1', threats: Object.keys(DATACENTER), evidence: DATACENTER }),
      makeHit({ id: 'hit-2' }),
      makeHit({ id: 'hit-3', evidence: {} }),
    ]);
    await context.store.insertConversions([
      makeConversion({ id: 'conv-1', threats: ['frequency:ip_burst'], evidence: burst(41) }),
      makeConversion({ id: 'conv-2', evidence: null }),
    ]);
    expect(await evidenceOf(context, 'hits')).toEqual({ 'hit-1': DATACENTER, 'hit-2': null, 'hit-3': null });
    expect(await evidenceOf(context, 'conversions')).toEqual({ 'conv-1': burst(41), 'conv-2': null });
  });

  it("merges a session's evidence: each reason of any snapshot, the same in any order", async () => {
    const snapshot = (id: string, evidence: ThreatEvidence | null, hits: number): SessionRow =>
      makeSession({ id, evidence, hits, threats: Object.keys(evidence ?? {}) });
    const snapshots = [
      (id: string) => snapshot(id, burst(9), 1),
      (id: string) => snapshot(id, { ...burst(12), ...DATACENTER }, 2),
      (id: string) => snapshot(id, null, 3),
      (id: string) => snapshot(id, burst(10), 4),
    ];
    // One batch, the reverse order, and one snapshot a batch.
    await context.store.insertSessions(snapshots.map((make) => make('session-a')));
    await context.store.insertSessions(snapshots.map((make) => make('session-b')).reverse());
    for (const make of snapshots) await context.store.insertSessions([make('session-c')]);
    // The largest burst (its other figures the same) and every other reason's evidence.
    const merged = { ...burst(12), ...DATACENTER };
    expect(await evidenceOf(context, 'sessions')).toEqual({
      'session-a': merged,
      'session-b': merged,
      'session-c': merged,
    });
  });
}
