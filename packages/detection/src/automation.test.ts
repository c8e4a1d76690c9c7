import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { aHit, CHROME_WINDOWS, IPHONE_WEBGL } from './test-support/hits.js';

const ids = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons.map((reason) => reason.id);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6.1 Mobile/15E148 Safari/604.1';
const iphone = {
  request: { userAgent: IPHONE_SAFARI, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
  enrichment: { browser: 'Mobile Safari', os: 'iOS', device: 'Phone' } as const,
};

describe('automation:webdriver', () => {
  it('fires when navigator.webdriver is true and makes the hit invalid alone', () => {
    const result = assess(aHit({ sensor: { webdriver: true } }));
    expect(result.reasons.map((reason) => reason.id)).toEqual(['automation:webdriver']);
    expect(result.riskLevel).toBe('high');
  });

  it('does not fire when it is false or unknown', () => {
    expect(ids({ sensor: { webdriver: false } })).toEqual([]);
    expect(ids({ sensor: { webdriver: undefined } })).toEqual([]);
  });
});

describe('automation:headless', () => {
  it('fires for HeadlessChrome in navigator.userAgent', () => {
    const headless = CHROME_WINDOWS.replace('Chrome/', 'HeadlessChrome/');
    expect(ids({ sensor: { userAgent: headless } })).toContain('automation:headless');
  });

  it('fires for an empty navigator.languages', () => {
    expect(ids({ sensor: { languages: [] } })).toContain('automation:headless');
  });

  it('fires for a zero-sized outer window', () => {
    expect(
      ids({ sensor: { window: { innerWidth: 800, innerHeight: 600, outerWidth: 0, outerHeight: 0 } } }),
    ).toContain('automation:headless');
  });

  it('fires for desktop Chrome without window.chrome', () => {
    expect(ids({ sensor: { chromeObject: false } })).toContain('automation:headless');
  });

  it('alone is suspicious, with a data center it is invalid', () => {
    expect(assess(aHit({ sensor: { languages: [] } })).riskLevel).toBe('medium');
    expect(assess(aHit({ sensor: { languages: [] }, enrichment: { hosting: true } })).riskLevel).toBe('high');
  });

  it('does not fire for an in-app browser reporting a zero outer window', () => {
    const facebook = `${IPHONE_SAFARI.replace(' Version/26.6.1', '').replace(' Safari/604.1', '')} [FBAN/FBIOS;FBAV/440.0.0.30.115;FBBV/1]`;
    expect(
      ids({
        request: { ...iphone.request, userAgent: facebook },
        enrichment: { ...iphone.enrichment, browser: 'Facebook' },
        sensor: {
          userAgent: facebook,
          platform: 'iPhone',
          maxTouchPoints: 5,
          chromeObject: false,
          window: { innerWidth: 390, innerHeight: 664, outerWidth: 0, outerHeight: 0 },
          screen: { width: 390, height: 844 },
        },
      }),
    ).not.toContain('automation:headless');
  });
});

describe('automation:inconsistent_environment', () => {
  it('fires when navigator.userAgent differs from the header', () => {
    expect(ids({ sensor: { userAgent: IPHONE_SAFARI } })).toContain('automation:inconsistent_environment');
  });

  it('fires when navigator.platform contradicts the agent', () => {
    expect(ids({ sensor: { platform: 'Linux x86_64' } })).toContain('automation:inconsistent_environment');
  });

  it('fires for a phone agent without touch points (device emulation)', () => {
    expect(
      ids({
        ...iphone,
        sensor: {
          userAgent: IPHONE_SAFARI,
          platform: 'iPhone',
          maxTouchPoints: 0,
          screen: { width: 390, height: 844 },
        },
      }),
    ).toContain('automation:inconsistent_environment');
  });

  it('fires for the headless notification permission quirk', () => {
    expect(ids({ sensor: { notificationPermission: 'denied', notificationQueryState: 'prompt' } })).toContain(
      'automation:inconsistent_environment',
    );
  });

  it('does not fire for a real iPhone, nor for an iPad asking for the desktop site', () => {
    expect(
      ids({
        ...iphone,
        sensor: {
          userAgent: IPHONE_SAFARI,
          platform: 'iPhone',
          maxTouchPoints: 5,
          screen: { width: 390, height: 844 },
          webgl: IPHONE_WEBGL,
        },
      }),
    ).toEqual([]);
    const ipadDesktop =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15';
    expect(
      ids({
        request: { userAgent: ipadDesktop, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
        sensor: {
          userAgent: ipadDesktop,
          platform: 'MacIntel',
          maxTouchPoints: 5,
          screen: { width: 1024, height: 1366 },
          window: { innerWidth: 1024, innerHeight: 1292, outerWidth: 1024, outerHeight: 1366 },
          webgl: IPHONE_WEBGL,
        },
      }),
    ).toEqual([]);
  });

  it('does not fire for a denied notification permission that the query confirms', () => {
    expect(ids({ sensor: { notificationPermission: 'denied', notificationQueryState: 'denied' } })).toEqual(
      [],
    );
  });
});
