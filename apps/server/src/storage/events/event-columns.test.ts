import { describe, expect, it } from 'vitest';
import {
  type ColumnKind,
  conversionTable,
  type EventTable,
  engagementTable,
  exclusionFiringTable,
  hitTable,
  rowJsonWriter,
  sessionTable,
  validateBatch,
} from './event-columns.js';
import { makeConversion, makeHit, makeSession } from './event-store.fixtures.js';

/** Values at and past the edges of every kind's check, and of the wrong types. */
const EDGES: unknown[] = [
  '',
  'a',
  'x'.repeat(128),
  'x'.repeat(129),
  'x'.repeat(8192),
  'x'.repeat(8193),
  // Unpaired surrogates (refused), and a real pair, a U+FEFF and a NUL (kept).
  '\ud800',
  'a\udc00',
  '\udc00\ud800',
  '\u{1f600}',
  '\ufeff',
  'a\u0000b',
  'ES',
  'es',
  'ESP',
  'EUR',
  'eur',
  'low',
  'severe',
  'delivered',
  'reported',
  'not_reported',
  0,
  1,
  -1,
  0.5,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  new Date('2026-11-21T10:00:00.123Z'),
  new Date('not a date'),
  [],
  ['automation:webdriver'],
  [''],
  ['x'.repeat(129)],
  Array.from({ length: 101 }, () => 'a:b'),
  [1],
  {},
  { 'network:datacenter': { asn: 16509, organisation: 'AMAZON-02', class: 'cloud' } },
  { 'network:datacenter': 'AMAZON-02' },
  { '': {} },
  { 'ua:known_bot': { userAgent: '\ud800' } },
  { 'ua:known_bot': { userAgent: 'x'.repeat(20_000) } },
  true,
  null,
  undefined,
];

function accepted<Row>(table: EventTable<Row>, row: Row): { byWriter: boolean; byValidate: boolean } {
  let byValidate = true;
  try {
    validateBatch(table, [row]);
  } catch {
    byValidate = false;
  }
  return { byWriter: rowJsonWriter(table)(row) !== undefined, byValidate };
}

describe('rowJsonWriter', () => {
  const tables: [EventTable<never>, () => object][] = [
    [hitTable as EventTable<never>, () => makeHit({ id: 'h1', vars: { var1: 'v' } })],
    [sessionTable as EventTable<never>, () => makeSession({ id: 's1' })],
    [conversionTable as EventTable<never>, () => makeConversion({ id: 'c1' })],
    [
      exclusionFiringTable as EventTable<never>,
      () => ({
        relationshipId: 1,
        id: 'h1:google',
        hitId: 'h1',
        sessionId: 's1',
        platform: 'google',
        ts: new Date('2024-03-10T12:00:00.000Z'),
        riskLevel: 'high',
        trafficType: 'google',
      }),
    ],
    [
      engagementTable as EventTable<never>,
      () => ({ relationshipId: 1, id: 'h1', sessionId: 's1', ts: new Date('2024-03-10T12:00:00.000Z') }),
    ],
  ];

  it('accepts exactly the cells validateBatch accepts, for every column and edge value', () => {
    const seen = new Set<ColumnKind>();
    for (const [table, base] of tables) {
      for (const column of table.columns) {
        seen.add(column.kind);
        for (const value of EDGES) {
          const row = base() as Record<string, unknown>;
          if (column.field.startsWith('vars.')) {
            row.vars = { ...(row.vars as object), [column.field.slice(5)]: value };
          } else {
            row[column.field] = value;
          }
          const { byWriter, byValidate } = accepted(table, row as never);
          expect({ field: `${table.kind}.${column.field}`, value, byWriter }).toEqual({
            field: `${table.kind}.${column.field}`,
            value,
            byWriter: byValidate,
          });
        }
      }
    }
    // Every kind of the catalogue was exercised.
    expect(seen.size).toBe(14);
  });

  it('writes what JSON.parse reads back as the row, without its null cells', () => {
    const hit = makeHit({
      id: 'h"1\n',
      referrer: null,
      utmSource: 'a "quoted" \\ source',
      vars: { var2: 'é' },
    });
    const parsed = JSON.parse(rowJsonWriter(hitTable)(hit) ?? '');
    const { referrer: _referrer, ...present } = JSON.parse(JSON.stringify(hit));
    expect(parsed).toEqual(present);
    expect('referrer' in parsed).toBe(false);
  });

  it('refuses text holding an unpaired surrogate, which no store holds, and keeps U+FEFF and NUL', () => {
    for (const url of ['https://shop.example/\ud800', '\udc00', 'a\udc00\ud800b']) {
      expect(() => validateBatch(hitTable, [makeHit({ id: 'h1', url })])).toThrow(/well-formed Unicode/);
      expect(rowJsonWriter(hitTable)(makeHit({ id: 'h1', url }))).toBeUndefined();
    }
    const odd = makeHit({ id: 'h1', url: '\ufeffa\u0000b\ufffe\u{1f600}' });
    expect(() => validateBatch(hitTable, [odd])).not.toThrow();
    expect(JSON.parse(rowJsonWriter(hitTable)(odd) ?? '').url).toBe(odd.url);
  });

  it('refuses a row that fails a row check', () => {
    const session = makeSession({
      id: 's1',
      startedAt: new Date('2026-11-21T10:00:00Z'),
      lastSeenAt: new Date('2026-11-21T09:00:00Z'),
    });
    expect(rowJsonWriter(sessionTable)(session)).toBeUndefined();
    expect(() => validateBatch(sessionTable, [session])).toThrow();
  });
});
