import { describe, expect, it } from 'vitest';
import { csvCell, csvText, exportFileName } from './csv.js';

describe('csv', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+34 600')).toBe("'+34 600");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('https://shop.example/?a=1')).toBe('https://shop.example/?a=1');
  });

  it('keeps numbers, negative ones included, and quotes commas, quotes and line breaks', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(
      csvText([
        ['Day', 'Visits'],
        ['2026-03-01', 3],
      ]),
    ).toBe('Day,Visits\r\n2026-03-01,3\r\n');
  });

  it('names a file by date and time and a report suffix', () => {
    expect(exportFileName(new Date('2026-11-22T03:54:11.500Z'), 'analytics')).toBe(
      '20261122-035411-analytics.csv',
    );
  });
});
