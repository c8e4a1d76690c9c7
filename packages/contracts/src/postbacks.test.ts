import { describe, expect, it } from 'vitest';
import { fillMacros, POSTBACK_MACROS } from './firewall-macros.js';
import { zPostbackDelivery } from './postbacks.js';

describe('postback macros (the firewall list)', () => {
  it('offers what a traffic source needs back: its click id, payout, status, sub-ids', () => {
    expect(POSTBACK_MACROS).toEqual(
      expect.arrayContaining([
        'external_id',
        'clickid',
        'payout',
        'status',
        'sub_publisher',
        'var1',
        'var20',
      ]),
    );
  });

  it('encodes a value that would change where the URL goes', () => {
    const filled = fillMacros('https://tracker.example/{var1}?c={external_id}', {
      var1: '..//@evil.example',
      external_id: 'x#frag',
    });
    expect(filled).toBe('https://tracker.example/..%2F%2F%40evil.example?c=x%23frag');
    expect(new URL(filled).hostname).toBe('tracker.example');
  });
});

describe('the delivery log', () => {
  it('reads a delivery with its attempts', () => {
    const delivery = {
      id: 1,
      conversionId: 'cnv-1',
      trafficSourceId: 3,
      url: 'https://tracker.example/pb?c=1',
      state: 'pending',
      attempts: 1,
      nextAttemptAt: '2026-11-27T10:01:00.000Z',
      lastHttpStatus: 500,
      lastError: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      deliveredAt: null,
      log: [
        { attempt: 1, at: '2026-11-27T10:00:00.000Z', outcome: 'http_error', httpStatus: 500, error: null },
      ],
    };
    expect(zPostbackDelivery.parse(delivery)).toEqual(delivery);
    expect(zPostbackDelivery.safeParse({ ...delivery, state: 'lost' }).success).toBe(false);
  });
});
