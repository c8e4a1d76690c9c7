import { describe, expect, it } from 'vitest';
import { zGoogleAdsConnectBody } from './google-ads.js';
import { isStrictIpOrCidr } from './google-ads-setup.js';

describe('isStrictIpOrCidr (spec 02 §9: strict IPv4 or IPv6 range)', () => {
  it('accepts one address, with an optional range in bounds', () => {
    for (const value of [
      '203.0.113.7',
      '203.0.113.0/24',
      '0.0.0.0/0',
      '10.0.0.0/32',
      '2001:db8::1',
      '2001:DB8::/48',
      '::',
      '::1/128',
      'fe80::1:2:3:4:5:6',
      '2001:db8:0:0:0:0:0:1',
      '::ffff:192.0.2.1',
    ])
      expect(isStrictIpOrCidr(value), value).toBe(true);
  });

  it('refuses what Google’s ipBlock would refuse', () => {
    for (const value of [
      '',
      '10.0.0.300',
      '10.0.0',
      '10.0.0.01',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/08',
      '2001:db8::/129',
      '2001:db8:::1',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '12345::1',
      '::ffff:192.0.2.999',
      '10.0.0.0/24/8',
      'example.com',
    ])
      expect(isStrictIpOrCidr(value), value).toBe(false);
  });
});

describe('zGoogleAdsConnectBody', () => {
  it('takes a path of the dashboard, never another site', () => {
    expect(zGoogleAdsConnectBody.safeParse({ returnPath: '/integrations/google-ads/linking' }).success).toBe(
      true,
    );
    for (const returnPath of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'linking'])
      expect(zGoogleAdsConnectBody.safeParse({ returnPath }).success, returnPath).toBe(false);
  });
});
