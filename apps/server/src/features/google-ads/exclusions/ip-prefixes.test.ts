import { describe, expect, it } from 'vitest';
import {
  containsPrefix,
  formatPrefix,
  networkAt,
  networkKey,
  PrefixSet,
  parsePrefix,
  prefixAt,
} from './ip-prefixes.js';

const parsed = (text: string) => {
  const prefix = parsePrefix(text);
  if (prefix === null) throw new Error(`not parsed: ${text}`);
  return prefix;
};

describe('ip-prefixes', () => {
  it('parses and writes canonical text: host bits cleared, no /32 or /128, RFC 5952 IPv6, mapped IPv4', () => {
    expect(formatPrefix(parsed('203.0.113.77/24'))).toBe('203.0.113.0/24');
    expect(formatPrefix(parsed('203.0.113.7/32'))).toBe('203.0.113.7');
    expect(formatPrefix(parsed('2001:DB8:0:0:1:0:0:1'))).toBe('2001:db8::1:0:0:1');
    expect(formatPrefix(parsed('2001:db8:0:0:0:0:2:1/128'))).toBe('2001:db8::2:1');
    expect(formatPrefix(parsed('2001:db8:1:ffff::/48'))).toBe('2001:db8:1::/48');
    expect(formatPrefix(parsed('::ffff:192.0.2.9'))).toBe('192.0.2.9');
    expect(formatPrefix(parsed('::ffff:192.0.2.0/120'))).toBe('192.0.2.0/24');
    expect(formatPrefix(parsed('::/0'))).toBe('::/0');
    for (const bad of [
      '',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '2001:db8::/129',
      '1.2.3.4/x',
      'fe80::1%eth0',
    ]) {
      expect(parsePrefix(bad), bad).toBeNull();
    }
  });

  it('answers containment and overlap both ways, IPv4 and IPv6 apart', () => {
    expect(containsPrefix(parsed('10.0.0.0/8'), parsed('10.2.3.4'))).toBe(true);
    expect(containsPrefix(parsed('10.2.3.4'), parsed('10.0.0.0/8'))).toBe(false);
    const set = new PrefixSet([parsed('10.0.0.0/24'), parsed('10.0.1.0/24'), parsed('2001:db8::/48')]);
    expect(set.overlaps(parsed('10.0.1.255'))).toBe(true);
    expect(set.overlaps(parsed('10.0.0.0/16'))).toBe(true);
    expect(set.overlaps(parsed('10.0.2.0/24'))).toBe(false);
    expect(set.overlaps(parsed('2001:db8::5'))).toBe(true);
    expect(set.overlaps(parsed('2001:db8:1::/48'))).toBe(false);
    expect(set.overlaps(parsed('::ffff:10.0.0.1'))).toBe(true);
  });

  it('keys a network by number the same as by bigint', () => {
    for (const text of ['2001:db8:abcd:12::1', 'ffff:ffff:ffff:ffff::', '::1']) {
      const prefix = parsed(text);
      for (const length of [0, 16, 47, 48]) {
        const key = networkKey(prefix, length);
        expect(BigInt(key) << BigInt(128 - length)).toBe(networkAt(prefix, length));
      }
      expect(networkKey(prefix, 64)).toBe(networkAt(prefix, 64));
    }
    const v4 = parsed('198.51.100.200');
    expect(networkKey(v4, 24)).toBe(Number(prefixAt(v4, 24).network));
    expect(networkKey(v4, 0)).toBe(0);
  });
});
