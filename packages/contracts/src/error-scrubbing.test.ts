import { describe, expect, it } from 'vitest';
import { SCRUBBED, scrubReportPath, scrubReportText } from './error-scrubbing.js';

const OWN = 'https://app.veracity.example';

describe('scrubReportText', () => {
  it('keeps the dashboard own paths and drops their query strings', () => {
    expect(
      scrubReportText('GET /api/analytics/filter-options?search=shop.example.com answered 500', OWN),
    ).toBe(`GET /api/analytics/filter-options?${SCRUBBED.query} answered 500`);
    expect(scrubReportText(`at render (${OWN}/assets/index-BQx3kT9a.js:12:345)`, OWN)).toBe(
      `at render (${OWN}/assets/index-BQx3kT9a.js:12:345)`,
    );
    expect(scrubReportText(`${OWN}/intelligence/analytics?f=utm_source:newsletter#top`, OWN)).toBe(
      `${OWN}/intelligence/analytics?${SCRUBBED.query}`,
    );
  });

  it('keeps the dashboard origin even when it is an IP address', () => {
    const own = 'http://127.0.0.1:8080';
    expect(scrubReportText(`at f (${own}/assets/a.js:1:2) from http://127.0.0.1:9/x`, own)).toBe(
      `at f (${own}/assets/a.js:1:2) from ${SCRUBBED.url}`,
    );
  });

  it('replaces URLs of other origins whole: tracked pages, referrers, landing pages', () => {
    const text =
      'Failed to load https://shop.example.com/landing?utm_source=google&utm_campaign=spring, referrer http://ads.partner.net/click?id=9.';
    const scrubbed = scrubReportText(text, OWN);
    expect(scrubbed).toBe(
      `Failed to load ${SCRUBBED.url} referrer ${SCRUBBED.url}.`.replace(' referrer', ', referrer'),
    );
    for (const secret of ['shop.example.com', 'utm_source', 'google', 'spring', 'partner.net', 'id=9']) {
      expect(scrubbed).not.toContain(secret);
    }
  });

  it('replaces bare hostnames, e-mail addresses and IP addresses', () => {
    const scrubbed = scrubReportText(
      'Unknown domain shop.example.co.uk for visitor 203.0.113.7 (2001:db8::8a2e:370:7334), user jane.doe@acme.io',
    );
    expect(scrubbed).toBe(
      `Unknown domain ${SCRUBBED.host} for visitor ${SCRUBBED.ip} (${SCRUBBED.ip}), user ${SCRUBBED.email}`,
    );
  });

  it('replaces tokens: bearer headers, login-as and reset links, hashes', () => {
    const token = 'Jq3vY8kLmN2pQr5sTu7wXy9zAb1cDe4fGh6iJk0lMnO';
    const hash = 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9';
    expect(scrubReportText(`Authorization: Bearer ${token}`)).toBe(`Authorization: Bearer ${SCRUBBED.token}`);
    expect(scrubReportText(`/auth/login-as?t=${token}&r=3&g=admin&h=x`, OWN)).toBe(
      `/auth/login-as?${SCRUBBED.query}`,
    );
    expect(scrubReportText(`reset failed for ${hash}`)).toBe(`reset failed for ${SCRUBBED.token}`);
    expect(scrubReportText(`${OWN}/auth/reset/${token}`, OWN)).toBe(`${OWN}/auth/reset/${SCRUBBED.token}`);
  });

  it('keeps what a developer needs: messages, script names, request ids', () => {
    const kept = [
      "Cannot read properties of undefined (reading 'rows')",
      'An unexpected error occurred (request 0d9f4c1e-3b7a-4c55-9f0e-2a6c1b8d7e90)',
      'at Table (/assets/AnalyticsPage-Cz81xk.js:1:2045)',
      'Minified React error #418; visit the docs for the full message',
    ];
    for (const text of kept) expect(scrubReportText(text, OWN)).toBe(text);
  });
});

describe('scrubReportPath', () => {
  it('drops the query string and fragment of a dashboard path', () => {
    expect(scrubReportPath('/intelligence/analytics?from=2026-01-01&f=referrer:news.example.org#x')).toBe(
      '/intelligence/analytics',
    );
    expect(scrubReportPath('/auth/verify/7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e')).toBe(
      `/auth/verify/${SCRUBBED.token}`,
    );
  });
});
