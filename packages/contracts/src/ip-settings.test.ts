import { describe, expect, it } from 'vitest';
import { isTrafficIpEntry, parseIpPaste } from './ip-settings.js';

describe('isTrafficIpEntry (spec 02 §5: IPv4 /0-32, IPv6 /0-128)', () => {
  it('accepts addresses and ranges of both families, refuses the rest', () => {
    for (const value of ['203.0.113.7', '10.0.0.0/8', '0.0.0.0/0', ' 2001:db8::/32 ', '::1/128', '::']) {
      expect(isTrafficIpEntry(value), value).toBe(true);
    }
    for (const value of ['256.1.1.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3', ':::', '']) {
      expect(isTrafficIpEntry(value), value).toBe(false);
    }
  });
});

describe('parseIpPaste', () => {
  it('reads one address a line, or several split by commas, semicolons or spaces, each once', () => {
    expect(
      parseIpPaste('203.0.113.7\r\n\n198.51.100.0/24, 2001:DB8::/48;203.0.113.7  2001:db8::/48\t10.0.0.1'),
    ).toEqual({
      entries: [
        { line: 1, value: '203.0.113.7' },
        { line: 3, value: '198.51.100.0/24' },
        { line: 3, value: '2001:DB8::/48' },
        { line: 3, value: '10.0.0.1' },
      ],
      errors: [],
    });
  });

  it('names each bad line with its number, its text and the values at fault', () => {
    const parsed = parseIpPaste('203.0.113.7\nscraper 10.0.0.0/8, 10.0.0.0/40\n  \n2001:db8::/48');
    expect(parsed.errors).toEqual([
      { line: 2, text: 'scraper 10.0.0.0/8, 10.0.0.0/40', invalid: ['scraper', '10.0.0.0/40'] },
    ]);
    expect(parsed.entries.map((entry) => entry.line)).toEqual([1, 4]);
  });
});
