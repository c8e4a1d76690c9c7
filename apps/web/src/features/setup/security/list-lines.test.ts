import { describe, expect, it } from 'vitest';
import { type ListEntryRule, parseListLines } from './list-lines';

const digits = (overrides: Partial<ListEntryRule> = {}): ListEntryRule => ({
  read: (piece) => (/^\d+$/.test(piece) ? { entry: String(Number(piece)) } : { problem: 'Not a number' }),
  separators: /[\s,;]+/,
  max: 3,
  tooMany: 'At most 3',
  ...overrides,
});

describe('parseListLines', () => {
  it('keeps each entry once with its line and reports every bad piece by line', () => {
    expect(parseListLines('1, 2\n\nx 01\n3', digits())).toEqual({
      entries: ['1', '2', '3'],
      entryLines: [1, 1, 4],
      errors: [{ line: 3, text: 'x', message: 'Not a number' }],
    });
  });

  it('reports a repeat when the list says so, and a list past its size as line 0', () => {
    const parsed = parseListLines('1\n1\n2\n3\n4', digits({ duplicate: 'Already listed' }));
    expect(parsed.errors).toEqual([
      { line: 2, text: '1', message: 'Already listed' },
      { line: 0, text: '', message: 'At most 3' },
    ]);
  });
});
