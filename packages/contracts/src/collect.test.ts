import { describe, expect, it } from 'vitest';
import { SENSOR_EVENT_PATH, SENSOR_SCRIPT_PATH, zCollectAnswer, zSensorEvent } from './collect.js';
import { ENGINE_FEATURES } from './detection.js';

const hit = {
  type: 'hit',
  key: 'vs_abcdefgh1234',
  eventId: '0123456789abcdef0123456789abcdef',
  sessionId: 'fedcba9876543210fedcba9876543210',
  ts: 1_790_000_000_000,
  url: 'https://shop.example/landing?gclid=abc',
  referrer: '',
  utm: {},
  clickIds: { gclid: 'abc' },
  signals: { webdriver: false },
};

describe('the sensor collection contract', () => {
  it('uses paths that ad blockers do not match', () => {
    for (const p of [SENSOR_SCRIPT_PATH, SENSOR_EVENT_PATH])
      expect(p).not.toMatch(/track|analytic|collect|pixel|veracity|beacon|stat/i);
  });

  it('accepts a page view and drops any verdict a client tries to send', () => {
    const parsed = zSensorEvent.parse({
      ...hit,
      riskLevel: 'low',
      exclude: false,
      signals: { webdriver: true, riskLevel: 'low', allowListed: true },
    });
    expect(parsed).not.toHaveProperty('riskLevel');
    expect(parsed).not.toHaveProperty('exclude');
    expect(parsed.type === 'hit' && parsed.signals).toEqual({ webdriver: true });
  });

  it('rejects bad keys, ids, oversized fields and unknown click id params', () => {
    expect(zSensorEvent.safeParse({ ...hit, key: 'pk_abcdefgh1234' }).success).toBe(false);
    expect(zSensorEvent.safeParse({ ...hit, eventId: 'short' }).success).toBe(false);
    expect(zSensorEvent.safeParse({ ...hit, url: `https://x.example/${'a'.repeat(8200)}` }).success).toBe(
      false,
    );
    expect(zSensorEvent.safeParse({ ...hit, title: 't'.repeat(513) }).success).toBe(false);
    expect(zSensorEvent.safeParse({ ...hit, clickIds: { gclid: 'x'.repeat(513) } }).success).toBe(false);
    expect(zSensorEvent.safeParse({ ...hit, type: 'verdict' }).success).toBe(false);
  });

  it('takes conversions with an ISO currency and a non-negative value', () => {
    const conversion = {
      ...hit,
      type: 'conversion',
      hitId: hit.eventId,
      conversion: { name: 'lead', value: 75, currency: 'EUR', id: 'order-1' },
    };
    expect(zSensorEvent.safeParse(conversion).success).toBe(true);
    const bad = [{ currency: 'eur' }, { value: -1 }, { name: 'n'.repeat(129) }];
    for (const b of bad)
      expect(
        zSensorEvent.safeParse({ ...conversion, conversion: { ...conversion.conversion, ...b } }).success,
      ).toBe(false);
  });

  it('answers with the tier and the exclusion decision only', () => {
    expect(zCollectAnswer.parse({ hitId: hit.eventId, riskLevel: 'high', exclude: true, extra: 1 })).toEqual({
      hitId: hit.eventId,
      riskLevel: 'high',
      exclude: true,
    });
  });
});

describe('browser signals', () => {
  it('sets aside a value outside its shape, by name and as sent, and never takes `unexpected` from a client', () => {
    const parsed = zSensorEvent.parse({
      ...hit,
      signals: {
        webdriver: 'no',
        notificationQueryState: 'default',
        timezone: 'x'.repeat(100),
        platform: 'Win32',
        unexpected: { webdriver: 'forged' },
      },
    });
    expect(parsed.type === 'hit' && parsed.signals).toEqual({
      platform: 'Win32',
      unexpected: {
        webdriver: '"no"',
        notificationQueryState: '"default"',
        timezone: `"${'x'.repeat(63)}`,
      },
    });
    const clean = zSensorEvent.parse({
      ...hit,
      signals: { webdriver: false, unexpected: { webdriver: 'x' } },
    });
    expect(clean.type === 'hit' && clean.signals).toEqual({ webdriver: false });
  });

  it('takes the engine probe as two bits per known feature; any other value is set aside, not refused', () => {
    const full = 4 ** ENGINE_FEATURES.length - 1;
    const parsed = zSensorEvent.parse({ ...hit, signals: { engine: full } });
    expect(parsed.type === 'hit' && parsed.signals).toEqual({ engine: full });
    for (const [sent, kept] of [
      [full + 1, String(full + 1)],
      [-1, '-1'],
      [1.5, '1.5'],
      ['4095', '"4095"'],
    ] as const) {
      const odd = zSensorEvent.parse({ ...hit, signals: { engine: sent } });
      expect(odd.type === 'hit' && odd.signals).toEqual({ unexpected: { engine: kept } });
    }
  });
});
