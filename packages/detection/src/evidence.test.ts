import type { AssessmentInput } from '@veracity/contracts/detection';
import { EVIDENCE_TEXT_MAX, THREAT_EVIDENCE_SHAPES } from '@veracity/contracts/threat-evidence';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { describe, expect, it } from 'vitest';
import { assess, engagementFindings } from './assess.js';
import { clickToConversionFindings } from './conversion.js';
import {
  ACTIVITY_WINDOWS_MS,
  BOUNCE_MAX_VISIBLE_MS,
  CONVERSION_MIN_MS,
  DEVICE_CLICKS_MIN,
  IP_BURST,
  IP_CLICKS,
  PAID_CLICK_WINDOWS_MS,
  REASON_POLICY,
} from './policy.js';
import { AT, aHit, CHROME_WINDOWS } from './test-support/hits.js';

/** The evidence the engine gives for one reason of the input's verdict (which must hold it). */
function evidence(input: AssessmentInput, id: ThreatReasonId): unknown {
  const found = assess(input).reasons.find((reason) => reason.id === id);
  expect(found, `${id} fires`).toBeDefined();
  // Each reason's evidence has its contract shape, exactly (nothing the shape would strip).
  expect(THREAT_EVIDENCE_SHAPES[id].parse(found?.evidence)).toEqual(found?.evidence);
  return found?.evidence;
}

