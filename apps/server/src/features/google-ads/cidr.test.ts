import { describe, expect, it } from 'vitest';
import { parseCidr, rangesHolding } from './cidr.js';

describe('parseCidr', () => {
  it('writes addresses and ranges in canonical form', () => {
    const cases: [string, string][] = [
      ['203.0.113.7', '203.0.113.7'],
      ['203.0.113.7/32', '203.0.113.7'],
      ['203.0.113.7/24', '203.0.113.0/24'],
      ['203.0.113.7/0', '0.0.0.0/0'],
      ['10.200.3.4/9', '10.128.0.0/9'],
      [' 192.0.2.1 ', '192.0.2.1'],
      ['::1', '::1'],
      ['::', '::'],
      ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
      ['2001:db8::ff/120', '2001:db8::/120'],
      ['2001:db8:1:2:3:4:5:6/128', '2001:db8:1:2:3:4:5:6'],
      ['fe80::1/10', 'fe80::/10'],
      ['::ffff:192.0.2.1', '::ffff:c000:201'],
    ];
    for (const [input, canonical] of cases) expect(parseCidr(input)?.canonical, input).toBe(canonical);
  });

  it('refuses what is neither an address nor a range', () => {
    for (const bad of [
      '',
      'office',
      '1.2.3',
      '1.2.3.256',
      '1.2.3.4/33',
      '1.2.3.4/-1',
      '1.2.3.4/ 8',
      '1.2.3.4/08x',
      '::1/129',
      '1.2.3.4/8/8',
      '2001:db8:::1',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});

describe('rangesHolding', () => {
  it('lists every canonical range that holds an address, the address first', () => {
    const v4 = rangesHolding('3.120.10.10');
    expect(v4).toHaveLength(33);
    expect(v4.slice(0, 2)).toEqual(['3.120.10.10', '3.120.10.10/31']);
    expect(v4).toContain('3.120.10.0/24');
    expect(v4.at(-1)).toBe('0.0.0.0/0');
    const v6 = rangesHolding('2001:db8::1');
    expect(v6).toHaveLength(129);
    expect(v6).toContain('2001:db8::/48');
    expect(rangesHolding('not an ip')).toEqual([]);
  });
});
