import { describe, expect, it } from 'vitest';
import { conversionTable, hitTable, normalizeBatch, sessionTable } from '../event-columns.js';
import { makeConversion } from '../event-store.fixtures.js';
import { EventValidationError, type HitRow, type SessionRow } from '../event-store.js';
import { hit } from './journal.fixtures.js';
import { type EventWrite, journalLine, parseSegment, sessionOfHit } from './journal-format.js';

describe('parseSegment', () => {
  it('revives dates and reports the lines it skips', () => {
    const skipped: number[] = [];
    const writes = parseSegment(`${JSON.stringify({ hits: [hit('a')] })}\nnot json\n`, (line) =>
      skipped.push(line),
    );
    expect(writes[0]?.hits?.[0]?.ts).toBeInstanceOf(Date);
    expect(skipped).toEqual([2]);
  });
});

describe('journalLine', () => {
  const write: EventWrite = {
    hits: [hit('a'), { ...hit('b'), referrer: null, cost: 0.5, vars: { var1: 'x' } }],
    hitSessions: [
      { hits: 1, startedAt: new Date('2026-11-21T09:59:00Z') },
      { hits: 2, startedAt: new Date('2026-11-21T09:00:00.123Z') },
    ],
    sessions: [sessionOfHit(hit('a'), { hits: 3, startedAt: new Date('2026-11-21T08:00:00Z') })],
    conversions: [makeConversion({ id: 'c1', sessionId: 's-a', hitId: 'a' })],
  };

  it('writes the rows as JSON, dates as ISO strings and null cells left out, which parseSegment reads back', () => {
    const line = journalLine(write);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line).not.toContain('null');
    const [read] = parseSegment(line);
    // The same cells as the rows written: a field left out reads as null.
    expect(normalizeBatch(hitTable, read?.hits ?? [])).toEqual(normalizeBatch(hitTable, write.hits ?? []));
    expect(normalizeBatch(sessionTable, read?.sessions ?? [])).toEqual(
      normalizeBatch(sessionTable, write.sessions ?? []),
    );
    expect(normalizeBatch(conversionTable, read?.conversions ?? [])).toEqual(
      normalizeBatch(conversionTable, write.conversions ?? []),
    );
    expect(read?.hitSessions).toEqual(write.hitSessions);
    expect(JSON.parse(journalLine({ hits: [hit('a')] }))).toEqual({
      hits: [{ ...hit('a'), ts: '2026-11-21T10:00:00.000Z' }],
    });
  });

  it('refuses an invalid row with every problem of the batch, as validateBatch does', () => {
    const bad = { ...hit('c'), riskLevel: 'severe', url: '' } as unknown as HitRow;
    const thrown = (() => {
      try {
        journalLine({ hits: [hit('a'), bad] });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(EventValidationError);
    expect((thrown as EventValidationError).issues.map((issue) => [issue.row, issue.field])).toEqual([
      [1, 'url'],
      [1, 'riskLevel'],
    ]);
    const later = { ...write.sessions?.[0], lastSeenAt: new Date('2026-11-21T07:00:00Z') } as SessionRow;
    expect(() => journalLine({ sessions: [later] })).toThrow(EventValidationError);
  });
});