describe('the evidence of each reason', () => {
  it('user agent: the agent of a bot or a library, the broken version rule, the contradicting hint, the missing headers', () => {
    const curl = 'curl/8.4.0';
    expect(evidence(aHit({ request: { userAgent: curl } }), 'ua:http_library')).toEqual({ userAgent: curl });
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(evidence(aHit({ request: { userAgent: bot } }), 'ua:known_bot')).toEqual({ userAgent: bot });
    const future = CHROME_WINDOWS.replace('Chrome/153.0.0.0', 'Chrome/999.0.0.0');
    expect(
      evidence(
        aHit({ request: { userAgent: future }, sensor: { userAgent: future } }),
        'ua:impossible_version',
      ),
    ).toMatchObject({ rule: 'future_major', browser: 'Chrome', major: 999, build: null });
    expect(evidence(aHit({ request: { secChUaPlatform: '"macOS"' } }), 'ua:client_hints_mismatch')).toEqual({
      header: 'sec-ch-ua-platform',
      sent: '"macOS"',
      agent: 'Chrome 153.0.0.0 on Windows',
    });
    expect(
      evidence(
        aHit({ request: { secFetchSite: null, secChUa: null, secChUaPlatform: null, secChUaMobile: null } }),
        'ua:missing_browser_headers',
      ),
    ).toEqual({ missing: ['sec-fetch-site', 'sec-ch-ua'], browser: 'Chrome', major: 153 });
    const forwarded = { headersForwarded: true, accept: '*/*', acceptLanguage: null };
    expect(
      evidence(aHit({ channel: 's2s', sensor: null, request: forwarded }), 'ua:missing_forwarded_headers'),
    ).toEqual({ missing: ['accept-language'], browser: 'Chrome' });
  });

  it('automation: the probe value, the headless marker, the check that contradicted and what it saw', () => {
    expect(evidence(aHit({ sensor: { webdriver: true } }), 'automation:webdriver')).toEqual({
      probe: 'navigator.webdriver',
      value: true,
    });
    expect(evidence(aHit({ sensor: { languages: [] } }), 'automation:headless')).toEqual({
      marker: 'no_languages',
    });
    expect(
      evidence(aHit({ sensor: { platform: 'MacIntel' } }), 'automation:inconsistent_environment'),
    ).toEqual({ check: 'platform', claimed: 'windows', seen: 'MacIntel' });
    // `unexpected` is the collector's finding, set aside when it parsed the signals.
    const rewritten = aHit();
    rewritten.sensor = { ...rewritten.sensor, unexpected: { pluginsCount: '"many"' } };
    expect(evidence(rewritten, 'automation:inconsistent_environment')).toEqual({
      check: 'unexpected_values',
      claimed: null,
      seen: 'pluginsCount="many"',
    });
  });

  it('network: the ASN, its organisation and its class; the listed IP; the excluded host', () => {
    const datacenter = aHit({
      enrichment: { asn: 16509, organisation: 'AMAZON-02', hosting: true, hostingKind: 'cloud', isp: null },
    });
    expect(evidence(datacenter, 'network:datacenter')).toEqual({
      asn: 16509,
      organisation: 'AMAZON-02',
      class: 'cloud',
    });
    const hosting = aHit({ enrichment: { asn: 24940, organisation: 'Hetzner Online GmbH', hosting: true } });
    expect(evidence(hosting, 'network:datacenter')).toEqual({
      asn: 24940,
      organisation: 'Hetzner Online GmbH',
      class: 'hosting',
    });
    const listed = aHit({ request: { ip: '203.0.113.7' }, rules: { ipDenyList: ['203.0.113.0/24'] } });
    expect(evidence(listed, 'network:denylisted')).toEqual({ ip: '203.0.113.7' });
    const excluded = aHit({
      request: { referrer: 'https://games.spam.example/play' },
      rules: { excludedDomains: ['spam.example'] },
    });
    expect(evidence(excluded, 'network:excluded_domain')).toEqual({ host: 'games.spam.example' });
  });

  it('consistency: the time zone against the country; the screen against the device', () => {
    expect(
      evidence(aHit({ sensor: { timezone: 'America/New_York' } }), 'consistency:timezone_country'),
    ).toEqual({ timezone: 'America/New_York', country: 'ES' });
    expect(evidence(aHit({ sensor: { screen: { width: 320, height: 240 } } }), 'consistency:screen')).toEqual(
      {
        width: 320,
        height: 240,
        device: 'Desktop',
      },
    );
  });

  it('frequency: the count, its window and the threshold it passed', () => {
    expect(evidence(aHit({ history: { sameIp: 41 } }), 'frequency:ip_burst')).toEqual({
      count: 41,
      windowMs: ACTIVITY_WINDOWS_MS.ip,
      threshold: IP_BURST.isp.minHits,
      network: 'isp',
    });
    expect(evidence(aHit({ history: { sameDevice: 12 } }), 'frequency:device_burst')).toEqual({
      count: 12,
      windowMs: ACTIVITY_WINDOWS_MS.device,
      threshold: 10,
    });
    expect(evidence(aHit({ history: { sameClickId: 3 } }), 'frequency:click_replay')).toEqual({
      count: 3,
      windowMs: ACTIVITY_WINDOWS_MS.clickId,
      threshold: 2,
    });
  });

  it('velocity and cadence: the paid clicks counted, their window and threshold; the gaps measured', () => {
    expect(evidence(aHit({ history: { paidClicksSameIp: 12 } }), 'velocity:ip_clicks')).toEqual({
      count: 12,
      windowMs: PAID_CLICK_WINDOWS_MS.velocity,
      threshold: IP_CLICKS.isp.minClicks,
      network: 'isp',
    });
    expect(evidence(aHit({ history: { paidClicksSameIp: 49 } }), 'velocity:ip_clicks')).toMatchObject({
      threshold: IP_CLICKS.isp.heavy,
    });
    expect(evidence(aHit({ history: { paidClicksSameDevice: 6 } }), 'velocity:device_clicks')).toEqual({
      count: 6,
      windowMs: PAID_CLICK_WINDOWS_MS.velocity,
      threshold: DEVICE_CLICKS_MIN,
    });
    const gaps = [1_200, 1_250, 1_150, 1_200, 1_200, 1_300, 1_100, 1_200, 1_200, 1_200];
    expect(evidence(aHit({ history: { paidClickGapsMs: gaps } }), 'cadence:regular_clicks')).toEqual({
      clicks: 11,
      meanGapMs: 1_200,
      variationPercent: 4,
      maxVariationPercent: 25,
    });
  });

  it('behaviour, rendering, paid, geography and conversions: the figures that decided', () => {
    const idle = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs: 40_000 };
    expect(
      evidence(aHit({ sensor: { behaviour: idle, visibleMs: 40_000 } }), 'behaviour:no_interaction'),
    ).toEqual({ dwellMs: 40_000, visibleMs: 40_000 });
    expect(
      evidence(
        aHit({ sensor: { behaviour: { ...idle, dwellMs: 1_900 }, visibleMs: 600 } }),
        'behaviour:bounce',
      ),
    ).toEqual({ visibleMs: 600, dwellMs: 1_900, maximumMs: BOUNCE_MAX_VISIBLE_MS });
    expect(
      evidence(
        aHit({ sensor: { hiddenAtLoad: true, visibilityAtLoad: 'hidden', visibleMs: 0 } }),
        'render:hidden_page',
      ),
    ).toEqual({ visibilityAtLoad: 'hidden', visibleMs: 0 });
    expect(evidence(aHit({ sensor: { frame: { width: 1, height: 1 } } }), 'render:tiny_iframe')).toEqual({
      width: 1,
      height: 1,
    });
    const unpaid = aHit({ campaign: { paid: true, trafficType: 'microsoft' } });
    expect(evidence(unpaid, 'paid:missing_click_id')).toEqual({
      trafficType: 'microsoft',
      expected: ['msclkid'],
    });
    const abroad = aHit({ campaign: { targetedCountries: ['FR', 'DE'] } });
    expect(evidence(abroad, 'geo:outside_target')).toEqual({
      country: 'ES',
      targeted: ['FR', 'DE'],
      targetedCount: 2,
    });
    expect(clickToConversionFindings(1_200)).toEqual([
      {
        id: 'conversion:too_fast',
        category: 'conversion',
        weight: REASON_POLICY['conversion:too_fast'].weight,
        evidence: { sinceClickMs: 1_200, minimumMs: CONVERSION_MIN_MS },
      },
    ]);
    const page = { loadedHidden: false, paidLanding: true };
    expect(engagementFindings(page, { behaviour: idle, visibleMs: 40_000 })).toEqual([
      {
        id: 'behaviour:no_interaction',
        category: 'behaviour',
        weight: REASON_POLICY['behaviour:no_interaction'].weight,
        evidence: { dwellMs: 40_000, visibleMs: 40_000 },
      },
    ]);
  });

  it('is bounded: texts are cut and lists shortened, control characters are replaced', () => {
    const agent = `curl/8.4.0 ${'x'.repeat(500)}\u0001`;
    const cut = evidence(aHit({ request: { userAgent: agent } }), 'ua:http_library') as { userAgent: string };
    expect(cut.userAgent).toBe(agent.slice(0, EVIDENCE_TEXT_MAX));
    const everywhere = Array.from({ length: 30 }, (_, index) => `A${String.fromCharCode(65 + (index % 26))}`);
    const far = evidence(aHit({ campaign: { targetedCountries: everywhere } }), 'geo:outside_target');
    expect(far).toMatchObject({ targetedCount: 30 });
    expect((far as { targeted: string[] }).targeted).toHaveLength(10);
    expect(
      evidence(aHit({ request: { userAgent: 'python-requests/2.31\u0007' } }), 'ua:http_library'),
    ).toEqual({ userAgent: 'python-requests/2.31 ' });
  });

  it('a clean hit has no reasons and no evidence; every reason fired carries evidence', () => {
    expect(assess(aHit({ at: AT } as never)).reasons).toEqual([]);
    const many = assess(
      aHit({
        sensor: { webdriver: true, timezone: 'Asia/Tokyo' },
        enrichment: { hosting: true, asn: 14061, organisation: 'DIGITALOCEAN-ASN' },
        history: { sameIp: 9 },
      }),
    );
    expect(many.reasons.length).toBeGreaterThanOrEqual(4);
    for (const reason of many.reasons) expect(reason.evidence, reason.id).toBeTypeOf('object');
  });
});
