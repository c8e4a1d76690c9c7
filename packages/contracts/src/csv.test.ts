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

  it('neutralises a formula behind leading spaces, line feeds, tabs or carriage returns', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('   @SUM(A1)')).toBe("'   @SUM(A1)");
    expect(csvCell('\n=cmd|"/c calc"!A0')).toBe(`"'\n=cmd|""/c calc""!A0"`);
    expect(csvCell('\r\n+1')).toBe(`"'\r\n+1"`);
    expect(csvCell(' \t-2')).toBe("' \t-2");
    expect(csvCell('\u00a0=1')).toBe("'\u00a0=1");
    // A line feed or carriage return at the start is neutralised whatever follows, as a tab is.
    expect(csvCell('\nplain')).toBe(`"'\nplain"`);
    expect(csvCell('\rplain')).toBe(`"'\rplain"`);
    // Text with a space that is not at the start, or a sign that is not first, stays as it is.
    expect(csvCell('a =1')).toBe('a =1');
    expect(csvCell(' plain words')).toBe(' plain words');
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
