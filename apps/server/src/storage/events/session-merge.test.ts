import { describe, expect, it } from 'vitest';
import { normalizeBatch, sessionTable } from './event-columns.js';
import type { SessionRow } from './event-store.js';
import {
  foldSessions,
  mergeSessionCells,
  mergeSessionRows,
  SESSION_MERGE_RULE,
  sessionColumnRule,
} from './session-merge.js';

/** A snapshot of session s1 of account 1, with the given changes. */
const snapshot = (changes: Partial<SessionRow>): SessionRow => ({
  relationshipId: 1,
  id: 's1',
  startedAt: new Date('2026-11-21T10:00:00Z'),
  lastSeenAt: new Date('2026-11-21T10:00:00Z'),
  landingUrl: 'https://shop.example.com/a',
  trafficType: 'google',
  riskLevel: 'low',
  threats: [],
  hits: 1,
  ...changes,
});

describe('foldSessions', () => {
  it('merges snapshots of a session as the store does, and keeps other sessions apart', () => {
    const folded = foldSessions([
      snapshot({
        hits: 2,
        lastSeenAt: new Date('2026-11-21T10:05:00Z'),
        riskLevel: 'medium',
        threats: ['b:x'],
      }),
      snapshot({
        startedAt: new Date('2026-11-21T09:58:00Z'),
        landingUrl: 'https://shop.example.com/first',
        trafficType: 'facebook',
        threats: ['a:y'],
      }),
      snapshot({ hits: 3, lastSeenAt: new Date('2026-11-21T10:03:00Z'), riskLevel: 'low', threats: ['b:x'] }),
      snapshot({ id: 's2' }),
    ]);
    expect(folded).toHaveLength(2);
    expect(folded[0]).toMatchObject({
      startedAt: new Date('2026-11-21T09:58:00Z'),
      lastSeenAt: new Date('2026-11-21T10:05:00Z'),
      hits: 3,
      riskLevel: 'medium',
      threats: ['a:y', 'b:x'],
      landingUrl: 'https://shop.example.com/first',
      trafficType: 'facebook',
    });
    expect(folded[1]?.id).toBe('s2');
  });
});

describe('the session merge rule', () => {
  it('gives every stored session column a rule, the custom variables that of vars', () => {
    const rules = sessionTable.columns.map((column) => [column.name, sessionColumnRule(column)]);
    expect(rules).toContainEqual(['var7', SESSION_MERGE_RULE.vars]);
    expect(Object.fromEntries(rules)).toMatchObject({
      relationship_id: 'key',
      id: 'key',
      started_at: 'earliest',
      last_seen_at: 'latest',
      hits: 'largest',
      risk_level: 'worstTier',
      threats: 'sortedUnion',
      landing_url: 'fromEarliestRow',
    });
  });

  it('keeps the reasons of a session written once sorted by code point, each once', () => {
    // U+FFFD sorts after U+1F600 in UTF-16 units, before it in code points (as the engines sort text).
    const once = foldSessions([snapshot({ threats: ['b:x', '\u{1F600}', 'a:y', '\uFFFD', 'b:x'] })]);
    expect(once[0]?.threats).toEqual(['a:y', 'b:x', '\uFFFD', '\u{1F600}']);
  });

  it('folds rows and cells alike, and a tie on the start keeps the earlier row', () => {
    const earlier = snapshot({ landingUrl: 'https://shop.example.com/stored', threats: ['b:x'] });
    const later = snapshot({ landingUrl: 'https://shop.example.com/later', hits: 2, riskLevel: 'high' });
    const merged = mergeSessionRows(earlier, later);
    expect(merged).toMatchObject({
      landingUrl: 'https://shop.example.com/stored',
      hits: 2,
      riskLevel: 'high',
    });
    const [earlierCells, laterCells, mergedCells] = normalizeBatch(sessionTable, [earlier, later, merged]);
    expect(mergeSessionCells(earlierCells ?? [], laterCells ?? [])).toEqual(mergedCells);
  });
});
