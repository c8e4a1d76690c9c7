import crawlers from 'crawler-user-agents';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { CHROME_RELEASE_ANCHOR } from './policy.js';
import { AT, aHit, CHROME_WINDOWS, type HitChanges, MAC_WEBGL } from './test-support/hits.js';
import { chromeBranchBuild, currentMajor, hasImpossibleVersion, isHttpLibrary, uaReasons } from './ua.js';
import { parseUserAgent } from './user-agent.js';

const NO_BROWSER_HEADERS = {
  secChUa: null,
  secChUaMobile: null,
  secChUaPlatform: null,
  secFetchSite: null,
  secFetchMode: null,
  secFetchDest: null,
  secFetchUser: null,
};

const ids = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons.map((reason) => reason.id);

const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36 Edg/153.0.0.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:156.0) Gecko/20100101 Firefox/156.0';

describe('ua:known_bot', () => {
  it('fires for crawlers that declare themselves, and the hit is invalid alone', () => {
    const result = assess(
      aHit({
        request: { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      }),
    );
    expect(result.reasons.map((reason) => reason.id)).toContain('ua:known_bot');
    expect(result.riskLevel).toBe('high');
  });

  it('catches nearly every example agent of crawler-user-agents', () => {
    const instances = crawlers.flatMap((crawler) => crawler.instances);
    const caught = instances.filter((ua) => {
      const reasons = uaReasons(aHit({ request: { userAgent: ua } }), parseUserAgent(ua));
      return reasons.includes('ua:known_bot') || reasons.includes('ua:http_library');
    });
    expect(caught.length / instances.length).toBeGreaterThan(0.97);
  });

  it('does not fire for browsers', () => {
    for (const ua of [CHROME_WINDOWS, EDGE_MAC, SAFARI_IPHONE, FIREFOX_LINUX]) {
      expect(uaReasons(aHit({ request: { userAgent: ua } }), parseUserAgent(ua))).not.toContain(
        'ua:known_bot',
      );
    }
  });
});

describe('ua:http_library', () => {
  it.each([
    'curl/8.4.0',
    'Wget/1.21.4',
    'python-requests/2.31.0',
    'Python/3.12 aiohttp/3.9.1',
    'Go-http-client/2.0',
    'okhttp/4.12.0',
    'Java/17.0.2',
    'axios/1.6.7',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'undici',
    'PostmanRuntime/7.36.1',
    'Scrapy/2.11.0 (+https://scrapy.org)',
    'libwww-perl/6.72',
    '',
  ])('fires for %j and makes the hit invalid', (userAgent) => {
    const result = assess(aHit({ request: { userAgent }, sensor: null }));
    expect(result.reasons.map((reason) => reason.id)).toEqual(['ua:http_library']);
    expect(result.riskLevel).toBe('high');
  });

  it('does not fire for browsers', () => {
    expect(isHttpLibrary(CHROME_WINDOWS)).toBe(false);
    expect(isHttpLibrary(SAFARI_IPHONE)).toBe(false);
    expect(isHttpLibrary(FIREFOX_LINUX)).toBe(false);
  });
});

describe('ua:impossible_version', () => {
  const impossible = (ua: string) => hasImpossibleVersion(ua, parseUserAgent(ua), AT);

  it('fires for a Chrome major far beyond the current release', () => {
    const current = currentMajor(CHROME_RELEASE_ANCHOR, AT);
    expect(current).toBeGreaterThanOrEqual(154);
    expect(impossible(CHROME_WINDOWS.replace('153.0.0.0', `${current + 10}.0.0.0`))).toBe(true);
    expect(impossible(CHROME_WINDOWS.replace('153.0.0.0', `${current + 2}.0.0.0`))).toBe(false);
  });

  it('fires for a Chrome build number that never belonged to that major (generated agents)', () => {
    expect(chromeBranchBuild(131)).toBeGreaterThan(6700);
    expect(
      impossible(
        'Mozilla/5.0 (Linux; Android 5.0; SM-G900P Build/LRX21T) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/53.0.7149.1690 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(
      impossible(
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
      ),
    ).toBe(false);
  });

  it('fires for a Chrome older than the Android version it runs on', () => {
    const ua = (android: number, chrome: string) =>
      `Mozilla/5.0 (Linux; Android ${android}; Pixel) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Mobile Safari/537.36`;
    expect(impossible(ua(14, '60.0.0.0'))).toBe(true);
    expect(impossible(ua(14, '120.0.0.0'))).toBe(false);
  });

  it('fires for an iPhone claiming the Blink engine', () => {
    expect(
      impossible(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/40.0.1567.1276 Mobile Safari/537.36',
      ),
    ).toBe(true);
    const chromeOnIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/153.0.7390.41 Mobile/15E148 Safari/604.1';
    expect(impossible(chromeOnIphone)).toBe(false);
  });

  it('fires for Safari versions that never existed (19 to 25, or beyond next year)', () => {
    expect(impossible(SAFARI_IPHONE.replace('Version/26.6.1', 'Version/21.1'))).toBe(true);
    expect(impossible(SAFARI_IPHONE.replace('Version/26.6.1', 'Version/31.0'))).toBe(true);
    expect(impossible(SAFARI_IPHONE)).toBe(false);
    expect(impossible(SAFARI_IPHONE.replace('Version/26.6.1', 'Version/18.3'))).toBe(false);
  });

  it('fires for a Firefox far beyond the current release', () => {
    expect(impossible(FIREFOX_LINUX.replaceAll('156.0', '190.0'))).toBe(true);
    expect(impossible(FIREFOX_LINUX)).toBe(false);
  });

  it('alone makes a hit suspicious, not invalid', () => {
    const result = assess(
      aHit({
        request: { userAgent: CHROME_WINDOWS.replace('153.0.0.0', '199.0.0.0'), secChUa: null },
        sensor: null,
      }),
    );
    expect(result.reasons.map((reason) => reason.id)).toEqual(['ua:impossible_version']);
    expect(result.riskLevel).toBe('medium');
  });
});

describe('ua:client_hints_mismatch', () => {
  it('fires when the brands name another Chrome version', () => {
    expect(ids({ request: { secChUa: '"Chromium";v="120", "Google Chrome";v="120"' } })).toContain(
      'ua:client_hints_mismatch',
    );
  });

  it('fires when the platform hint contradicts the agent', () => {
    expect(ids({ request: { secChUaPlatform: '"macOS"' } })).toContain('ua:client_hints_mismatch');
  });

  it('fires when Firefox or Safari send client hints, which they never do', () => {
    expect(ids({ request: { userAgent: FIREFOX_LINUX } })).toContain('ua:client_hints_mismatch');
  });

  it('fires when a desktop agent says it is mobile', () => {
    expect(ids({ request: { secChUaMobile: '?1' } })).toContain('ua:client_hints_mismatch');
  });

  it('does not fire for Edge on macOS, Brave or Chrome on Android', () => {
    expect(
      ids({
        request: {
          userAgent: EDGE_MAC,
          secChUa: '"Microsoft Edge";v="153", "Chromium";v="153", "Not.A/Brand";v="99"',
          secChUaPlatform: '"macOS"',
        },
        sensor: { userAgent: EDGE_MAC, platform: 'MacIntel', timezone: 'Europe/Madrid', webgl: MAC_WEBGL },
      }),
    ).toEqual([]);
    expect(
      ids({
        request: { secChUa: '"Brave";v="153", "Chromium";v="153", "Not.A/Brand";v="99"' },
        sensor: { brave: true },
      }),
    ).toEqual([]);
    const android =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Mobile Safari/537.36';
    expect(
      ids({
        request: { userAgent: android, secChUaMobile: '?1', secChUaPlatform: '"Android"' },
        sensor: null,
      }),
    ).toEqual([]);
  });
});

describe('ua:missing_browser_headers', () => {
  it('fires for a modern Chrome agent without Sec-Fetch and client hints', () => {
    expect(
      ids({ request: { secFetchSite: null, secChUa: null, secChUaPlatform: null, secChUaMobile: null } }),
    ).toContain('ua:missing_browser_headers');
  });

  it('fires for modern Firefox without Sec-Fetch', () => {
    expect(
      ids({
        request: { userAgent: FIREFOX_LINUX, secFetchSite: null, secChUa: null, secChUaPlatform: null },
      }),
    ).toContain('ua:missing_browser_headers');
  });

  it('does not fire for server-to-server hits without the declaration: their headers are the ones the customer picked', () => {
    expect(
      ids({
        channel: 's2s',
        sensor: null,
        request: { secFetchSite: null, secChUa: null, secChUaPlatform: null },
      }),
    ).not.toContain('ua:missing_browser_headers');
  });

  it('does not fire when Sec-Fetch is present', () => {
    expect(ids({})).not.toContain('ua:missing_browser_headers');
  });

  it('fires for server-to-server hits that forward the visitor’s whole header set', () => {
    expect(
      ids({
        channel: 's2s',
        sensor: null,
        request: { headersForwarded: true, accept: '*/*', secFetchSite: null, secChUa: null },
      }),
    ).toContain('ua:missing_browser_headers');
  });

  it('does not fire for forwarded headers of a landing page on plain HTTP, where browsers send none', () => {
    expect(
      ids({
        channel: 's2s',
        sensor: null,
        request: {
          headersForwarded: true,
          accept: 'text/html',
          secFetchSite: null,
          secChUa: null,
          secChUaPlatform: null,
          landingUrl: 'http://shop.example/offer?gclid=Cj0KCQ',
        },
      }),
    ).toEqual([]);
  });
});

/** A real Chrome's navigation to a landing page, as a customer's server forwards it whole. */
const forwardedChrome = (request: HitChanges['request'] = {}) =>
  aHit({
    channel: 's2s',
    sensor: null,
    request: {
      headersForwarded: true,
      accept:
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
      ...request,
    },
  });

describe('ua:missing_forwarded_headers', () => {
  it('does not fire for a real Chrome forwarded whole: no header reason at all', () => {
    expect(assess(forwardedChrome())).toMatchObject({ riskLevel: 'low', reasons: [] });
  });

  it('fires for an HTTP client with a copied Chrome agent: no client hints, Sec-Fetch or languages', () => {
    const got = forwardedChrome({ accept: 'application/json', acceptLanguage: null, ...NO_BROWSER_HEADERS });
    const result = assess(got);
    expect(result.reasons.map((reason) => reason.id).sort()).toEqual([
      'ua:missing_browser_headers',
      'ua:missing_forwarded_headers',
    ]);
    expect(result.riskLevel).toBe('medium');
  });

  it('fires when the integration declares forwarded headers and sends none; alone it stays low', () => {
    const none = forwardedChrome({ accept: null, acceptLanguage: null, ...NO_BROWSER_HEADERS });
    expect(assess(none).reasons.find((reason) => reason.id === 'ua:missing_forwarded_headers')).toEqual({
      id: 'ua:missing_forwarded_headers',
      category: 'ua',
      weight: 20,
      evidence: { missing: ['accept', 'accept-language'], browser: 'Chrome' },
    });
    // An agent old enough to send neither Sec-Fetch nor client hints: only this reason, which is low.
    const old =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/85.0.4183.83 Safari/537.36';
    expect(
      assess(forwardedChrome({ userAgent: old, acceptLanguage: null, ...NO_BROWSER_HEADERS })),
    ).toMatchObject({
      riskLevel: 'low',
      reasons: [expect.objectContaining({ id: 'ua:missing_forwarded_headers' })],
    });
  });

  it('does not fire without the declaration (headers the customer picked), nor off S2S', () => {
    const picked = aHit({
      channel: 's2s',
      sensor: null,
      request: { acceptLanguage: null, ...NO_BROWSER_HEADERS },
    });
    expect(assess(picked).reasons).toEqual([]);
    expect(ids({ request: { acceptLanguage: null } })).not.toContain('ua:missing_forwarded_headers');
  });
});
