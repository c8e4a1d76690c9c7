import { describe, expect, it } from 'vitest';
import {
  attempt,
  describeRateLimiterConformance,
  conformanceRules as rules,
} from './rate-limit.conformance.js';
import { addressKey, InProcessRateLimiter } from './rate-limit.js';

describeRateLimiterConformance('in process', async (now) => new InProcessRateLimiter(rules, now));

describe('InProcessRateLimiter', () => {
  it('answers without a promise: a caller without a shared store waits for nothing', () => {
    const limiter = new InProcessRateLimiter(rules, () => 0);
    expect(limiter.record('perKey', 'acct')).toBe(1);
    expect(limiter.hit(['perIp', '81.33.1.1'])).toBeUndefined();
    expect(() => limiter.hit(['perKey', 'acct'])).toThrow('Too many requests');
  });

  it('forgets the least recently seen key when full, and keeps the busy ones counted', async () => {
    const limiter = new InProcessRateLimiter(rules, () => 0, 3);
    for (let i = 0; i < 3; i++) await attempt(limiter, ['perIp', 'busy']);
    await attempt(limiter, ['perIp', 'quiet']);
    await attempt(limiter, ['perIp', 'other']);
    await attempt(limiter, ['perIp', 'busy']);
    // Full at three keys: a new one takes the slot of the least recently seen ('quiet').
    expect((await attempt(limiter, ['perIp', 'new'])).status).toBe(200);
    expect((await attempt(limiter, ['perIp', 'busy'])).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await attempt(limiter, ['perIp', 'quiet'])).status).toBe(200);
    expect((await attempt(limiter, ['perIp', 'quiet'])).status).toBe(429);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses and groups IPv6 addresses by their /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
