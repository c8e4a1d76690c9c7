import { describe, expect, it } from 'vitest';
import {
  canonicalPostbackQuery,
  postbackSourceError,
  postbackSourceLines,
  zPostbackSecurityUpdate,
  zRotatePostbackSecretBody,
} from './postback-security.js';

describe('postback security contracts', () => {
  it('reads a bulk paste as entries with their line numbers', () => {
    expect(postbackSourceLines('203.0.113.0/24, 2001:db8::/32\n\n  tracker.example ;x\r\n')).toEqual([
      { line: 1, value: '203.0.113.0/24' },
      { line: 1, value: '2001:db8::/32' },
      { line: 3, value: 'tracker.example' },
      { line: 3, value: 'x' },
    ]);
  });

  it('accepts IPs, ranges, domains and URLs, and names what is wrong otherwise', () => {
    for (const ok of [
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::/32',
      'tracker.example',
      'https://t.example/pb?a=1',
    ]) {
      expect(postbackSourceError(ok), ok).toBeUndefined();
    }
    expect(postbackSourceError('203.0.113.0/33')).toBe('Not an IP address, range, domain or URL');
    expect(postbackSourceError('x')).toBe('Not an IP address, range, domain or URL');
    expect(
      zPostbackSecurityUpdate.parse({ sources: ['https://t.example/pb', 't.example'], requireSigned: true }),
    ).toEqual({
      sources: ['t.example'],
      requireSigned: true,
    });
    expect(zPostbackSecurityUpdate.safeParse({ sources: ['nope'], requireSigned: false }).success).toBe(
      false,
    );
  });

  it('takes the overlap choices only, 24 hours by default', () => {
    expect(zRotatePostbackSecretBody.parse({})).toEqual({ overlapHours: 24 });
    expect(zRotatePostbackSecretBody.parse({ overlapHours: 168 })).toEqual({ overlapHours: 168 });
    expect(zRotatePostbackSecretBody.safeParse({ overlapHours: 2 }).success).toBe(false);
  });

  it('signs the parameters but sig, sorted by name then value, URL-encoded', () => {
    expect(
      canonicalPostbackQuery([
        ['payout', '2.5'],
        ['k', 'key'],
        ['clickid', 'c 1'],
        ['sig', 'ignored'],
      ]),
    ).toBe('clickid=c%201&k=key&payout=2.5');
  });
});
