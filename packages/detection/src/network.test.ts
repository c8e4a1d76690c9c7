import { describe, expect, it } from 'vitest';
import { compileIpRanges, ipInList, ipInRanges, parseIp } from './account-ip-lists.js';
import { assess } from './assess.js';
import { isExcludedHost, referrerHost } from './network.js';
import { aHit } from './test-support/hits.js';

const ids = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons.map((reason) => reason.id);

describe('account IP lists', () => {
  it('matches IPv4 addresses and CIDR ranges', () => {
    const list = compileIpRanges(['203.0.113.7', '10.0.0.0/8', '192.168.1.0/24', 'nonsense', '1.2.3.4/33']);
    expect(ipInRanges(list, '203.0.113.7')).toBe(true);
    expect(ipInRanges(list, '203.0.113.8')).toBe(false);
    expect(ipInRanges(list, '10.255.0.1')).toBe(true);
    expect(ipInRanges(list, '11.0.0.0')).toBe(false);
    expect(ipInRanges(list, '192.168.1.255')).toBe(true);
    expect(ipInRanges(list, '1.2.3.4')).toBe(false);
  });

  it('matches IPv6 addresses and ranges, compressed or not', () => {
    const list = compileIpRanges(['2001:db8::/32', '2a00:1450:4001:81b::200e', '::1']);
    expect(ipInRanges(list, '2001:0db8:ffff:0000:0000:0000:0000:0001')).toBe(true);
    expect(ipInRanges(list, '2001:db9::1')).toBe(false);
    expect(ipInRanges(list, '2a00:1450:4001:81b:0:0:0:200e')).toBe(true);
    expect(ipInRanges(list, '::1')).toBe(true);
    expect(ipInRanges(list, '::2')).toBe(false);
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(parseIp('::ffff:203.0.113.7')).toEqual({ version: 4, value: parseIp('203.0.113.7')?.value });
    expect(ipInList(['203.0.113.0/24'], '::ffff:203.0.113.99')).toBe(true);
    expect(parseIp('1.2.3')).toBeNull();
    expect(parseIp('1::2::3')).toBeNull();
  });

  it('merges overlapping ranges', () => {
    const list = compileIpRanges(['10.0.0.0/16', '10.0.128.0/17', '10.0.0.0/24']);
    expect(list.v4.starts).toHaveLength(1);
  });
});

describe('network:denylisted', () => {
  it('fires for an IP in a denied range and makes the hit invalid alone', () => {
    const result = assess(aHit({ rules: { ipDenyList: ['81.33.0.0/16'] } }));
    expect(result.reasons.map((reason) => reason.id)).toEqual(['network:denylisted']);
    expect(result.riskLevel).toBe('high');
  });

  it('does not fire outside the list', () => {
    expect(ids({ rules: { ipDenyList: ['81.34.0.0/16', '2001:db8::/32'] } })).toEqual([]);
  });
});

describe('allow list', () => {
  it('forces low, with no reasons and the allow-list flag, even for a declared bot', () => {
    const result = assess(
      aHit({
        rules: { ipAllowList: ['81.33.20.0/24'], ipDenyList: ['81.33.20.7'] },
        sensor: { webdriver: true },
      }),
    );
    expect(result).toEqual({ riskLevel: 'low', score: 0, reasons: [], allowListed: true });
  });

  it('does not apply to other addresses', () => {
    expect(
      assess(aHit({ rules: { ipAllowList: ['81.33.21.0/24'] }, sensor: { webdriver: true } })).riskLevel,
    ).toBe('high');
  });
});

describe('network:datacenter', () => {
  it('fires for a hosting network; alone it is suspicious, not invalid', () => {
    const result = assess(aHit({ enrichment: { hosting: true, isp: null } }));
    expect(result.reasons.map((reason) => reason.id)).toEqual(['network:datacenter']);
    expect(result.riskLevel).toBe('medium');
  });

  it('does not fire for a residential network', () => {
    expect(ids({})).toEqual([]);
  });
});

describe('network:excluded_domain', () => {
  it('fires for a referrer on an excluded domain or one of its subdomains', () => {
    expect(
      ids({
        request: { referrer: 'https://games.spammy.example/play' },
        rules: { excludedDomains: ['spammy.example'] },
      }),
    ).toContain('network:excluded_domain');
    expect(isExcludedHost('spammy.example', ['*.Spammy.Example'])).toBe(true);
  });

  it('does not fire for other domains, look-alikes or no referrer', () => {
    expect(isExcludedHost('notspammy.example', ['spammy.example'])).toBe(false);
    expect(ids({ request: { referrer: null }, rules: { excludedDomains: ['spammy.example'] } })).toEqual([]);
    expect(referrerHost('https://user@News.Example.:443/x')).toBe('news.example');
    expect(referrerHost('android-app://com.google.android.gm')).toBe('com.google.android.gm');
  });
});
