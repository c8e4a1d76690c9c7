import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { timezoneContradictsCountry } from './consistency.js';
import { ANDROID_WEBGL, aHit } from './test-support/hits.js';

const ids = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons.map((reason) => reason.id);

const ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Mobile Safari/537.36';
const android = {
  request: { userAgent: ANDROID, secChUaMobile: '?1', secChUaPlatform: '"Android"' },
  enrichment: { browser: 'Chrome Mobile', os: 'Android', device: 'Phone' } as const,
};

describe('consistency:timezone_country', () => {
  it('fires when the browser time zone belongs to another country than the IP', () => {
    expect(ids({ sensor: { timezone: 'Asia/Shanghai' } })).toContain('consistency:timezone_country');
    expect(assess(aHit({ sensor: { timezone: 'Asia/Shanghai' } })).riskLevel).toBe('low');
  });

  it('does not fire for the country’s zones, old aliases, zones shared across borders or UTC', () => {
    expect(timezoneContradictsCountry('Atlantic/Canary', 'ES')).toBe(false);
    expect(timezoneContradictsCountry('Asia/Calcutta', 'IN')).toBe(false);
    expect(timezoneContradictsCountry('Europe/Kiev', 'UA')).toBe(false);
    expect(timezoneContradictsCountry('Europe/Zurich', 'LI')).toBe(false);
    expect(timezoneContradictsCountry('UTC', 'ES')).toBe(false);
    expect(timezoneContradictsCountry('Europe/Madrid', null)).toBe(false);
  });
});

describe('consistency:screen', () => {
  it('fires for a zero-sized screen', () => {
    expect(ids({ sensor: { screen: { width: 0, height: 0 } } })).toContain('consistency:screen');
  });

  it('fires for a phone agent with a desktop-sized screen', () => {
    expect(
      ids({
        ...android,
        sensor: {
          userAgent: ANDROID,
          platform: 'Linux armv81',
          maxTouchPoints: 5,
          screen: { width: 1920, height: 1080 },
        },
      }),
    ).toContain('consistency:screen');
  });

  it('fires for a desktop agent with a phone-sized screen', () => {
    expect(ids({ sensor: { screen: { width: 320, height: 240 } } })).toContain('consistency:screen');
  });

  it('does not fire for a phone, nor for Firefox with devtools open (a window much smaller than the screen)', () => {
    expect(
      ids({
        ...android,
        sensor: {
          userAgent: ANDROID,
          platform: 'Linux armv81',
          maxTouchPoints: 5,
          screen: { width: 412, height: 915 },
          webgl: ANDROID_WEBGL,
        },
      }),
    ).toEqual([]);
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:156.0) Gecko/20100101 Firefox/156.0';
    expect(
      ids({
        request: { userAgent: firefox, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
        enrichment: { browser: 'Firefox' },
        sensor: {
          userAgent: firefox,
          chromeObject: false,
          pluginsCount: 5,
          window: { innerWidth: 1240, innerHeight: 420, outerWidth: 1920, outerHeight: 1040 },
        },
      }),
    ).toEqual([]);
  });
});
