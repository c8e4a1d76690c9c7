import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { addressKey, RateLimiter } from './rate-limit.js';

const rules = { perIp: { limit: 3, windowMs: 60_000 }, perKey: { limit: 1, windowMs: 10_000 } };

/** The status and Retry-After of an attempt: 200 when it passes. */
function attempt(limiter: RateLimiter<keyof typeof rules>, rule: keyof typeof rules, key: string) {
  try {
    limiter.hit(rule, key);
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, retryAfter: error.headers['retry-after'] };
  }
}

describe('RateLimiter', () => {
  it('counts each key in its own window per rule, and answers 429 with the seconds left', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(rules, () => now);
    const statuses = [1, 2, 3, 4].map(() => attempt(limiter, 'perIp', '81.33.1.1').status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address, and the same one under another rule, count apart.
    expect(attempt(limiter, 'perIp', '81.33.1.2').status).toBe(200);
    expect(attempt(limiter, 'perKey', '81.33.1.1').status).toBe(200);
    now += 15_500;
    expect(attempt(limiter, 'perIp', '81.33.1.1')).toEqual({ status: 429, retryAfter: '45' });
  });

  it('opens a new window once the last one ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(rules, () => now);
    expect(attempt(limiter, 'perKey', 'vs_key').status).toBe(200);
    now += 9_999;
    expect(attempt(limiter, 'perKey', 'vs_key').status).toBe(429);
    now += 1;
    expect(attempt(limiter, 'perKey', 'vs_key').status).toBe(200);
    expect(attempt(limiter, 'perKey', 'vs_key').status).toBe(429);
  });

  it('treats keys alike whatever their case', () => {
    const limiter = new RateLimiter(rules, () => 0);
    expect(attempt(limiter, 'perKey', 'Someone@Example.com').status).toBe(200);
    expect(attempt(limiter, 'perKey', 'someone@example.com').status).toBe(429);
  });

  it('forgets the least recently seen key when full, and keeps the busy ones counted', () => {
    const limiter = new RateLimiter(rules, () => 0, 3);
    for (let i = 0; i < 3; i++) attempt(limiter, 'perIp', 'busy');
    attempt(limiter, 'perIp', 'quiet');
    attempt(limiter, 'perIp', 'other');
    attempt(limiter, 'perIp', 'busy');
    // Full at three keys: a new one takes the slot of the least recently seen ('quiet').
    expect(attempt(limiter, 'perIp', 'new').status).toBe(200);
    expect(attempt(limiter, 'perIp', 'busy').status).toBe(429);
    for (let i = 0; i < 3; i++) expect(attempt(limiter, 'perIp', 'quiet').status).toBe(200);
    expect(attempt(limiter, 'perIp', 'quiet').status).toBe(429);
  });

  it('records without refusing, counts, and gives an attempt back within the window', () => {
    let now = 0;
    const limiter = new RateLimiter(rules, () => now);
    expect(limiter.record('perKey', 'acct')).toBe(1);
    expect(limiter.record('perKey', 'acct')).toBe(2);
    expect(limiter.count('perKey', 'acct')).toBe(2);
    limiter.giveBack('perKey', 'acct');
    expect(limiter.count('perKey', 'acct')).toBe(1);
    now += 10_000;
    expect(limiter.count('perKey', 'acct')).toBe(0);
    limiter.giveBack('perKey', 'acct');
    expect(limiter.record('perKey', 'acct')).toBe(1);
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
